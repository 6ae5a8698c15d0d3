/**
 * Tool selection quality on the labelled intent set (tools/bench/fixtures/intents.json): recall@1 and recall@4
 * overall and for the Hebrew requests, and how often off-topic requests are declined, over the real catalogue plus
 * the fake web and official-data servers the fixture declares. Also the scorer's speed over 80, 500 and 5,000 tools.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { builtInToolGroups } from '@chief-of-staff/sdk';
import { createToolIntelligenceRegistry, createToolSelector, scoreAllTools, type CatalogueToolInfo, type ToolIntelligenceOverride } from '@chief-of-staff/orchestration';

interface ExternalTool {
  domain: string;
  priority: number;
  hierarchy?: string[];
  keywords: string[];
  exclusiveIntent?: string;
}

interface IntentFixture {
  external: Record<string, ExternalTool>;
  intents: Array<{ q: string; tools: string[] }>;
}

const fixture = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'fixtures', 'intents.json'), 'utf8')) as IntentFixture;
const internal: CatalogueToolInfo[] = builtInToolGroups().flatMap((group) => group.tools.map((tool) => ({ name: tool.name, title: tool.title, description: tool.description, latency: tool.latency, examples: tool.examples })));
const external: CatalogueToolInfo[] = Object.keys(fixture.external).map((name) => ({ name, title: name.replace('__', ' '), description: `External tool ${name}.` }));
const overrides: Record<string, ToolIntelligenceOverride> = Object.fromEntries(
  Object.entries(fixture.external).map(([name, tool]) => [
    name,
    {
      domain: tool.domain,
      priority: tool.priority,
      hierarchy: tool.hierarchy ?? [],
      intentSignals: [{ keywords: tool.keywords, weight: tool.exclusiveIntent ? 95 : 80, ...(tool.exclusiveIntent ? { exclusiveIntent: tool.exclusiveIntent } : {}) }],
    },
  ]),
);
const tools = [...internal, ...external];
const registry = createToolIntelligenceRegistry({ tools, overrides });
const names = tools.map((tool) => tool.name);

/** Recall figures of the intent set; also used by the unit test that guards them. */
export function evaluateIntents(): Record<string, number> {
  const hebrew = /[\u05D0-\u05EA]/;
  let onTopic = 0;
  let at1 = 0;
  let at4 = 0;
  let heTopic = 0;
  let heAt4 = 0;
  let offTopic = 0;
  let abstained = 0;
  for (const intent of fixture.intents) {
    const ranked = scoreAllTools(intent.q, names, { registry }).map((score) => score.tool);
    if (intent.tools.includes('abstain')) {
      offTopic += 1;
      if (ranked.length === 0) abstained += 1;
      continue;
    }
    onTopic += 1;
    const hit1 = intent.tools.includes(ranked[0] ?? '');
    const hit4 = ranked.slice(0, 4).some((tool) => intent.tools.includes(tool));
    if (hit1) at1 += 1;
    if (hit4) at4 += 1;
    if (hebrew.test(intent.q)) {
      heTopic += 1;
      if (hit4) heAt4 += 1;
    }
  }
  return {
    intents: fixture.intents.length,
    recall_at_1: at1 / onTopic,
    recall_at_4: at4 / onTopic,
    hebrew_recall_at_4: heAt4 / heTopic,
    abstain_rate: abstained / offTopic,
  };
}

/** The ten worst misses: requests whose labelled tool ranks lowest (or not at all), with the scorer's explanation. */
export function worstMisses(limit = 10): Array<{ q: string; want: string[]; got: string[] }> {
  const misses: Array<{ q: string; want: string[]; got: string[]; rank: number }> = [];
  for (const intent of fixture.intents) {
    const ranked = scoreAllTools(intent.q, names, { registry }).map((score) => score.tool);
    const abstain = intent.tools.includes('abstain');
    const rank = abstain ? (ranked.length === 0 ? 0 : 99) : ranked.findIndex((tool) => intent.tools.includes(tool));
    if (rank !== 0) misses.push({ q: intent.q, want: intent.tools, got: ranked.slice(0, 3), rank: rank === -1 ? 100 : rank });
  }
  return misses.sort((a, b) => b.rank - a.rank).slice(0, limit).map(({ rank: _rank, ...miss }) => miss);
}

function syntheticTools(count: number): { names: string[]; registry: ReturnType<typeof createToolIntelligenceRegistry> } {
  const extra = Array.from({ length: Math.max(0, count - tools.length) }, (_, i) => ({ name: `server${i % 40}__tool_${i}`, title: `Tool ${i}`, description: `External tool number ${i} for reports and lookups.` }));
  const all = [...tools, ...extra].slice(0, count);
  return { names: all.map((tool) => tool.name), registry: createToolIntelligenceRegistry({ tools: all, overrides }) };
}

const selector = createToolSelector({ registry, maxTools: 8 });
const cachedQuery = 'find a time that works for Dana and me next week';
selector.select(cachedQuery, names);

const sizes = [80, 500, 5_000].map((count) => ({ count, ...syntheticTools(count) }));
let next = 0;
const queries = fixture.intents.map((intent) => intent.q);

export const benchmarks = [
  {
    name: 'orchestration: intent set recall (EN + HE) and abstention',
    fn: () => undefined,
    iterations: 1,
    time: 0,
    metrics: evaluateIntents,
  },
  {
    name: 'orchestration: cached selectTools (shortlist of 8 from the catalogue)',
    fn: () => selector.select(cachedQuery, names),
    iterations: 2_000,
    goal: { metric: 'p95', max: 0.05 },
  },
  ...sizes.map(({ count, names: toolNames, registry: sized }) => ({
    name: `orchestration: scoreAllTools over ${count} tools`,
    fn: () => scoreAllTools(queries[next++ % queries.length] as string, toolNames, { registry: sized }),
    iterations: 200,
    ...(count === 500 ? { goal: { metric: 'p95', max: 1 } } : {}),
  })),
];

if (process.argv.includes('--misses')) console.log(JSON.stringify(worstMisses(), null, 2));
