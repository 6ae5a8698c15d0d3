/**
 * Decision tools (docs/reference/tool-catalogue.md#decisions-delegations-and-alerts): create_decision,
 * search_decisions, update_decision, list_pending_decisions, delete_decision.
 */
import { z } from 'zod';
import { defineTool, ToolError, type ToolContext } from '@chief-of-staff/core';
import { DECISION_SEARCH_LIMITS, DECISION_STATUSES, type DecisionRecord } from '@chief-of-staff/stores';
import { LOCAL_CREATE, LOCAL_DELETE, LOCAL_READ } from '../memory-common/annotations.js';
import {
  csvListSchema,
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
import { CREATE_DECISION_EXAMPLES, SEARCH_DECISIONS_EXAMPLES, UPDATE_DECISION_EXAMPLES, LIST_PENDING_DECISIONS_EXAMPLES, DELETE_DECISION_EXAMPLES } from './decision-tools.examples.js';

const statusSchema = z.enum(DECISION_STATUSES);
const longText = (description: string) => z.string().trim().max(10_000).optional().describe(description);

const decisionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  context: z.string(),
  alternatives_considered: z.string(),
  decided_by: z.string(),
  owner: z.string(),
  status: statusSchema,
  follow_up_date: z.string().nullable(),
  tags: z.array(z.string()),
  source: z.string(),
  source_ref: sourceRefOutputSchema,
  created_at: z.string(),
  updated_at: z.string(),
});

const summarySchema = decisionSchema.pick({
  id: true,
  title: true,
  status: true,
  owner: true,
  decided_by: true,
  follow_up_date: true,
  tags: true,
  created_at: true,
});

export function toDecisionOutput(decision: DecisionRecord): z.input<typeof decisionSchema> {
  return {
    id: decision.id,
    title: decision.title,
    description: decision.description,
    context: decision.context,
    alternatives_considered: decision.alternativesConsidered,
    decided_by: decision.decidedBy,
    owner: decision.owner,
    status: decision.status,
    follow_up_date: decision.followUpDate,
    tags: decision.tags,
    source: decision.source,
    source_ref: decision.sourceRef ?? null,
    created_at: decision.createdAt,
    updated_at: decision.updatedAt,
  };
}

function toSummary(decision: DecisionRecord): z.input<typeof summarySchema> {
  return {
    id: decision.id,
    title: decision.title,
    status: decision.status,
    owner: decision.owner,
    decided_by: decision.decidedBy,
    follow_up_date: decision.followUpDate,
    tags: decision.tags,
    created_at: decision.createdAt,
  };
}

export const createDecisionTool = defineTool({
  name: 'create_decision',
  examples: CREATE_DECISION_EXAMPLES,
  title: 'Create decision',
  description:
    'Records a decision: what was decided, why, the alternatives, who decided and who owns carrying it out, with an optional ' +
    'follow-up date. Each call adds a new decision. Example: {"title": "Move standup to 9:30", "owner": "Noa", ' +
    '"follow_up_date": "2026-03-01", "tags": "team,process"}.',
  input: z
    .object({
      title: nameSchema('The decision in a few words.'),
      description: longText('What exactly was decided.'),
      context: longText('Why it came up; the background.'),
      alternatives_considered: longText('Options that were considered and not chosen.'),
      decided_by: z.string().trim().max(200).optional().describe('Who made the decision.'),
      owner: z.string().trim().max(200).optional().describe('Who is responsible for carrying it out.'),
      status: statusSchema.default('pending_execution').describe(`Status: ${DECISION_STATUSES.join(', ')} (default pending_execution).`),
      follow_up_date: dateOnlySchema.optional().describe('When to check on it, YYYY-MM-DD.'),
      tags: csvListSchema('Tags, as a list or a comma-separated string.').optional(),
      source: z.string().trim().max(200).optional().describe('Where it was decided (meeting, thread…); defaults to the caller.'),
      source_ref: sourceRefSchema.optional(),
    })
    .strict(),
  output: z.object({ decision: decisionSchema }),
  annotations: LOCAL_CREATE,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const decision = await ctx.services.memory.decisions.create({
      title: args.title,
      description: args.description,
      context: args.context,
      alternativesConsidered: args.alternatives_considered,
      decidedBy: args.decided_by,
      owner: args.owner,
      status: args.status,
      followUpDate: args.follow_up_date,
      tags: args.tags,
      source: args.source ?? callerName(ctx.caller),
      sourceRef: args.source_ref,
    });
    return { decision: toDecisionOutput(decision) };
  },
});

export const searchDecisionsTool = defineTool({
  name: 'search_decisions',
  examples: SEARCH_DECISIONS_EXAMPLES,
  title: 'Search decisions',
  description:
    'Finds decisions whose title, description, context, tags, owner or decider contain the query (case-insensitive), newest ' +
    'first; without filters it lists all decisions. Example: {"query": "office", "status": "pending_execution"}.',
  input: z
    .object({
      query: z.string().trim().max(500).optional().describe('Text to look for.'),
      status: statusSchema.optional().describe('Only decisions with this status.'),
      owner: z.string().trim().max(200).optional().describe('Only decisions owned by this person (case-insensitive).'),
      limit: limitSchema(DECISION_SEARCH_LIMITS.defaultLimit, DECISION_SEARCH_LIMITS.maxLimit, 'decisions'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(summarySchema),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const page = await ctx.services.memory.decisions.search(
      { query: args.query, status: args.status, owner: args.owner },
      { limit: args.limit, cursor: args.cursor },
    );
    return withWarnings({ items: page.items.map(toSummary), next_cursor: page.next_cursor, total: page.total }, page.warnings);
  },
});

export const updateDecisionTool = defineTool({
  name: 'update_decision',
  examples: UPDATE_DECISION_EXAMPLES,
  title: 'Update decision',
  description:
    'Changes fields of a decision (at least one). `notes` are appended to the description as "[Update YYYY-MM-DD] …"; ' +
    'follow_up_date null clears it. Example: {"decision_id": 12, "status": "executed", "notes": "Announced at all-hands"}.',
  input: z
    .object({
      decision_id: idSchema('decision'),
      title: nameSchema('New title.').optional(),
      description: longText('New description (replaces it).'),
      context: longText('New context.'),
      alternatives_considered: longText('New alternatives.'),
      decided_by: z.string().trim().max(200).optional().describe('Who decided.'),
      owner: z.string().trim().max(200).optional().describe('Who carries it out.'),
      status: statusSchema.optional().describe(`New status: ${DECISION_STATUSES.join(', ')}.`),
      follow_up_date: dateOnlySchema.nullable().optional().describe('New follow-up date YYYY-MM-DD, or null to clear.'),
      tags: csvListSchema('New tags (replace the old ones).').optional(),
      source_ref: sourceRefSchema.optional(),
      notes: z.string().trim().min(1).max(10_000).optional().describe('A progress note appended to the description with today\'s date.'),
    })
    .strict(),
  output: z.object({ decision: decisionSchema }),
  annotations: LOCAL_CREATE,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const updated = await ctx.services.memory.decisions.update(args.decision_id, {
      title: args.title,
      description: args.description,
      context: args.context,
      alternativesConsidered: args.alternatives_considered,
      decidedBy: args.decided_by,
      owner: args.owner,
      status: args.status,
      followUpDate: args.follow_up_date,
      tags: args.tags,
      sourceRef: args.source_ref,
      notes: args.notes,
    });
    if (!updated) throw ToolError.notFound('Decision', args.decision_id);
    return { decision: toDecisionOutput(updated) };
  },
});

function formatPending(items: readonly DecisionRecord[], total: number | undefined): string {
  if (items.length === 0) return 'No pending decisions.';
  const lines = [`Pending decisions (${total ?? items.length}):`, 'ID | Title | Owner | Follow-up | Created'];
  for (const d of items) {
    lines.push(`${d.id} | ${d.title} | ${d.owner || '—'} | ${d.followUpDate ?? '—'} | ${d.createdAt.slice(0, 10)}`);
  }
  return lines.join('\n');
}

export const listPendingDecisionsTool = defineTool({
  name: 'list_pending_decisions',
  examples: LIST_PENDING_DECISIONS_EXAMPLES,
  title: 'List pending decisions',
  description:
    'Lists decisions still waiting to be carried out, soonest follow-up first (no date last), with a plain-text table in ' +
    '`formatted`. follow_up_due_only keeps those whose follow-up date is today or earlier. Example: {"owner": "Noa"}.',
  input: z
    .object({
      owner: z.string().trim().max(200).optional().describe('Only decisions owned by this person (case-insensitive).'),
      follow_up_due_only: z.boolean().default(false).describe('Only decisions whose follow-up date has come.'),
      limit: limitSchema(DECISION_SEARCH_LIMITS.defaultLimit, DECISION_SEARCH_LIMITS.maxLimit, 'decisions'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(summarySchema).extend({ formatted: z.string() }),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const page = await ctx.services.memory.decisions.listPending(
      { owner: args.owner, followUpDueOnly: args.follow_up_due_only, today: ctx.clock.today() },
      { limit: args.limit, cursor: args.cursor },
    );
    return withWarnings(
      { items: page.items.map(toSummary), next_cursor: page.next_cursor, total: page.total, formatted: formatPending(page.items, page.total) },
      page.warnings,
    );
  },
});

export const deleteDecisionTool = defineTool({
  name: 'delete_decision',
  examples: DELETE_DECISION_EXAMPLES,
  title: 'Delete decision',
  description: 'Deletes a decision permanently. Prefer update_decision with status "reversed" to keep history. Example: {"decision_id": 12}.',
  input: z.object({ decision_id: idSchema('decision') }).strict(),
  output: deletedOutputSchema(),
  annotations: LOCAL_DELETE,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    if (!await ctx.services.memory.decisions.delete(args.decision_id)) throw ToolError.notFound('Decision', args.decision_id);
    return { deleted: true as const, id: args.decision_id };
  },
});
