/**
 * Builds the CalDAV account of `providers.calendar: caldav` (and `providers.reminders: caldav`) from `calendar.caldav`,
 * resolving the `env:` password reference; a missing block or password comes back as a NOT_CONFIGURED error saying
 * what to add.
 */
import { isSecretReference, resolveSecret, type CosConfig, type Logger } from '@chief-of-staff/core';
import { ProviderError } from '../../errors/provider-error.js';
import type { LocalCalendarProvider } from '../local-calendar-provider.js';
import type { LocalReminderProvider } from '../../reminders/local-reminder-provider.js';
import { CalDavCalendarProvider } from './caldav-calendar-provider.js';
import type { CalDavSettings } from './caldav-connection.js';
import { CalDavReminderProvider } from './caldav-reminder-provider.js';

type CalendarConfig = Partial<Pick<CosConfig, 'calendar'>> & Pick<CosConfig, 'user' | 'timezone'>;

function missing(message: string, hint: string): ProviderError {
  return new ProviderError('not_configured', message, { provider: 'caldav', hint, details: { source: 'calendar' } });
}

/** The account's settings with the password resolved, or what is missing. */
export function calDavSettingsFrom(config: CalendarConfig, env: NodeJS.ProcessEnv): CalDavSettings | ProviderError {
  const account = config.calendar?.caldav;
  if (!account) {
    return missing(
      'providers.calendar or providers.reminders is "caldav" but there is no calendar.caldav account.',
      'Add calendar.caldav with serverUrl, user and password (e.g. password: env:COS_CALDAV_PASSWORD) to cos.config.yaml.',
    );
  }
  const password = resolveSecret(account.password, env);
  if (!password) {
    return missing(
      `The CalDAV password for ${account.user} is not set (calendar.caldav.password is ${isSecretReference(account.password) ? `${account.password}, which is unset` : 'empty'}).`,
      'Set the environment variable it names, or point calendar.caldav.password at one that is set.',
    );
  }
  return { serverUrl: account.serverUrl, user: account.user, password, syncIntervalSeconds: account.syncIntervalSeconds, timeoutMs: account.timeoutMs, people: account.people ?? [] };
}

export function calDavAccountFrom(config: CalendarConfig, env: NodeJS.ProcessEnv, local: LocalCalendarProvider, logger?: Logger): CalDavCalendarProvider | ProviderError {
  const settings = calDavSettingsFrom(config, env);
  if (settings instanceof ProviderError) return settings;
  return new CalDavCalendarProvider({
    settings,
    local,
    timezone: config.timezone,
    selfEmails: [config.user.email, ...config.user.handles].filter((email): email is string => Boolean(email)),
    logger,
  });
}

export function calDavRemindersFrom(config: CalendarConfig, env: NodeJS.ProcessEnv, local: LocalReminderProvider, logger?: Logger): CalDavReminderProvider | ProviderError {
  const settings = calDavSettingsFrom(config, env);
  if (settings instanceof ProviderError) return settings;
  return new CalDavReminderProvider({ settings, local, timezone: config.timezone, logger });
}
