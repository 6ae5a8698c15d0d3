import { describe, expect, it } from '@jest/globals';
import { createToolIntelligenceRegistry, MIN_LEARNED_SAMPLES, type CatalogueToolInfo } from './tool-intelligence-registry.js';
import type { LearnedToolStatistics, ToolStatisticsSource } from './tool-intelligence.js';

const tools: CatalogueToolInfo[] = [
  { name: 'query_memory', title: 'Query memory', description: 'Searches remembered facts.', latency: 'fast' },
  { name: 'search_documents', title: 'Search documents', description: 'Searches indexed documents.', latency: 'medium' },
  { name: 'get_calendar_events', title: 'Calendar events', description: 'Events in a date range.', latency: 'fast' },
];

function figures(samples: number, p50DurationMs: number, p50ResponseBytes: number): LearnedToolStatistics {
  return { samples, p50DurationMs, p95DurationMs: p50DurationMs * 2, p50ResponseBytes, p95ResponseBytes: p50ResponseBytes * 2 };
}

/** A usage log as the registry sees it, remembering which tools it was asked about. */
function recordingSource(byTool: Record<string, LearnedToolStatistics>): ToolStatisticsSource & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    learnedStatistics(toolName) {
      asked.push(toolName);
      return byTool[toolName];
    },
  };
}

describe('tool intelligence registry: learned figures', () => {
  it("takes a tool's typical latency and size from its usage once there are enough successful calls", () => {
    const statistics = recordingSource({
      query_memory: figures(MIN_LEARNED_SAMPLES, 640, 4_000),
      search_documents: figures(MIN_LEARNED_SAMPLES - 1, 9_000, 40_000),
    });
    const registry = createToolIntelligenceRegistry({ tools, statistics });
    const learned = registry.get('query_memory');
    expect(learned?.latency.typicalMs).toBe(640);
    expect(learned?.response.typicalTokens).toBe(1_000);
    // Time limits are never learned.
    expect(learned?.latency.timeoutMs).toBe(30_000);
    // Too few calls: the declared tier's figures stay.
    expect(registry.get('search_documents')?.latency.typicalMs).toBe(5_000);
    expect(registry.get('get_calendar_events')?.latency.typicalMs).toBe(200);
  });

  it("reads only the called tool's figures for a direct call, and each tool's once", () => {
    const statistics = recordingSource({ query_memory: figures(50, 300, 1_200) });
    const registry = createToolIntelligenceRegistry({ tools, statistics });
    registry.get('query_memory');
    registry.get('query_memory');
    expect(statistics.asked).toEqual(['query_memory']);
    registry.list();
    expect([...statistics.asked].sort()).toEqual(['get_calendar_events', 'query_memory', 'search_documents']);
  });

  it('applies figures still being read (an asynchronous source) on the first lookup after they are in', () => {
    const arrived = new Set<string>();
    const statistics: ToolStatisticsSource = {
      learnedStatistics: (toolName) => (arrived.has(toolName) ? figures(50, 300, 1_200) : undefined),
      ready: (toolName) => arrived.has(toolName),
    };
    const registry = createToolIntelligenceRegistry({ tools, statistics });
    const entry = registry.get('query_memory');
    expect(entry?.latency.typicalMs).toBe(200);
    arrived.add('query_memory');
    expect(registry.get('query_memory')?.latency.typicalMs).toBe(300);
    // The same entry, refined: whoever holds it sees the figures too.
    expect(entry?.latency.typicalMs).toBe(300);
    expect(registry.get('query_memory')?.response.typicalTokens).toBe(300);
  });
});

describe('tool intelligence registry: example requests', () => {
  it("answers a tool's examples (an override's, else its definition's) and indexes them, without reading any tool's figures", () => {
    const statistics = recordingSource({});
    const external: CatalogueToolInfo = { name: 'rota__lookup', title: 'Lookup', description: 'Returns the rota entry for a slot.' };
    const memory: CatalogueToolInfo = { ...(tools[0] as CatalogueToolInfo), examples: { en: ['what do you remember about my allergies?'], he: ['מה אמרתי לך פעם על הדיאטה שלי?'] } };
    const registry = createToolIntelligenceRegistry({
      tools: [memory, ...tools.slice(1), external],
      statistics,
      overrides: { rota__lookup: { examples: ['who is on call this weekend'] } },
    });
    expect(registry.examples?.('rota__lookup')).toEqual(['who is on call this weekend']);
    expect(registry.examples?.('query_memory')).toEqual(['what do you remember about my allergies?', 'מה אמרתי לך פעם על הדיאטה שלי?']);
    expect(registry.catalogueIndex?.().search('who is on call this weekend')[0]?.tool).toBe('rota__lookup');
    expect(statistics.asked).toEqual([]);
    // The entry says the same.
    expect(registry.get('rota__lookup')?.examples).toEqual(['who is on call this weekend']);
  });
});

describe("tool intelligence registry: a tool's own keywords", () => {
  it("adds the keywords its definition declares to its domain's signals, English first; without any, it has its domain's alone", () => {
    const keywords = { weight: 88, en: ['what do i know'], he: ['מה ידוע לי'] };
    const plain = createToolIntelligenceRegistry({ tools });
    const registry = createToolIntelligenceRegistry({ tools: [{ ...(tools[0] as CatalogueToolInfo), examples: { en: [], he: [], keywords } }] });
    const domainSignals = plain.get('query_memory')?.intentSignals ?? [];
    expect(domainSignals.length).toBeGreaterThan(0);
    expect(registry.get('query_memory')?.intentSignals).toEqual([...domainSignals, { weight: 88, keywords: ['what do i know', 'מה ידוע לי'] }]);
  });
});

describe('tool intelligence registry: the catalogue index', () => {
  it('indexes names, titles, descriptions and parameter descriptions on first use', () => {
    const registry = createToolIntelligenceRegistry({
      tools: [...tools, { name: 'create_delegation', title: 'Create delegation', description: 'Records a handed-off task.', inputSchema: { properties: { owner: { description: 'Who the task is delegated to' } } } }],
    });
    const index = registry.catalogueIndex?.();
    expect(index?.size).toBe(4);
    expect(index?.search('who is it delegated to')[0]?.tool).toBe('create_delegation');
  });

  it("brings a kept index up to date when the catalogue changes: a joining server's tools are added, a leaving one's removed", () => {
    const first = createToolIntelligenceRegistry({ tools: [...tools, { name: 'old__tool', title: 'Old tool', description: 'Something that leaves.' }] });
    const kept = first.catalogueIndex?.();
    const next = createToolIntelligenceRegistry({ tools: [...tools, { name: 'files__read_file', title: 'Read file', description: 'Reads a file.' }], ...(kept ? { catalogueIndex: kept } : {}) });
    const index = next.catalogueIndex?.();
    expect(index).toBe(kept);
    expect(index?.names().sort()).toEqual(['files__read_file', 'get_calendar_events', 'query_memory', 'search_documents']);
    expect(index?.search('read a file')[0]?.tool).toBe('files__read_file');
  });

  /** A catalogue big enough that building its index takes more than one slice: a joined server's 3,000 tools. */
  const bigCatalogue = (): CatalogueToolInfo[] => [
    ...tools,
    ...Array.from({ length: 3_000 }, (_, i) => ({
      name: `big__tool_${i}`,
      title: `Tool ${i}`,
      description: `Looks up record number ${i} of the ledger, with its history, owners and related entries ${i % 7 === 0 ? 'in the archive' : 'today'}.`,
      inputSchema: { properties: { record: { description: 'Which record to look up' } } },
    })),
  ];
  const searchOf = (registry: ReturnType<typeof createToolIntelligenceRegistry>) =>
    registry.catalogueIndex?.().search('look up an archived ledger record and its owners').slice(0, 20);

  it('builds the index in the background a slice at a time, leaving the event loop free between slices, to the same index', async () => {
    const warmed = createToolIntelligenceRegistry({ tools: bigCatalogue() });
    let turnsDuringWarmUp = 0;
    let done = false;
    const countTurns = (): void => {
      if (done) return;
      turnsDuringWarmUp += 1;
      setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const first = warmed.warmCatalogueIndex?.();
    // A second caller waits for the same build.
    await warmed.warmCatalogueIndex?.();
    done = true;
    expect(warmed.catalogueIndex?.().size).toBe(3_003);
    await first;
    // Other work (a client's initialize and tools/list) ran while the index was being built.
    expect(turnsDuringWarmUp).toBeGreaterThan(1);
    const atOnce = createToolIntelligenceRegistry({ tools: bigCatalogue() });
    expect(warmed.catalogueIndex?.().size).toBe(3_003);
    expect(searchOf(warmed)).toEqual(searchOf(atOnce));
  });

  it('finishes a background build at once when a search needs the index first, and the build then stops', async () => {
    const registry = createToolIntelligenceRegistry({ tools: bigCatalogue() });
    const warming = registry.warmCatalogueIndex?.();
    const index = registry.catalogueIndex?.();
    expect(index?.size).toBe(3_003);
    const first = searchOf(registry);
    await warming;
    expect(registry.catalogueIndex?.()).toBe(index);
    expect(index?.size).toBe(3_003);
    expect(searchOf(registry)).toEqual(first);
    expect(first).toEqual(searchOf(createToolIntelligenceRegistry({ tools: bigCatalogue() })));
  });

  it('brings a kept index up to date in the background too: a tool that left is gone once the build is over', async () => {
    const first = createToolIntelligenceRegistry({ tools: [...bigCatalogue(), { name: 'old__tool', title: 'Old tool', description: 'Something that leaves.' }] });
    const kept = first.catalogueIndex?.();
    const next = createToolIntelligenceRegistry({ tools: bigCatalogue(), ...(kept ? { catalogueIndex: kept } : {}) });
    await next.warmCatalogueIndex?.();
    expect(next.catalogueIndex?.()).toBe(kept);
    expect(kept?.has('old__tool')).toBe(false);
    expect(kept?.size).toBe(3_003);
  });
});
