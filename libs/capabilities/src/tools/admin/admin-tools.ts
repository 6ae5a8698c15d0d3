/**
 * The administrator's tools (capability `admin`, ADR 0080): who the deployment's users are and how much each uses it,
 * for the owner (the server token, the CLI) and agents granted `admin`. They answer with accounts and counts only —
 * never a title, value, name or text anybody stored — and refuse a signed-in user, whose scope is their own data.
 */
import { z } from 'zod';
import { currentPrincipalScope, defineTool, OWNER_PRINCIPAL, ToolError, type ToolContext } from '@chief-of-staff/core';
import { emptyPrincipalUsage, unknownUserError, userEmailKey, type MemoryStore, type PrincipalUsageRecord, type UserRecord } from '@chief-of-staff/stores';
import { LOCAL_READ } from '../memory-common/annotations.js';
import type { MemoryServices } from '../memory-common/memory-services.js';

/** The capability that grants these tools to an agent. */
export const ADMIN_CAPABILITY = 'admin';

const MAX_USAGE_DAYS = 365;
const DEFAULT_USAGE_DAYS = 30;

/**
 * Only the administrator: the owner's scope (a call without a signed-in user, or with the server token), and an agent
 * only when granted `admin`. A user's scope — their own call, an agent run or a scheduled task they started — is refused.
 */
function requireAdministrator(ctx: ToolContext<MemoryServices>): void {
  const scope = currentPrincipalScope();
  if (ctx.caller.principal?.kind === 'user' || (scope !== OWNER_PRINCIPAL && scope.startsWith('user:'))) {
    throw new ToolError('PERMISSION_DENIED', 'Only the administrator of this deployment may see its users and their usage.', {
      hint: 'Sign in with the server token (the owner), or ask the administrator: `cos stats --user <email>` shows one person\'s usage.',
    });
  }
  if (ctx.caller.kind === 'agent' && ctx.caller.capabilities !== undefined && !ctx.caller.capabilities.includes(ADMIN_CAPABILITY)) {
    throw new ToolError('PERMISSION_DENIED', `Agent "${ctx.caller.agentName ?? 'agent'}" lacks the capability ${ADMIN_CAPABILITY}.`, {
      hint: `Add ${ADMIN_CAPABILITY} to the agent's capabilities (a restricted capability) to let it read usage counts.`,
    });
  }
}

const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.string(),
  created_at: z.string(),
  last_token_used_at: z.string().nullable().describe('When any of their personal access tokens last signed them in (null: never).'),
});

/** The most recent use of any of the user's personal access tokens. */
async function lastTokenUse(memory: MemoryStore, userId: number): Promise<string | null> {
  const uses = (await memory.accessTokens.listForUser(userId)).map((token) => token.lastUsedAt).filter((at): at is string => at !== null);
  return uses.length === 0 ? null : uses.reduce((latest, at) => (Date.parse(at) > Date.parse(latest) ? at : latest));
}

export const adminListUsersTool = defineTool({
  name: 'admin_list_users',
  title: 'List users (administrator)',
  description:
    'Lists the people this deployment serves (added with `cos users add`): id, email, status, when they were added and when a ' +
    'personal access token last signed them in. Administrator only (the owner, or an agent with capability admin); a signed-in ' +
    'user is refused. Shows accounts, never anybody\'s data. Example: {}.',
  input: z.object({}).strict(),
  output: z.object({ items: z.array(userSchema) }),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(_args, ctx: ToolContext<MemoryServices>) {
    requireAdministrator(ctx);
    const { memory } = ctx.services;
    const users = await memory.users.list();
    const items = [];
    for (const user of users) {
      items.push({ id: user.id, email: user.email, status: user.status, created_at: user.createdAt, last_token_used_at: await lastTokenUse(memory, user.id) });
    }
    return { items };
  },
});

const usageSchema = z.object({
  principal: z.string().describe('owner, or user:<id>.'),
  user_id: z.number().int().nullable(),
  email: z.string().nullable().describe('The user\'s email; null for the owner (and for rows of a user no longer on record).'),
  status: z.string().nullable(),
  facts: z.number().int(),
  people: z.number().int(),
  decisions: z.number().int(),
  delegations: z.number().int(),
  documents: z.number().int(),
  scheduled_tasks: z.number().int(),
  tool_calls: z.number().int().describe('Tool calls in the window.'),
  tool_errors: z.number().int().describe('Of those, the failed ones.'),
  last_activity_at: z.string().nullable().describe('Their most recent tool call, at any time.'),
});

export type PrincipalUsageOutput = z.infer<typeof usageSchema>;

function usageOutput(record: PrincipalUsageRecord, user: UserRecord | undefined): PrincipalUsageOutput {
  return {
    principal: record.principal,
    user_id: user?.id ?? null,
    email: user?.email ?? null,
    status: user?.status ?? null,
    facts: record.facts,
    people: record.people,
    decisions: record.decisions,
    delegations: record.delegations,
    documents: record.documents,
    scheduled_tasks: record.scheduledTasks,
    tool_calls: record.toolCalls,
    tool_errors: record.toolErrors,
    last_activity_at: record.lastActivityAt,
  };
}

/**
 * Usage per principal over the last `days`: the owner first, then every user (with zeros for one who has stored
 * nothing), then any principal whose rows outlived their user. With `email`, that one user only (NOT_FOUND otherwise).
 */
export async function principalUsageReport(
  memory: MemoryStore,
  options: { days: number; now: Date; email?: string },
): Promise<{ since: string; days: number; items: PrincipalUsageOutput[] }> {
  const since = new Date(options.now.getTime() - options.days * 86_400_000).toISOString();
  const counted = new Map((await memory.principalUsage.usage({ since })).map((record) => [record.principal, record]));
  const usageOf = (principal: string) => counted.get(principal) ?? emptyPrincipalUsage(principal);
  if (options.email !== undefined) {
    const user = await memory.users.getByEmail(options.email);
    if (user === undefined) throw unknownUserError(userEmailKey(options.email));
    return { since, days: options.days, items: [usageOutput(usageOf(`user:${user.id}`), user)] };
  }
  const users = await memory.users.list();
  const items = [usageOutput(usageOf(OWNER_PRINCIPAL), undefined)];
  const listed = new Set([OWNER_PRINCIPAL]);
  for (const user of users) {
    listed.add(`user:${user.id}`);
    items.push(usageOutput(usageOf(`user:${user.id}`), user));
  }
  for (const [principal, record] of counted) if (!listed.has(principal)) items.push(usageOutput(record, undefined));
  return { since, days: options.days, items };
}

export const adminUsageTool = defineTool({
  name: 'admin_usage',
  title: 'Usage per user (administrator)',
  description:
    'Counts, per person of this deployment, their facts, people, decisions, delegations, documents and scheduled tasks, their ' +
    'tool calls and failed calls in the last `days` days, and their last activity — numbers only, never a title, value or name. ' +
    'The owner comes first, then each user. Administrator only (the owner, or an agent with capability admin); a signed-in user ' +
    'is refused. Example: {"days": 7} or {"email": "noa@example.com"}.',
  input: z
    .object({
      days: z.number().int().min(1).max(MAX_USAGE_DAYS).default(DEFAULT_USAGE_DAYS).describe(`Window for tool calls and errors, in days (1–${MAX_USAGE_DAYS}, default ${DEFAULT_USAGE_DAYS}).`),
      email: z.string().trim().min(3).max(320).optional().describe('One user\'s email, to count only theirs.'),
    })
    .strict(),
  output: z.object({ since: z.string(), days: z.number().int(), items: z.array(usageSchema) }),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    requireAdministrator(ctx);
    return principalUsageReport(ctx.services.memory, { days: args.days, now: ctx.clock.now(), ...(args.email === undefined ? {} : { email: args.email }) });
  },
});

/** The `admin` tool group. */
export const adminTools = [adminListUsersTool, adminUsageTool] as const;
