/**
 * @chief-of-staff/stores/providers — personal data providers
 * (docs/reference/tool-catalogue.md#personal-data-providers): the provider contracts, the registry built from config,
 * the embedded local stores, importers and exporters, and the availability algorithms of
 * docs/reference/algorithms.md#availability, docs/reference/algorithms.md#group-availability. Public API is named
 * explicitly below.
 */

// Errors.
export { isProviderError, PROVIDER_ERROR_KINDS, ProviderError, toToolError, withProviderErrors } from './errors/provider-error.js';
export type { ProviderErrorKind, ProviderErrorOptions } from './errors/provider-error.js';

// Contracts.
export { ATTENDEE_RESPONSE_VALUES, CALENDAR_KIND_VALUES, EVENT_STATUS_VALUES, SHOW_AS_VALUES } from './types/calendar.js';
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
export type { NewReminder, Reminder, ReminderList, ReminderPriority, ReminderProvider, ReminderQuery } from './types/reminders.js';
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
export type { NotificationOrigin, NotificationOutcome, NotificationRequest, NotificationUrgency, Notifier } from './types/notifier.js';

// Registry.
export { createProviderRegistry, notConfigured } from './registry/provider-registry.js';
export type {
  CreateProviderRegistryOptions,
  LocalStores,
  ProviderConfig,
  ProviderFor,
  ProviderKind,
  ProviderRegistry,
  ProviderStatus,
} from './registry/provider-registry.js';

// Embedded local providers.
export { LocalCalendarProvider } from './calendar/local-calendar-provider.js';
export type { LocalCalendarOptions, UpsertOutcome } from './calendar/local-calendar-provider.js';
export { LocalReminderProvider } from './reminders/local-reminder-provider.js';
export { LOCAL_MAIL_ACCOUNT, LocalMailProvider } from './mail/local-mail-provider.js';
export type { LocalMailOptions } from './mail/local-mail-provider.js';
export { LocalMessageProvider } from './messages/local-message-provider.js';
export { defaultChatDbPath, MacosMessagesProvider } from './messages/macos/macos-messages-provider.js';
export type { MacosMessagesOptions } from './messages/macos/macos-messages-provider.js';
export { appleTimeToDate } from './messages/macos/apple-time.js';

// Notifications.
export { createNotifierChain } from './notifications/notifier-chain.js';
export type { NotificationLog, NotificationLogEntry, NotifierChainOptions } from './notifications/notifier-chain.js';
export { detectDesktopChannel, findExecutable } from './notifications/desktop-notifier.js';
export type { DesktopChannel, DesktopChannelOptions } from './notifications/desktop-notifier.js';
export { assertDeliveryUrl, createWebhookChannel } from './notifications/webhook-channel.js';
export type { WebhookChannel, WebhookChannelOptions, WebhookFormat } from './notifications/webhook-channel.js';
export { createSqliteNotificationLog } from './notifications/sqlite-notification-log.js';

// iCalendar.
export { parseIcs } from './calendar/ics/parse-ics.js';
export type { ParsedIcs, ParsedIcsEvent, ParsedIcsTodo, ParseIcsOptions } from './calendar/ics/parse-ics.js';
export { writeIcs } from './calendar/ics/write-ics.js';
export type { IcsEventRecord, IcsTodoRecord, WriteIcsInput } from './calendar/ics/write-ics.js';
export { expandSeries } from './calendar/ics/recurrence.js';
export type { ExpandOptions, Occurrence, RecurringSeries } from './calendar/ics/recurrence.js';
export { dateInZone, parseDateTimeInZone, startOfDateInZone, toLocalIso } from './calendar/ics/wall-clock.js';
export { exportCalendarIcs } from './calendar/export-calendar.js';
export type { CalendarExport } from './calendar/export-calendar.js';

// Import.
export { importData, resolveImportKind } from './import/import-data.js';
export type { ImportContext } from './import/import-data.js';
export { IMPORT_KINDS } from './import/import-types.js';
export type {
  ImportItemError,
  ImportKind,
  ImportProgress,
  ImportProgressListener,
  ImportRequest,
  ImportResult,
} from './import/import-types.js';

// Availability (docs/reference/algorithms.md#availability, docs/reference/algorithms.md#group-availability).
export { classifyEvent, DEFAULT_SOFT_KEYWORDS, isOutOfOffice, selfAttendee } from './availability/classify-event.js';
export type { AvailabilityEvent, ClassifyOptions, EventBlocking, SelfIdentity } from './availability/classify-event.js';
export { datesInclusive, findOpenSlots, parseClockTime } from './availability/open-slots.js';
export type { BlockingInterval, OpenSlot, OpenSlotsInput, OpenSlotsResult } from './availability/open-slots.js';
export { formatSlotsText } from './availability/format-slots.js';
export { mutualSlots, participantBusyIntervals } from './availability/mutual-slots.js';
export type { MutualSlot } from './availability/mutual-slots.js';
export { bufferScore, parsePreferredTimes, rankSlots, SCORE_WEIGHTS, timeOfDayScore } from './availability/rank-slots.js';
export type { PreferredWindow, RankedSlot, RankOptions, ScorePart } from './availability/rank-slots.js';
export { mergeIntervals, subtractIntervals } from './availability/intervals.js';
export type { Interval } from './availability/intervals.js';
