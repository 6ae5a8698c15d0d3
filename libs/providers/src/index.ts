/**
 * @chief-of-staff/providers — personal data providers (docs/reference/tool-catalogue.md#personal-data-providers):
 * the provider contracts, the registry built from config, the embedded local stores, importers and exporters, and the
 * availability algorithms (docs/reference/algorithms.md#availability, #group-availability). Public API is named
 * explicitly below.
 */

// Errors.
export {
  isProviderError,
  PROVIDER_ERROR_KINDS,
  ProviderError,
  toToolError,
  withProviderErrors,
} from './errors/provider-error.js';
export type { ProviderErrorKind, ProviderErrorOptions } from './errors/provider-error.js';

// Contracts.
export {
  ATTENDEE_RESPONSE_VALUES,
  CALENDAR_KIND_VALUES,
  EVENT_STATUS_VALUES,
  SHOW_AS_VALUES,
} from './types/calendar.js';
export type {
  Attendee,
  AttendeeResponse,
  BusyBlock,
  CalendarEvent,
  CalendarEventPatch,
  CalendarInfo,
  CalendarKind,
  CalendarProvider,
  EventRange,
  EventSearch,
  EventStatus,
  FreeBusyResult,
  NewCalendar,
  NewCalendarEvent,
  ShowAs,
} from './types/calendar.js';
export { REMINDER_PRIORITY_VALUES } from './types/reminders.js';
export type {
  NewReminder,
  Reminder,
  ReminderList,
  ReminderPriority,
  ReminderProvider,
  ReminderQuery,
} from './types/reminders.js';
export { MAILBOX_ROLE_VALUES } from './types/mail.js';
export type {
  MailAddress,
  MailAttachmentInfo,
  Mailbox,
  MailboxRole,
  MailHeader,
  MailListQuery,
  MailMessage,
  MailPage,
  MailProvider,
  MailSearchQuery,
  OutgoingMail,
  PageResult,
  SendResult,
} from './types/mail.js';
export type { ChatMessage, MessagePage, MessageProvider, MessageQuery, MessageSearchQuery } from './types/messages.js';
export type {
  NotificationOrigin,
  NotificationOutcome,
  NotificationRequest,
  NotificationUrgency,
  Notifier,
} from './types/notifier.js';

// Registry.
export { createProviderRegistry, notConfigured } from './registry/provider-registry.js';
export type {
  CreateProviderRegistryOptions,
  ProviderConfig,
  ProviderFor,
  ProviderKind,
  ProviderRegistry,
  ProviderStatus,
} from './registry/provider-registry.js';

// Embedded local providers.

// Notifications.

// iCalendar.

export { dateInZone, parseDateTimeInZone, startOfDateInZone, toLocalIso } from './calendar/ics/wall-clock.js';
export { exportCalendarIcs } from './calendar/export-calendar.js';

// Import.
export { importData } from './import/import-data.js';

export { IMPORT_KINDS } from './import/import-types.js';
export type {
  ImportItemError,
  ImportKind,
  ImportProgress,
  ImportProgressListener,
  ImportRequest,
  ImportResult,
} from './import/import-types.js';

// Calendar feeds (calendar.feeds), refreshed by the calendar_sync task.
export { syncCalendarFeeds } from './calendar/feeds/sync-calendar-feeds.js';
export type { CalendarFeed, FeedSyncResult, SyncCalendarFeedsOptions } from './calendar/feeds/sync-calendar-feeds.js';

// Availability (docs/reference/algorithms.md#availability).

export type { AvailabilityEvent, SelfIdentity } from './availability/classify-event.js';
export { findOpenSlots, parseClockTime } from './availability/open-slots.js';
export type { OpenSlotsInput } from './availability/open-slots.js';

export { formatSlotsText } from './availability/format-slots.js';
export { mutualSlots, participantBusyIntervals } from './availability/mutual-slots.js';

export { parsePreferredTimes, rankSlots } from './availability/rank-slots.js';

export type { Interval } from './availability/intervals.js';
