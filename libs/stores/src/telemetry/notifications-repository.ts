/**
 * The local notification log (docs/reference/data-model.md#tables, send_notification in
 * docs/reference/tool-catalogue.md#personal-data-providers): every notification is written here whatever channel
 * carried it; the per-run count backs the "max 5 per agent run" rule.
 */
import { NOTIFICATION_ORIGINS, NOTIFICATION_STATUSES, NOTIFICATION_URGENCIES, type NotificationOrigin, type NotificationStatus, type NotificationUrgency } from '../db/enums.js';
import type { Page, PageRequest } from '../db/pagination.js';
import { assertEnum, assertText } from '../db/validation.js';

export interface NotificationRecord {
  id: number;
  title: string;
  subtitle: string | null;
  body: string;
  urgency: NotificationUrgency;
  /** Channels that carried the notification, e.g. `["desktop","webhook"]`. */
  channels: string[];
  status: NotificationStatus;
  origin: NotificationOrigin;
  /** Agent run that sent it, when any (used for the per-run cap). */
  runId: string | null;
  createdAt: string;
}

export interface RecordNotificationInput {
  title: string;
  subtitle?: string | null;
  body: string;
  urgency?: NotificationUrgency;
  channels: string[];
  status: NotificationStatus;
  origin: NotificationOrigin;
  runId?: string | null;
}

export const NOTIFICATION_LIST_LIMITS = { defaultLimit: 25, maxLimit: 200 };

/** Filters of `list`; every one optional. */
export interface ListNotificationsFilters {
  /** Only notifications sent at or after this ISO instant. */
  since?: string | undefined;
  origin?: NotificationOrigin | undefined;
  status?: NotificationStatus | undefined;
}

export interface NotificationsRepository {
  record(input: RecordNotificationInput): Promise<NotificationRecord>;
  countForRun(runId: string): Promise<number>;
  /** Newest first, with the total that matches the filters. */
  list(filters: ListNotificationsFilters, page: PageRequest): Promise<Page<NotificationRecord>>;
  purgeOlderThan(cutoff: string): Promise<number>;
}

/** The validated row of a notification sent `now` (the same checks on every adapter). */
export function notificationValues(input: RecordNotificationInput, now: string) {
  return {
    title: assertText('title', input.title, 200),
    subtitle: input.subtitle ?? null,
    body: input.body,
    urgency: assertEnum('urgency', input.urgency ?? 'normal', NOTIFICATION_URGENCIES),
    channels: input.channels,
    status: assertEnum('status', input.status, NOTIFICATION_STATUSES),
    origin: assertEnum('origin', input.origin, NOTIFICATION_ORIGINS),
    runId: input.runId ?? null,
    createdAt: now,
  };
}
