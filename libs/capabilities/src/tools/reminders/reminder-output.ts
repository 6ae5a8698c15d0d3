/** The reminder shape the reminder tools return. */
import { z } from 'zod';
import { REMINDER_PRIORITY_VALUES, type Reminder } from '@chief-of-staff/providers';

export const reminderOutputSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  notes: z.string().nullable(),
  list: z.string(),
  due_date: z.string().nullable(),
  due_at: z.string().nullable(),
  priority: z.enum(REMINDER_PRIORITY_VALUES),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
});

export function toReminderOutput(reminder: Reminder): z.infer<typeof reminderOutputSchema> {
  return {
    id: reminder.id,
    title: reminder.title,
    notes: reminder.notes,
    list: reminder.list,
    due_date: reminder.dueDate,
    due_at: reminder.dueAt?.toISOString() ?? null,
    priority: reminder.priority,
    completed: reminder.completed,
    completed_at: reminder.completedAt?.toISOString() ?? null,
    created_at: reminder.createdAt.toISOString(),
  };
}
