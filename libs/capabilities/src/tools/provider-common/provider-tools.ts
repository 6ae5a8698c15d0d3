/** Every personal-data tool (calendar, reminders, mail, messages, notifications, scheduling, import/export). */
import { availabilityTools } from '../availability/availability-tools.js';
import { calendarTools } from '../calendar/calendar-tools.js';
import { importExportTools } from '../import-export/import-export-tools.js';
import { mailTools } from '../mail/mail-tools.js';
import { messageTools } from '../messages/message-tools.js';
import { notificationTools } from '../notifications/send-notification-tool.js';
import { reminderTools } from '../reminders/reminder-tools.js';

export const allProviderTools = [
  ...calendarTools,
  ...reminderTools,
  ...mailTools,
  ...messageTools,
  ...notificationTools,
  ...availabilityTools,
  ...importExportTools,
] as const;
