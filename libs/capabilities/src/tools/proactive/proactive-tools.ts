/**
 * get_proactive_suggestions and dismiss_suggestion: what needs attention now (overdue and near delegations, stale
 * decisions and due follow-ups, unanswered mail from people who write often, meetings in the next day nothing is
 * noted about, webhook events nobody handled, failing scheduled tasks, pending skill suggestions, triggered alerts),
 * and a way to set one aside for good or for some days. Dismissals live in their own table, never in facts.
 */
import { z } from 'zod';
import { defineTool, ToolError, type CosConfig, type ToolContext } from '@chief-of-staff/core';
import { isSuggestionHidden, SUGGESTION_CATEGORIES, type MemoryStore, type SuggestionCategory } from '@chief-of-staff/stores';
import type { ProviderRegistry } from '@chief-of-staff/providers';
import { computeSuggestions, type Suggestion, type SuggestionPriority } from '../../proactive/compute-suggestions.js';
import { LOCAL_READ, LOCAL_UPSERT } from '../memory-common/annotations.js';
import { cursorSchema, limitSchema } from '../memory-common/memory-schemas.js';
import { decodeOffsetCursor, nextOffsetCursor } from '../shared/offset-cursor.js';
import { GET_PROACTIVE_SUGGESTIONS_EXAMPLES, DISMISS_SUGGESTION_EXAMPLES } from './proactive-tools.examples.js';

export interface ProactiveServices {
  memory: MemoryStore;
  providers?: Pick<ProviderRegistry, 'mail' | 'calendar'>;
  config?: Pick<CosConfig, 'user'>;
}

const PRIORITIES = ['high', 'medium', 'low'] as const;
const RANK: Record<SuggestionPriority, number> = { high: 0, medium: 1, low: 2 };

const suggestionSchema = z.object({
  key: z.string(),
  category: z.enum(SUGGESTION_CATEGORIES),
  priority: z.enum(PRIORITIES),
  title: z.string(),
  description: z.string(),
  action: z.string(),
  entity_ref: z.object({ type: z.string(), id: z.string() }),
  created_at: z.string(),
  dismissed: z.boolean().optional(),
});

/** Every suggestion now, with what the user did about each; shared by the tool and the scheduled push. */
export async function currentSuggestions(ctx: Pick<ToolContext<ProactiveServices>, 'services' | 'clock' | 'logger'>): Promise<Suggestion[]> {
  const { memory, providers, config } = ctx.services;
  const now = ctx.clock.now();
  const own = [config?.user.email, ...(config?.user.handles ?? [])].filter((value): value is string => typeof value === 'string' && value.includes('@'));
  return computeSuggestions(
    { memory, ...(providers ? { providers } : {}), ownAddresses: own, now, today: ctx.clock.today(), timezone: ctx.clock.timezone, logger: ctx.logger },
    async (title) => (await memory.facts.substringCandidates(title, { limit: 1 })).length > 0,
  );
}

export const getProactiveSuggestionsTool = defineTool({
  name: 'get_proactive_suggestions',
  examples: GET_PROACTIVE_SUGGESTIONS_EXAMPLES,
  title: 'What needs attention',
  description:
    'Suggests what needs attention now, most urgent first: overdue or nearly due delegations, decisions waiting too long or due for ' +
    'follow-up, unanswered mail from people who write often, meetings in the next day with nothing noted about them, failed or unrouted ' +
    'webhook events (one entry per source and type, with a count), failing scheduled tasks, pending skill suggestions and triggered ' +
    'alerts (naming only what no other entry lists) — each with the tool that acts on it. Overdue comes before due soon. ' +
    'Example: {"min_priority": "medium"}.',
  input: z
    .object({
      category: z.enum(SUGGESTION_CATEGORIES).optional().describe('Only this kind.'),
      min_priority: z.enum(PRIORITIES).default('low').describe('Leave out anything below this priority.'),
      include_dismissed: z.boolean().default(false).describe('Also show suggestions you dismissed or snoozed.'),
      limit: limitSchema(25, 100, 'suggestions'),
      cursor: cursorSchema,
    })
    .strict(),
  output: z.object({ items: z.array(suggestionSchema), next_cursor: z.string().nullable(), total: z.number().int() }),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<ProactiveServices>) {
    const offset = decodeOffsetCursor(args.cursor);
    const all = await currentSuggestions(ctx);
    const states = await ctx.services.memory.suggestionState.getMany(all.map((suggestion) => suggestion.key));
    const nowIso = ctx.clock.now().toISOString();
    const shown = all
      .filter((suggestion) => (args.category === undefined || suggestion.category === args.category) && RANK[suggestion.priority] <= RANK[args.min_priority])
      .map((suggestion) => ({ ...suggestion, hidden: isSuggestionHidden(states.get(suggestion.key), nowIso) }))
      .filter((suggestion) => args.include_dismissed || !suggestion.hidden);
    const page = shown.slice(offset, offset + args.limit).map(({ hidden, ...suggestion }) => (args.include_dismissed ? { ...suggestion, dismissed: hidden } : suggestion));
    const next = nextOffsetCursor(offset, args.limit, shown.length);
    return { items: page, next_cursor: next, total: shown.length };
  },
});

export const dismissSuggestionTool = defineTool({
  name: 'dismiss_suggestion',
  examples: DISMISS_SUGGESTION_EXAMPLES,
  title: 'Dismiss suggestion',
  description:
    'Sets a suggestion aside: for good, or for snooze_days days. The key is stable, so it does not come back when its title changes. ' +
    'Nothing else is changed. Example: {"key": "delegation:12", "snooze_days": 3}.',
  input: z
    .object({
      key: z.string().trim().min(3).max(200).regex(/^[a-z_]+:.+$/, 'use the key get_proactive_suggestions returned, e.g. "delegation:12"').describe('The suggestion key.'),
      snooze_days: z.number().int().min(1).max(365).optional().describe('Hide it for this many days; leave out to dismiss it for good.'),
    })
    .strict(),
  output: z.object({ key: z.string(), dismissed_until: z.string().nullable() }),
  annotations: LOCAL_UPSERT,
  latency: 'fast',
  async handler(args, ctx: ToolContext<ProactiveServices>) {
    const category = args.key.split(':')[0] as SuggestionCategory;
    if (!SUGGESTION_CATEGORIES.includes(category)) {
      throw ToolError.invalidArgument('key', `"${category}" is not a suggestion category.`, `Keys start with one of: ${SUGGESTION_CATEGORIES.join(', ')}.`);
    }
    const until = args.snooze_days === undefined ? undefined : new Date(ctx.clock.now().getTime() + args.snooze_days * 86_400_000).toISOString();
    await ctx.services.memory.suggestionState.dismiss(args.key, category, until);
    return { key: args.key, dismissed_until: until ?? null };
  },
});

export const proactiveTools = [getProactiveSuggestionsTool, dismissSuggestionTool] as const;
