/**
 * The provider registry (docs/reference/architecture.md#data-layer): which provider serves each personal data source,
 * built from the `providers.*` configuration. A source that is switched off is absent, and asking for it raises a
 * NOT_CONFIGURED error that says what to set. The embedded local stores are always reachable for imports.
 *
 * The accounts of the config file (IMAP/SMTP, CalDAV, the macOS Messages database) and the notifier's desktop and
 * webhook channels are the owner's: a signed-in user's call is served by the local providers over their own rows and
 * a log-only notifier, whatever the config says (ADR 0096). Which one answers is decided per call from the principal
 * scope the call runs in.
 */
import { actsAsOwner, expandHome, resolveSecret, type CosConfig, type Logger } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import { ProviderError } from '../errors/provider-error.js';
import { LocalCalendarProvider } from '../calendar/local-calendar-provider.js';
import { LocalReminderProvider } from '../reminders/local-reminder-provider.js';
import { LocalMailProvider } from '../mail/local-mail-provider.js';
import { LocalMessageProvider } from '../messages/local-message-provider.js';
import { MacosMessagesProvider } from '../messages/macos/macos-messages-provider.js';
import { imapAccountFrom } from '../mail/imap/imap-account-from-config.js';
import type { ImapMailProvider } from '../mail/imap/imap-mail-provider.js';
import { calDavAccountFrom, calDavRemindersFrom } from '../calendar/caldav/caldav-account-from-config.js';
import type { CalDavCalendarProvider } from '../calendar/caldav/caldav-calendar-provider.js';
import type { CalDavReminderProvider } from '../calendar/caldav/caldav-reminder-provider.js';
import { detectDesktopChannel, type DesktopChannel } from '../notifications/desktop-notifier.js';
import { createWebhookChannel, type WebhookChannel } from '../notifications/webhook-channel.js';
import { createNotifierChain } from '../notifications/notifier-chain.js';
import type { CalendarProvider } from '../types/calendar.js';
import type { ReminderProvider } from '../types/reminders.js';
import type { MailProvider } from '../types/mail.js';
import type { MessageProvider } from '../types/messages.js';
import type { Notifier } from '../types/notifier.js';

export type ProviderKind = 'calendar' | 'reminders' | 'mail' | 'messages' | 'notifications';

interface ProviderByKind {
  calendar: CalendarProvider;
  reminders: ReminderProvider;
  mail: MailProvider;
  messages: MessageProvider;
  notifications: Notifier;
}

/** The provider type serving `kind`. */
export type ProviderFor<K extends ProviderKind> = ProviderByKind[K];

/** The embedded stores behind the local providers; imports and exports write and read these directly. */
export interface LocalStores {
  calendar: LocalCalendarProvider;
  reminders: LocalReminderProvider;
  mail: LocalMailProvider;
  messages: LocalMessageProvider;
}

export interface ProviderStatus {
  kind: ProviderKind;
  /** The configured value of `providers.<kind>`. */
  setting: string;
  /** Provider name when present, null when the source is switched off. */
  provider: string | null;
  detail?: string;
}

export interface ProviderRegistry {
  readonly calendar: CalendarProvider | null;
  readonly reminders: ReminderProvider | null;
  readonly mail: MailProvider | null;
  readonly messages: MessageProvider | null;
  readonly notifier: Notifier | null;
  readonly local: LocalStores;
  /** The user's zone, used to place all-day events and to read naive times. */
  readonly timezone: string;
  /** The provider for `kind`, or a NOT_CONFIGURED provider error saying how to turn it on. */
  require<K extends ProviderKind>(kind: K): ProviderByKind[K];
  status(): ProviderStatus[];
  close(): void;
}

/** The configuration the registry reads. */
export type ProviderConfig = Pick<CosConfig, 'providers' | 'timezone' | 'user' | 'notifications' | 'messages'> & Partial<Pick<CosConfig, 'mail' | 'calendar'>>;

export interface CreateProviderRegistryOptions {
  config: ProviderConfig;
  /** The storage port: the local stores and the notification log live in it, on whichever adapter is open. */
  memory: MemoryStore;
  logger?: Logger;
  /** Overrides desktop detection (tests, or embedders with their own channel); null disables it. */
  desktop?: DesktopChannel | null;
  env?: NodeJS.ProcessEnv;
}

const HOW_TO_ENABLE: Record<ProviderKind, string> = {
  calendar: 'Set providers.calendar to "local" in cos.config.yaml (or COS_PROVIDERS_CALENDAR=local), or to "caldav" with a calendar.caldav account; check with `cos doctor`.',
  reminders: 'Set providers.reminders to "local" in cos.config.yaml (or COS_PROVIDERS_REMINDERS=local), or to "caldav" with a calendar.caldav account; check with `cos doctor`.',
  mail: 'Set providers.mail to "local" in cos.config.yaml (or COS_PROVIDERS_MAIL=local) and import mail with `cos import mbox <file>`, or to "imap" with a mail.imap account; check with `cos doctor`.',
  messages: 'Set providers.messages to "local" (imported exports) or "macos" (the Messages app database) in cos.config.yaml, then check with `cos doctor`.',
  notifications: 'Set providers.notifications to "auto", "desktop" or "log" in cos.config.yaml (or COS_PROVIDERS_NOTIFICATIONS=auto).',
};

const LABEL: Record<ProviderKind, string> = {
  calendar: 'Calendar',
  reminders: 'Reminders',
  mail: 'Mail',
  messages: 'Messages',
  notifications: 'Notifications',
};

export function notConfigured(kind: ProviderKind, setting: string): ProviderError {
  return new ProviderError('not_configured', `${LABEL[kind]} is not configured (providers.${kind}: ${setting}).`, {
    provider: 'registry',
    hint: HOW_TO_ENABLE[kind],
    details: { source: kind },
  });
}

function webhookFrom(config: ProviderConfig, env: NodeJS.ProcessEnv, logger?: Logger): WebhookChannel | null {
  const webhook = config.notifications.webhook;
  if (!webhook) return null;
  const url = resolveSecret(webhook.url, env);
  if (!url) {
    logger?.warn('notifications.webhook.url refers to an unset environment variable; webhook delivery is off');
    return null;
  }
  const token = resolveSecret(webhook.token, env);
  try {
    return createWebhookChannel({
      url,
      format: webhook.format,
      timeoutMs: webhook.timeoutMs,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch (error) {
    logger?.warn({ reason: error instanceof Error ? error.message : 'invalid' }, 'notifications.webhook.url rejected; webhook delivery is off');
    return null;
  }
}

type ProviderByKindOrNull = { [K in ProviderKind]: ProviderByKind[K] | null };

/**
 * What serves a signed-in user: the local providers over the rows of whoever the call runs for (the storage scopes
 * them), and notifications kept in their log only — never the desktop or webhook of the server's owner. A source the
 * owner switched off stays off.
 */
function personalProviders(settings: ProviderConfig['providers'], local: LocalStores, memory: MemoryStore, logger: Logger | undefined): ProviderByKindOrNull {
  return {
    calendar: settings.calendar === 'none' ? null : local.calendar,
    reminders: settings.reminders === 'none' ? null : local.reminders,
    // The owner's address is not the user's "self" in their mail.
    mail: settings.mail === 'none' ? null : new LocalMailProvider(memory.mail, { selfAddress: null, selfName: null }),
    messages: settings.messages === 'none' ? null : local.messages,
    notifications: settings.notifications === 'none' ? null : createNotifierChain({ log: memory.notifications, desktop: null, webhook: null, logger }),
  };
}

/** What the config file sets up for the owner: the providers, the accounts behind them, and the accounts that failed. */
interface OwnerSetup {
  providers: ProviderByKindOrNull;
  macos: MacosMessagesProvider | null;
  desktop: DesktopChannel | null;
  webhook: WebhookChannel | null;
  caldav: CalDavCalendarProvider | null;
  caldavReminders: CalDavReminderProvider | null;
  imap: ImapMailProvider | null;
  /** The accounts (CalDAV, IMAP) the config names but that could not be opened. */
  problems: Partial<Record<ProviderKind, ProviderError>>;
}

export function createProviderRegistry(options: CreateProviderRegistryOptions): ProviderRegistry {
  const { config, memory, logger } = options;
  const env = options.env ?? process.env;
  const local = localStores(config, memory);
  const settings = config.providers;
  const owner = ownerSetup(options, env, local);
  const owners = owner.providers;
  const users = personalProviders(settings, local, memory, logger);
  /** The owner's providers, or a signed-in user's: nothing configured for the server serves a user. */
  const current = (): ProviderByKindOrNull => (actsAsOwner() ? owners : users);
  return {
    get calendar() {
      return current().calendar;
    },
    get reminders() {
      return current().reminders;
    },
    get mail() {
      return current().mail;
    },
    get messages() {
      return current().messages;
    },
    get notifier() {
      return current().notifications;
    },
    local,
    get timezone() {
      return config.timezone;
    },
    require<K extends ProviderKind>(kind: K): ProviderByKind[K] {
      const providers = current();
      const provider = providers[kind] as ProviderByKind[K] | null;
      const problem = providers === owners ? owner.problems[kind] : undefined;
      if (!provider && problem) throw problem;
      if (!provider) throw notConfigured(kind, settings[kind]);
      return provider;
    },
    status(): ProviderStatus[] {
      const providers = current();
      if (providers === users) {
        return (Object.keys(users) as ProviderKind[]).map((kind) => ({ kind, setting: settings[kind], provider: users[kind]?.name ?? null, ...(users[kind] ? { detail: 'your own data on this server' } : {}) }));
      }
      return (Object.keys(providers) as ProviderKind[]).map((kind) => ownerStatus(kind, config, owner));
    },
    close(): void {
      owner.macos?.close();
      void owner.imap?.close();
    },
  };
}

function localStores(config: ProviderConfig, memory: MemoryStore): LocalStores {
  return {
    // The zone is read when a calendar call needs it: resolving the system zone costs ~15–20 ms (see loadConfig).
    calendar: new LocalCalendarProvider(memory.calendar, {
      get timezone() {
        return config.timezone;
      },
    }),
    reminders: new LocalReminderProvider(memory.reminders),
    mail: new LocalMailProvider(memory.mail, { selfAddress: config.user.email ?? null, selfName: config.user.name ?? null }),
    messages: new LocalMessageProvider(memory.messages),
  };
}

/** The owner's providers as `providers.*` chooses them, in the order their accounts have always been opened. */
function ownerSetup(options: CreateProviderRegistryOptions, env: NodeJS.ProcessEnv, local: LocalStores): OwnerSetup {
  const { config, memory, logger } = options;
  const settings = config.providers;
  let macos: MacosMessagesProvider | null = null;
  let messages: MessageProvider | null = null;
  if (settings.messages === 'local') messages = local.messages;
  else if (settings.messages === 'macos') {
    macos = new MacosMessagesProvider({
      path: config.messages.chatDbPath ? expandHome(config.messages.chatDbPath) : undefined,
      selfHandle: config.user.email ?? config.user.handles[0],
    });
    messages = macos;
  }
  let notifier: Notifier | null = null;
  let desktop: DesktopChannel | null = null;
  const webhook = settings.notifications === 'none' ? null : webhookFrom(config, env, logger);
  if (settings.notifications !== 'none') {
    desktop =
      settings.notifications === 'log' ? null : options.desktop !== undefined ? options.desktop : detectDesktopChannel({ path: env['PATH'] });
    if (settings.notifications === 'desktop' && !desktop) {
      logger?.warn('providers.notifications is "desktop" but no desktop notifier (notify-send/osascript) was found; notifications are logged only');
    }
    notifier = createNotifierChain({ log: memory.notifications, desktop, webhook, logger });
  }
  const problems: OwnerSetup['problems'] = {};
  const opened = <T>(kind: ProviderKind, account: T | ProviderError): T | null => {
    if (!(account instanceof ProviderError)) return account;
    problems[kind] = account;
    return null;
  };
  const caldav = settings.calendar === 'caldav' ? opened('calendar', calDavAccountFrom(config, env, local.calendar, logger)) : null;
  const caldavReminders = settings.reminders === 'caldav' ? opened('reminders', calDavRemindersFrom(config, env, local.reminders, logger)) : null;
  const imap = settings.mail === 'imap' ? opened('mail', imapAccountFrom(config, env, local.mail, logger)) : null;
  const providers: ProviderByKindOrNull = {
    calendar: settings.calendar === 'local' ? local.calendar : caldav,
    reminders: settings.reminders === 'local' ? local.reminders : caldavReminders,
    mail: settings.mail === 'local' ? local.mail : imap,
    messages,
    notifications: notifier,
  };
  return { providers, macos, desktop, webhook, caldav, caldavReminders, imap, problems };
}

function ownerStatus(kind: ProviderKind, config: ProviderConfig, owner: OwnerSetup): ProviderStatus {
  const { desktop, webhook, macos, imap, caldav, caldavReminders, problems } = owner;
  const provider = owner.providers[kind];
  const status: ProviderStatus = { kind, setting: config.providers[kind], provider: provider?.name ?? null };
  if (kind === 'notifications' && provider) {
    status.detail = `log${desktop ? `, desktop (${desktop.command})` : ''}${webhook ? ', webhook' : ''}`;
  }
  if (kind === 'messages' && macos) status.detail = 'macOS Messages database, read-only';
  if (kind === 'mail' && imap) status.detail = `${imap.account} (IMAP${imap.canSend ? ' + SMTP' : ', no SMTP: drafts only'})`;
  if (kind === 'mail' && problems.mail) status.detail = `${problems.mail.message} ${problems.mail.hint ?? ''}`.trim();
  if (kind === 'calendar' && caldav) status.detail = `CalDAV ${config.calendar?.caldav?.user ?? ''} at ${config.calendar?.caldav?.serverUrl ?? ''}`;
  if (kind === 'calendar' && problems.calendar) status.detail = `${problems.calendar.message} ${problems.calendar.hint ?? ''}`.trim();
  if (kind === 'reminders' && caldavReminders) status.detail = `CalDAV to-do lists of ${config.calendar?.caldav?.user ?? ''}`;
  if (kind === 'reminders' && problems.reminders) status.detail = `${problems.reminders.message} ${problems.reminders.hint ?? ''}`.trim();
  return status;
}
