/**
 * reminders_read and reminders_write (docs/reference/tool-catalogue.md#personal-data-providers): list_reminder_lists,
 * list_reminders, search_reminders, create_reminder, complete_reminder, delete_reminder — over the reminders
 * provider.
 */
import { z } from 'zod';
import { defineTool } from '@chief-of-staff/core';
import { REMINDER_PRIORITY_VALUES, withProviderErrors } from '@chief-of-staff/providers';
import { PROVIDER_CREATE, PROVIDER_DELETE, PROVIDER_READ, PROVIDER_UPSERT } from '../provider-common/provider-annotations.js';
import { cursorSchema, deletedOutputSchema, limitSchema, listOutputSchema, textSchema, timeSchema } from '../provider-common/provider-schemas.js';
import { openListPage, pageOfList } from '../provider-common/paging.js';
import { requireProvider, type ProviderToolContext } from '../provider-common/provider-services.js';
import { parseTimeInput } from '../provider-common/time-input.js';
import { reminderOutputSchema, toReminderOutput } from './reminder-output.js';
import { LIST_REMINDERS_EXAMPLES, SEARCH_REMINDERS_EXAMPLES, LIST_REMINDER_LISTS_EXAMPLES, CREATE_REMINDER_EXAMPLES, COMPLETE_REMINDER_EXAMPLES, DELETE_REMINDER_EXAMPLES } from './reminder-tools.examples.js';

const reminderIdSchema = z.number().int().positive().describe('Id of the reminder (from list_reminders).');
const listRefSchema = textSchema('Reminder list name (case-insensitive) or id.');

export const listReminderListsTool = defineTool({
  name: 'list_reminder_lists',
  examples: LIST_REMINDER_LISTS_EXAMPLES,
  title: 'List reminder lists',
  description: 'Lists your reminder lists with how many open reminders each holds and which is the default. Example: {}.',
  input: z.object({ limit: limitSchema(50, 200, 'lists'), cursor: cursorSchema }).strict(),
  output: listOutputSchema(
    z.object({ id: z.number().int().positive(), name: z.string(), color: z.string().nullable(), open_count: z.number().int().min(0), is_default: z.boolean() }),
  ),
  annotations: PROVIDER_READ,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const reminders = requireProvider(ctx, 'reminders');
    const window = openListPage('list_reminder_lists', args, 200, {});
    const lists = await withProviderErrors(() => reminders.lists());
    return pageOfList(
      lists.map((l) => ({ id: l.id, name: l.name, color: l.color, open_count: l.openCount, is_default: l.isDefault })),
      window,
    );
  },
});

export const listRemindersTool = defineTool({
  name: 'list_reminders',
  examples: LIST_REMINDERS_EXAMPLES,
  title: 'List reminders',
  description:
    'Lists reminders, by default the open ones of every list, ordered by due date (undated last), then priority high→none, then age. ' +
    'Example: {"list": "Work", "due_before": "2026-03-31"}.',
  input: z
    .object({
      list: listRefSchema.optional(),
      status: z.enum(['open', 'completed', 'all']).default('open').describe('Which reminders: open, completed or all.'),
      due_before: z
        .string()
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional()
        .describe('Only reminders due on or before this date (YYYY-MM-DD).'),
      limit: limitSchema(50, 200, 'reminders'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(reminderOutputSchema),
  annotations: PROVIDER_READ,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const reminders = requireProvider(ctx, 'reminders');
    const dueBefore = args.due_before === undefined ? undefined : parseTimeInput('due_before', args.due_before, ctx.clock.timezone, { allowDateOnly: true }).date;
    const window = openListPage('list_reminders', args, 200, { list: args.list ?? null, status: args.status, dueBefore: dueBefore ?? null });
    const items = await withProviderErrors(async () => {
      const listId = args.list === undefined ? undefined : (await reminders.getList(args.list)).id;
      return reminders.list({ listId, status: args.status, dueBefore });
    });
    return pageOfList(items.map(toReminderOutput), window);
  },
});

export const searchRemindersTool = defineTool({
  name: 'search_reminders',
  examples: SEARCH_REMINDERS_EXAMPLES,
  title: 'Search reminders',
  description: 'Finds reminders whose title or notes contain the query (case-insensitive); open ones unless include_completed. Example: {"query": "passport"}.',
  input: z
    .object({
      query: textSchema('Text to look for in titles and notes.', 500),
      include_completed: z.boolean().default(false).describe('Also search completed reminders.'),
      limit: limitSchema(25, 200, 'reminders'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(reminderOutputSchema),
  annotations: PROVIDER_READ,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const reminders = requireProvider(ctx, 'reminders');
    const window = openListPage('search_reminders', args, 200, { query: args.query, completed: args.include_completed });
    const items = await withProviderErrors(() => reminders.search(args.query, { includeCompleted: args.include_completed }));
    return pageOfList(items.map(toReminderOutput), window);
  },
});

export const createReminderTool = defineTool({
  name: 'create_reminder',
  examples: CREATE_REMINDER_EXAMPLES,
  title: 'Create reminder',
  description:
    'Adds a reminder to a list (default: your default list). `due` is a date (YYYY-MM-DD) or a datetime. An unknown list is NOT_FOUND and ' +
    'names the existing lists. Example: {"title": "Renew passport", "due": "2026-04-01", "priority": "high"}.',
  input: z
    .object({
      title: textSchema('What to do.'),
      list: listRefSchema.optional(),
      due: timeSchema('Due date (YYYY-MM-DD) or datetime (ISO-8601; naive times are read in the user’s zone).').optional(),
      priority: z.enum(REMINDER_PRIORITY_VALUES).default('none').describe('none, low, medium or high.'),
      notes: z.string().max(10_000).optional().describe('Details.'),
    })
    .strict(),
  output: z.object({ reminder: reminderOutputSchema }),
  annotations: PROVIDER_CREATE,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const reminders = requireProvider(ctx, 'reminders');
    const due = args.due === undefined ? undefined : parseTimeInput('due', args.due, ctx.clock.timezone, { allowDateOnly: true });
    const reminder = await withProviderErrors(async () => {
      const listId = args.list === undefined ? undefined : (await reminders.getList(args.list)).id;
      return reminders.create({
        listId,
        title: args.title,
        notes: args.notes ?? null,
        dueDate: due?.date ?? null,
        dueAt: due && !due.dateOnly ? due.instant : null,
        priority: args.priority,
      });
    });
    return { reminder: toReminderOutput(reminder) };
  },
});

export const completeReminderTool = defineTool({
  name: 'complete_reminder',
  examples: COMPLETE_REMINDER_EXAMPLES,
  title: 'Complete reminder',
  description: 'Marks a reminder completed, or open again with completed=false. Example: {"reminder_id": 7}.',
  input: z
    .object({
      reminder_id: reminderIdSchema,
      completed: z.boolean().default(true).describe('true to complete, false to reopen.'),
    })
    .strict(),
  output: z.object({ reminder: reminderOutputSchema }),
  annotations: PROVIDER_UPSERT,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const reminders = requireProvider(ctx, 'reminders');
    const reminder = await withProviderErrors(() => reminders.complete(args.reminder_id, args.completed));
    return { reminder: toReminderOutput(reminder) };
  },
});

export const deleteReminderTool = defineTool({
  name: 'delete_reminder',
  examples: DELETE_REMINDER_EXAMPLES,
  title: 'Delete reminder',
  description: 'Deletes a reminder. Example: {"reminder_id": 7}.',
  input: z.object({ reminder_id: reminderIdSchema }).strict(),
  output: deletedOutputSchema,
  annotations: PROVIDER_DELETE,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const reminders = requireProvider(ctx, 'reminders');
    await withProviderErrors(() => reminders.delete(args.reminder_id));
    return { deleted: true as const, id: args.reminder_id };
  },
});

export const reminderTools = [
  listRemindersTool,
  searchRemindersTool,
  listReminderListsTool,
  createReminderTool,
  completeReminderTool,
  deleteReminderTool,
] as const;
