/**
 * The notifier chain of docs/reference/tool-catalogue.md#personal-data-providers: a desktop notification when the OS
 * offers one, an optional webhook, and always an entry in the notification log (the `notifications` table). A failed
 * channel never fails the call; it is reported in `failures` and the log still holds the notification.
 */
import { redactUrlsInText, type Logger } from '@chief-of-staff/core';
import type { NotificationsRepository } from '@chief-of-staff/stores';
import type { NotificationOutcome, NotificationRequest, Notifier } from '../types/notifier.js';
import type { DesktopChannel } from './desktop-notifier.js';
import type { WebhookChannel } from './webhook-channel.js';

/** Where every notification is recorded: the storage port's notification log, on whichever adapter is open. */
export type NotificationLog = Pick<NotificationsRepository, 'record' | 'countForRun'>;

export interface NotifierChainOptions {
  log: NotificationLog;
  /** Null when the machine has no desktop channel or the config says `log`. */
  desktop: DesktopChannel | null;
  webhook?: WebhookChannel | null;
  logger?: Logger;
}

function reason(error: unknown): string {
  // Upstream messages can quote the URL they failed on, credentials included.
  if (error instanceof Error) return error.name === 'TimeoutError' ? 'timed out' : redactUrlsInText(error.message).slice(0, 200);
  return 'failed';
}

export function createNotifierChain(options: NotifierChainOptions): Notifier {
  const name = ['log', options.desktop ? options.desktop.command : null, options.webhook ? 'webhook' : null]
    .filter(Boolean)
    .join('+');
  return {
    name,
    async notify(request: NotificationRequest): Promise<NotificationOutcome> {
      const channels: string[] = [];
      const failures: { channel: string; reason: string }[] = [];
      const attempts: [string, (() => Promise<void>) | null][] = [
        ['desktop', options.desktop ? () => (options.desktop as DesktopChannel).send(request) : null],
        ['webhook', options.webhook ? () => (options.webhook as WebhookChannel).send(request) : null],
      ];
      for (const [channel, send] of attempts) {
        if (!send) continue;
        try {
          await send();
          channels.push(channel);
        } catch (error) {
          failures.push({ channel, reason: reason(error) });
          options.logger?.warn({ channel, reason: reason(error) }, 'notification channel failed');
        }
      }
      const status = channels.length > 0 ? 'delivered' : 'logged';
      channels.push('log');
      const logged = await options.log.record({
        title: request.title,
        subtitle: request.subtitle ?? null,
        body: request.message,
        urgency: request.urgency ?? 'normal',
        channels,
        status,
        origin: request.origin ?? 'tool',
        runId: request.runId ?? null,
      });
      return { status, channels, notificationId: logged.id, failures };
    },
    countForRun: (runId: string) => options.log.countForRun(runId),
  };
}
