/**
 * Delegation tools (docs/reference/tool-catalogue.md#decisions-delegations-and-alerts): create_delegation,
 * list_delegations, update_delegation, check_overdue_delegations, delete_delegation. "Overdue" is computed with the
 * shared alert evaluation (today in the user's zone), never re-implemented here.
 */
import { z } from 'zod';
import { daysBetween, defineTool, ToolError, type ToolContext } from '@chief-of-staff/core';
import { DELEGATION_LIST_LIMITS, DELEGATION_PRIORITIES, DELEGATION_STATUSES, type DelegationRecord } from '@chief-of-staff/stores';
import { LOCAL_CREATE, LOCAL_DELETE, LOCAL_READ } from '../memory-common/annotations.js';
import {
  cursorSchema,
  dateOnlySchema,
  deletedOutputSchema,
  idSchema,
  limitSchema,
  listOutputSchema,
  nameSchema,
  sourceRefOutputSchema,
  sourceRefSchema,
  withWarnings,
} from '../memory-common/memory-schemas.js';
import { callerName, type MemoryServices } from '../memory-common/memory-services.js';
import { CREATE_DELEGATION_EXAMPLES, LIST_DELEGATIONS_EXAMPLES, UPDATE_DELEGATION_EXAMPLES, CHECK_OVERDUE_DELEGATIONS_EXAMPLES, DELETE_DELEGATION_EXAMPLES } from './delegation-tools.examples.js';

const statusSchema = z.enum(DELEGATION_STATUSES);
const prioritySchema = z.enum(['low', 'medium', 'high', 'critical']);

const delegationSchema = z.object({
  id: z.number().int(),
  task: z.string(),
  description: z.string(),
  delegated_to: z.string(),
  delegated_by: z.string(),
  due_date: z.string().nullable(),
  priority: prioritySchema,
  status: statusSchema,
  notes: z.string(),
  source: z.string(),
  source_ref: sourceRefOutputSchema,
  completed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

const listItemSchema = z.object({
  id: z.number().int(),
  task: z.string(),
  delegated_to: z.string(),
  status: statusSchema,
  priority: prioritySchema,
  due_date: z.string().nullable(),
  days_overdue: z.number().int().optional(),
  created_at: z.string(),
});

const overdueItemSchema = z.object({
  id: z.number().int(),
  task: z.string(),
  delegated_to: z.string(),
  due_date: z.string(),
  priority: prioritySchema,
  days_overdue: z.number().int(),
});

/** Days past due for an active delegation with a due date before today; undefined otherwise. */
function daysOverdue(delegation: DelegationRecord, today: string): number | undefined {
  if (delegation.status !== 'active' || delegation.dueDate === null || delegation.dueDate >= today) return undefined;
  return daysBetween(delegation.dueDate, today);
}

function toDelegationOutput(delegation: DelegationRecord): z.input<typeof delegationSchema> {
  return {
    id: delegation.id,
    task: delegation.task,
    description: delegation.description,
    delegated_to: delegation.delegatedTo,
    delegated_by: delegation.delegatedBy,
    due_date: delegation.dueDate,
    priority: delegation.priority,
    status: delegation.status,
    notes: delegation.notes,
    source: delegation.source,
    source_ref: delegation.sourceRef ?? null,
    completed_at: delegation.completedAt,
    created_at: delegation.createdAt,
    updated_at: delegation.updatedAt,
  };
}

export const createDelegationTool = defineTool({
  name: 'create_delegation',
  examples: CREATE_DELEGATION_EXAMPLES,
  title: 'Create delegation',
  description:
    'Records a task handed to someone, with an optional due date and priority, so it can be tracked and chased when overdue. ' +
    'Each call adds a new delegation. Example: {"task": "Prepare the Q3 board deck", "delegated_to": "Noa", "due_date": "2026-03-10", "priority": "high"}.',
  input: z
    .object({
      task: nameSchema('What was delegated, in a few words.'),
      delegated_to: nameSchema('Who is doing it.'),
      description: z.string().trim().max(10_000).optional().describe('Details of the task.'),
      due_date: dateOnlySchema.optional().describe('Due date, YYYY-MM-DD.'),
      priority: prioritySchema.default('medium').describe(`Priority: ${DELEGATION_PRIORITIES.join(', ')} (default medium).`),
      delegated_by: z.string().trim().min(1).max(200).optional().describe('Who delegated it; defaults to the caller.'),
      notes: z.string().trim().max(10_000).optional().describe('Initial notes.'),
      source: z.string().trim().max(200).optional().describe('Where it was agreed (meeting, thread…).'),
      source_ref: sourceRefSchema.optional(),
    })
    .strict(),
  output: z.object({ delegation: delegationSchema }),
  annotations: LOCAL_CREATE,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const delegation = await ctx.services.memory.delegations.create({
      task: args.task,
      delegatedTo: args.delegated_to,
      description: args.description,
      dueDate: args.due_date,
      priority: args.priority,
      delegatedBy: args.delegated_by ?? callerName(ctx.caller),
      notes: args.notes,
      source: args.source ?? callerName(ctx.caller),
      sourceRef: args.source_ref,
    });
    return { delegation: toDelegationOutput(delegation) };
  },
});

function formatDelegations(items: readonly z.input<typeof listItemSchema>[], total: number | undefined): string {
  if (items.length === 0) return 'No delegations.';
  const lines = [`Delegations (${total ?? items.length}):`, 'ID | Task | To | Priority | Due | Status'];
  for (const d of items) {
    const due = d.due_date ? `${d.due_date}${d.days_overdue ? ` (${d.days_overdue}d overdue)` : ''}` : '—';
    lines.push(`${d.id} | ${d.task} | ${d.delegated_to} | ${d.priority} | ${due} | ${d.status}`);
  }
  return lines.join('\n');
}

export const listDelegationsTool = defineTool({
  name: 'list_delegations',
  examples: LIST_DELEGATIONS_EXAMPLES,
  title: 'List delegations',
  description:
    'Lists delegated tasks ordered by due date (no date last), then priority (critical first), with days_overdue on late active ' +
    'ones and a plain-text table in `formatted`. due_within_days gives what is due soon (from today on). ' +
    'Example: {"status": "active", "delegated_to": "noa", "overdue_only": true}.',
  input: z
    .object({
      status: z.enum([...DELEGATION_STATUSES, 'all']).default('all').describe('active, completed, cancelled or all (default).'),
      delegated_to: z.string().trim().min(1).max(200).optional().describe('Only tasks delegated to this person (case-insensitive exact name).'),
      priority: prioritySchema.optional().describe('Only this priority.'),
      overdue_only: z.boolean().default(false).describe('Only active tasks past their due date.'),
      due_within_days: z.number().int().min(0).max(3650).optional().describe('Only active tasks due from today through this many days ahead (0: today).'),
      limit: limitSchema(DELEGATION_LIST_LIMITS.defaultLimit, DELEGATION_LIST_LIMITS.maxLimit, 'delegations'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(listItemSchema).extend({ formatted: z.string() }),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    if (args.overdue_only && args.due_within_days !== undefined) {
      throw ToolError.invalidArgument('due_within_days', 'cannot be combined with overdue_only: one asks for what is late, the other for what is still to come.', 'Make two calls, one with each.');
    }
    const today = ctx.clock.today();
    const page = await ctx.services.memory.delegations.list(
      { status: args.status, delegatedTo: args.delegated_to, priority: args.priority, overdueOnly: args.overdue_only, dueWithinDays: args.due_within_days, today },
      { limit: args.limit, cursor: args.cursor },
    );
    const items = page.items.map((d) => {
      const overdue = daysOverdue(d, today);
      return {
        id: d.id,
        task: d.task,
        delegated_to: d.delegatedTo,
        status: d.status,
        priority: d.priority,
        due_date: d.dueDate,
        ...(overdue === undefined ? {} : { days_overdue: overdue }),
        created_at: d.createdAt,
      };
    });
    return withWarnings(
      { items, next_cursor: page.next_cursor, total: page.total, formatted: formatDelegations(items, page.total) },
      page.warnings,
    );
  },
});

export const updateDelegationTool = defineTool({
  name: 'update_delegation',
  examples: UPDATE_DELEGATION_EXAMPLES,
  title: 'Update delegation',
  description:
    'Changes a delegation (at least one field): reassign, reschedule (due_date null clears it), reprioritise, or set the status; ' +
    'completing sets completed_at and reopening clears it. `notes` are appended on a new dated line. ' +
    'Example: {"delegation_id": 7, "status": "completed", "notes": "Deck sent"}.',
  input: z
    .object({
      delegation_id: idSchema('delegation'),
      task: nameSchema('New task title.').optional(),
      description: z.string().trim().max(10_000).optional().describe('New description (replaces it).'),
      delegated_to: nameSchema('New assignee.').optional(),
      due_date: dateOnlySchema.nullable().optional().describe('New due date YYYY-MM-DD, or null to clear.'),
      priority: prioritySchema.optional().describe(`New priority: ${DELEGATION_PRIORITIES.join(', ')}.`),
      status: statusSchema.optional().describe(`New status: ${DELEGATION_STATUSES.join(', ')}.`),
      notes: z.string().trim().min(1).max(10_000).optional().describe('A note appended with today\'s date.'),
      source_ref: sourceRefSchema.optional(),
    })
    .strict(),
  output: z.object({ delegation: delegationSchema }),
  annotations: LOCAL_CREATE,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const updated = await ctx.services.memory.delegations.update(args.delegation_id, {
      task: args.task,
      description: args.description,
      delegatedTo: args.delegated_to,
      dueDate: args.due_date,
      priority: args.priority,
      status: args.status,
      notes: args.notes,
      sourceRef: args.source_ref,
    });
    if (!updated) throw ToolError.notFound('Delegation', args.delegation_id);
    return { delegation: toDelegationOutput(updated) };
  },
});

export const checkOverdueDelegationsTool = defineTool({
  name: 'check_overdue_delegations',
  examples: CHECK_OVERDUE_DELEGATIONS_EXAMPLES,
  title: 'Check overdue delegations',
  description:
    'Lists active delegations past their due date (in the user\'s time zone), most overdue first, with days_overdue. ' +
    'Use it to decide whom to chase. Example: {"delegated_to": "Noa"}.',
  input: z
    .object({
      delegated_to: z.string().trim().min(1).max(200).optional().describe('Only tasks delegated to this person (case-insensitive).'),
      limit: limitSchema(DELEGATION_LIST_LIMITS.defaultLimit, DELEGATION_LIST_LIMITS.maxLimit, 'delegations'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(overdueItemSchema),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const today = ctx.clock.today();
    const page = await ctx.services.memory.delegations.listOverdue(
      { delegatedTo: args.delegated_to, today },
      { limit: args.limit, cursor: args.cursor },
    );
    const items = page.items.map((d) => ({
      id: d.id,
      task: d.task,
      delegated_to: d.delegatedTo,
      due_date: d.dueDate as string,
      priority: d.priority,
      days_overdue: daysOverdue(d, today) ?? 0,
    }));
    return withWarnings({ items, next_cursor: page.next_cursor, total: page.total }, page.warnings);
  },
});

export const deleteDelegationTool = defineTool({
  name: 'delete_delegation',
  examples: DELETE_DELEGATION_EXAMPLES,
  title: 'Delete delegation',
  description: 'Deletes a delegation permanently. Prefer update_delegation with status "cancelled" to keep history. Example: {"delegation_id": 7}.',
  input: z.object({ delegation_id: idSchema('delegation') }).strict(),
  output: deletedOutputSchema(),
  annotations: LOCAL_DELETE,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    if (!await ctx.services.memory.delegations.delete(args.delegation_id)) throw ToolError.notFound('Delegation', args.delegation_id);
    return { deleted: true as const, id: args.delegation_id };
  },
});
