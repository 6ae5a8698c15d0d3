/** The calendar tool group (calendar_read + calendar_write), service key `providers`. */
import { getCalendarEventsTool, listCalendarsTool, searchCalendarEventsTool } from './calendar-read-tools.js';
import { createCalendarEventTool, deleteCalendarEventTool, updateCalendarEventTool } from './calendar-write-tools.js';

export const calendarTools = [
  getCalendarEventsTool,
  searchCalendarEventsTool,
  listCalendarsTool,
  createCalendarEventTool,
  updateCalendarEventTool,
  deleteCalendarEventTool,
] as const;
