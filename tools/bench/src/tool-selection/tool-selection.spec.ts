/**
 * The tool-selection benchmark's own code: the figures on tiny hand-made rankings (recall@k, MRR@10, Hebrew recall,
 * abstention), the peers' abstain threshold, the goal checks, the loaders refusing malformed fixtures with a message
 * that says what to fix, and one end-to-end evaluation over small fixtures. The quality goals themselves are not
 * asserted here: they are checked by `npm run bench -- --check tool-selection`.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import {
  checkSelectionGoals,
  evaluateToolSelection,
  formatSelectionTable,
  type SetFigures,
} from './evaluate-tool-selection.js';
import type { Embedder } from '@chief-of-staff/documents';
import { buildSemanticSource, toolEmbeddingText } from './semantic-similarity.js';
import { embeddingRanker } from './tool-rankers.js';
import {
  calibrateAbstainThreshold,
  selectionFigures,
  type JudgedRanking,
  type SelectionFigures,
} from './selection-metrics.js';
import { nameWords, parameterText, thirdPartyToolName } from './tool-selection-catalogue.js';
import {
  FixtureError,
  loadIntentSet,
  loadMetaTool,
  loadRecordedServers,
  loadRequestSet,
  type SelectionRequest,
} from './selection-fixtures.js';

const TESTING = resolve(import.meta.dirname, 'testing');
const request = (q: string, tools: string[], split: 'dev' | 'test' = 'dev'): SelectionRequest => ({
  q,
  tools,
  split,
});
const judged = (
  q: string,
  tools: string[],
  ranked: string[],
  abstained = ranked.length === 0,
): JudgedRanking => ({ request: request(q, tools), ranked, abstained });

describe('selection figures', () => {
  it('reads recall@1, @4, @5 and MRR@10 from where the first labelled tool ranks', () => {
    const figures = selectionFigures([
      judged('a', ['x'], ['x', 'y']), // rank 1
      judged('b', ['x', 'z'], ['y', 'q', 'z', 'x']), // rank 3 (z)
      judged('c', ['x'], ['a', 'b', 'c', 'd', 'x']), // rank 5
      judged('d', ['x'], ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'x']), // rank 11: past the MRR cut-off
    ]);
    expect(figures).toMatchObject({
      requests: 4,
      onTopic: 4,
      offTopic: 0,
      recallAt1: 0.25,
      recallAt4: 0.5,
      recallAt5: 0.75,
      abstainRate: null,
      hebrewRecallAt4: null,
    });
    expect(figures.mrrAt10).toBeCloseTo((1 + 1 / 3 + 1 / 5 + 0) / 4, 10);
  });

  it('counts an abstention on an on-topic request as a miss, and on an off-topic one as a success', () => {
    const figures = selectionFigures([
      judged('a', ['x'], []),
      judged('b', ['x'], ['x']),
      judged('off', [], []),
      judged('off 2', [], ['x']),
    ]);
    expect(figures).toMatchObject({
      onTopic: 2,
      offTopic: 2,
      recallAt1: 0.5,
      recallAt5: 0.5,
      mrrAt10: 0.5,
      abstainRate: 0.5,
      noToolRate: 0.5,
    });
  });

  it('reports Hebrew recall@4 over the Hebrew on-topic requests only', () => {
    const figures = selectionFigures([
      judged('מה ביומן', ['x'], ['y', 'x']),
      judged('תזכיר לי', ['x'], ['a', 'b', 'c', 'd', 'x']),
      judged('english', ['x'], []),
    ]);
    expect(figures.hebrewOnTopic).toBe(2);
    expect(figures.hebrewRecallAt4).toBe(0.5);
    expect(figures.recallAt4).toBeCloseTo(1 / 3, 10);
  });

  it('leaves the abstain rate out for a ranker that cannot abstain', () => {
    expect(selectionFigures([judged('off', [], [])], { canAbstain: false }).abstainRate).toBeNull();
  });
});

describe('peer abstain threshold', () => {
  it('separates on-topic from off-topic top scores when they can be separated', () => {
    const threshold = calibrateAbstainThreshold([5, 6, 7], [1, 2]);
    expect(threshold).toBeGreaterThan(2);
    expect(threshold).toBeLessThanOrEqual(5);
  });

  it('takes the lowest threshold of equal accuracy, and never abstains with nothing to learn from', () => {
    expect(calibrateAbstainThreshold([3, 4], [1])).toBe(2);
    expect(calibrateAbstainThreshold([3, 4], [])).toBe(0);
    expect(calibrateAbstainThreshold([], [1])).toBe(0);
  });

  it('balances the two kinds of error when the scores overlap', () => {
    // At 2.5: on-topic kept 3/4, off-topic declined 2/2 → 0.875, better than declining nothing (0.5).
    expect(calibrateAbstainThreshold([2, 3, 4, 5], [1, 2])).toBe(2.5);
  });
});

describe('goal checks', () => {
  const figures = (over: Partial<SelectionFigures>): SelectionFigures => ({
    requests: 10,
    onTopic: 8,
    offTopic: 2,
    hebrewOnTopic: 3,
    recallAt1: 0.9,
    recallAt4: 0.95,
    recallAt5: 0.95,
    mrrAt10: 0.9,
    hebrewRecallAt4: 0.9,
    abstainRate: 0.9,
    noToolRate: 0,
    ...over,
  });
  const row = (
    set: string,
    kind: 'own' | 'third-party',
    split: 'dev' | 'test',
    ranker: 'ours' | 'lunr' | 'minisearch',
    over: Partial<SelectionFigures> = {},
  ): SetFigures => ({ set, kind, split, ranker, figures: figures(over) });

  it('checks the own-tool goals on both halves but enforces only the dev half', () => {
    const checks = checkSelectionGoals([
      row('own', 'own', 'dev', 'ours', { hebrewRecallAt4: 0.8 }),
      row('own', 'own', 'test', 'ours', { recallAt1: 0.5 }),
    ]);
    const missed = checks.filter((c) => !c.met).map((c) => [c.goal, c.enforced]);
    expect(missed).toEqual([
      ['own dev: Hebrew recall@4 ≥ 0.88', true],
      ['own test: recall@1 ≥ 0.8', false],
    ]);
  });

  it('on a tracked set, reports the own-tool goals and enforces its floors instead', () => {
    const checks = checkSelectionGoals([
      row('own-requests', 'own', 'dev', 'ours', { recallAt4: 0.915, hebrewRecallAt4: 0.95, recallAt1: 0.7 }),
    ]);
    const missed = checks.filter((c) => !c.met).map((c) => [c.goal, c.enforced, c.tracked ?? false]);
    expect(missed).toEqual([
      ['own-requests dev: recall@4 ≥ 0.92', false, true],
      ['own-requests dev: recall@1 ≥ 0.8', false, true],
      ['own-requests dev: recall@1 ≥ 0.8 (floor)', true, false],
    ]);
  });

  it('holds the MetaTool set to its own margin and no-tool rate, reported until enforced', () => {
    const checks = checkSelectionGoals([
      row('metatool', 'third-party', 'dev', 'ours', { recallAt5: 0.6, noToolRate: 0.1 }),
      row('metatool', 'third-party', 'dev', 'lunr', { recallAt5: 0.5 }),
      row('metatool', 'third-party', 'dev', 'minisearch', { recallAt5: 0.4 }),
    ]);
    expect(checks.map((c) => [c.goal, c.met])).toEqual([
      ['metatool dev: recall@5 ≥ 1.15 × better peer', true],
      ['metatool dev: no tool offered ≤ 0.05', false],
    ]);
    expect(checks[0]?.target).toBeCloseTo(0.575, 10);
  });

  it('wants third-party recall@5 at least 1.1 × the better peer', () => {
    const goal = (ours: number) =>
      checkSelectionGoals([
        row('tp', 'third-party', 'dev', 'ours', { recallAt5: ours }),
        row('tp', 'third-party', 'dev', 'lunr', { recallAt5: 0.6 }),
        row('tp', 'third-party', 'dev', 'minisearch', { recallAt5: 0.5 }),
      ])[0];
    expect(goal(0.66)).toMatchObject({ met: true, enforced: true });
    expect(goal(0.65)?.met).toBe(false);
    expect(goal(0.65)?.target).toBeCloseTo(0.66, 10);
  });

  it('counts a request set that is not there as a missed goal', () => {
    expect(checkSelectionGoals([], ['third-party (no recorded servers)'])).toEqual([
      expect.objectContaining({ met: false, enforced: true }),
    ]);
  });
});

describe('catalogue text', () => {
  it('names third-party tools <server>__<tool> folded to [a-z0-9_] and splits names into words', () => {
    expect(thirdPartyToolName('weather', 'get-Alerts')).toBe('weather__get_alerts');
    expect(thirdPartyToolName('s', 'x'.repeat(80))).toHaveLength(64);
    expect(nameWords('github__searchRepositories')).toBe('github search repositories');
    expect(nameWords('create_calendar_event')).toBe('create calendar event');
    expect(
      parameterText({
        name: 't',
        title: 't',
        description: 'd',
        source: 'third-party',
        inputSchema: { properties: { dueDate: { description: 'When it is due' }, tags: {} } },
      }),
    ).toBe('due date When it is due\ntags');
  });
});

describe('semantic similarity', () => {
  // A stand-in for the offline model (whose vectors are not hand-checkable): one dimension per topic word, counted.
  const TOPICS = ['weather', 'note', 'mail'];
  const embedded: string[] = [];
  const embedder: Embedder = {
    id: 'topic-count@test',
    dims: TOPICS.length,
    embed: async (texts) => {
      embedded.push(...texts);
      return texts.map((text) =>
        Float32Array.from(TOPICS.map((topic) => text.toLowerCase().split(topic).length - 1 + 0.01)),
      );
    },
  };
  const tools = [
    {
      name: 'weather__forecast',
      title: 'Forecast',
      description: 'The weather for a city.',
      source: 'third-party' as const,
    },
    {
      name: 'notes__create_note',
      title: 'Create note',
      description: 'Writes a note.',
      source: 'third-party' as const,
    },
  ];
  const dir = mkdtempSync(join(tmpdir(), 'cos-tool-vectors-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('embeds name words, title and description once, reads them from the cache next time, and reads a Hebrew request through its gloss', async () => {
    expect(toolEmbeddingText(tools[1] as (typeof tools)[number])).toBe(
      'notes create note. Create note. Writes a note.',
    );
    const cachePath = join(dir, 'vectors.json');
    // The second Hebrew request has no word the lexicon knows: it gets no vector at all.
    const queries = ['what is the weather tomorrow', 'מה מזג האוויר', 'שקשוקה חריפה'];
    const first = await buildSemanticSource({ tools, queries, embedder, cachePath });
    expect(first.embedded).toEqual({ tools: 2, queries: 2, fromCache: 0 });
    expect(embedded).toHaveLength(4);
    expect(embedded).toContain('weather air');
    const second = await buildSemanticSource({ tools, queries, embedder, cachePath });
    expect(second.embedded.fromCache).toBe(4);
    expect(embedded).toHaveLength(4);
    expect(second.forQuery('שקשוקה חריפה')).toBeUndefined();
    expect(second.forQuery('מה מזג האוויר')?.('weather__forecast')).toBeGreaterThan(0.5);
    const similarity = second.forQuery('what is the weather tomorrow');
    expect(similarity?.('weather__forecast')).toBeGreaterThan(similarity?.('notes__create_note') ?? 1);
    expect(similarity?.('not_a_tool')).toBeUndefined();
    const ranker = embeddingRanker({ tools, overrides: {} }, second);
    expect(ranker.rank('what is the weather tomorrow').map((r) => r.tool)).toEqual([
      'weather__forecast',
      'notes__create_note',
    ]);
    expect(ranker.rank('שקשוקה חריפה')).toEqual([]);
  });
});

describe('fixture loaders', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cos-tool-selection-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, content: unknown) => {
    const path = join(dir, name);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };

  it('reads the fixtures of the documented shapes; "abstain" reads as no tools', () => {
    const intents = loadIntentSet(join(TESTING, 'intents.json'));
    expect(intents.requests.at(-1)).toEqual({ q: 'what is the capital of Peru', tools: [], split: 'dev' });
    expect(loadRequestSet(join(TESTING, 'own-requests.json'))).toHaveLength(3);
    expect(loadRecordedServers(join(TESTING, 'servers')).map((s) => [s.server, s.tools.length])).toEqual([
      ['notes', 1],
      ['weather', 2],
    ]);
    expect(loadRecordedServers(join(dir, 'not-there'))).toEqual([]);
  });

  it('reads the MetaTool catalogue and requests with the names the server serves, cutting requests to 500 characters', () => {
    const metaDir = join(dir, 'metatool');
    write('metatool/plugin_des.json', { 'PDF&URLTool': 'Reads PDFs and web pages.', calculator: 'Does sums.' });
    write(
      'metatool/dev-queries.jsonl',
      `${JSON.stringify({ query: 'summarise this pdf', tool: 'PDF&URLTool' })}\n${JSON.stringify({ query: `add ${'one '.repeat(200)}`, tool: 'calculator' })}\n`,
    );
    const { plugins, requests } = loadMetaTool(metaDir);
    expect(plugins.map((plugin) => plugin.name)).toEqual(['PDF_URLTool', 'calculator']);
    expect(requests[0]).toEqual({ q: 'summarise this pdf', tool: 'PDF_URLTool' });
    expect(requests[1]?.q.length).toBeLessThanOrEqual(500);
    expect(requests[1]?.q.endsWith('one')).toBe(true);
    write('metatool/dev-queries.jsonl', `${JSON.stringify({ query: 'hi', tool: 'nothing' })}\n`);
    expect(() => loadMetaTool(metaDir)).toThrow(/dev-queries.jsonl:1 \("hi"\): "tool" names no plugin/);
  });

  it.each([
    ['not JSON', '{ "requests": [', /is not valid JSON/],
    ['no requests array', { description: 'x' }, /expected an object with a "requests" array/],
    [
      'an empty request',
      { requests: [{ q: ' ', tools: [], split: 'dev' }] },
      /requests\[0\]: "q" must be a non-empty string/,
    ],
    [
      'tools not an array',
      { requests: [{ q: 'hi', tools: 'store_fact', split: 'dev' }] },
      /requests\[0\] \("hi"\): "tools" must be an array of tool names/,
    ],
    [
      'no split',
      { requests: [{ q: 'hi', tools: [] }] },
      /"split" must be "dev" or "test", got undefined; run .*assign-splits\.ts/,
    ],
  ])('refuses a request file with %s, naming the file and the entry', (_case, content, message) => {
    const path = write('requests.json', content);
    expect(() => loadRequestSet(path)).toThrow(FixtureError);
    expect(() => loadRequestSet(path)).toThrow(message);
    expect(() => loadRequestSet(path)).toThrow(path);
  });

  it('refuses an intent labelled both off-topic and with tools', () => {
    const path = write('intents.json', {
      external: {},
      intents: [{ q: 'hm', tools: ['abstain', 'store_fact'], split: 'dev' }],
    });
    expect(() => loadIntentSet(path)).toThrow(/"abstain" cannot be combined with tools/);
  });

  const server = {
    server: 'ok',
    package: 'p',
    version: '1.0.0',
    licence: 'MIT',
    tools: [{ name: 'a', description: 'Does a.', inputSchema: { type: 'object' } }],
  };
  it.each([
    ['no licence', { ...server, licence: undefined }, /"licence" must be a non-empty string/],
    [
      'a server name that is not [a-z0-9_]',
      { ...server, server: 'My-Server' },
      /"server" must be a short name of \[a-z0-9_\]/,
    ],
    [
      'a tool listed twice',
      { ...server, tools: [server.tools[0], server.tools[0]] },
      /tools\[1\]: tool "a" is listed twice/,
    ],
    [
      'a tool without a description',
      { ...server, tools: [{ name: 'a', inputSchema: {} }] },
      /tools\[0\] \(a\): "description" must be a non-empty string/,
    ],
    [
      'a tool without a schema',
      { ...server, tools: [{ name: 'a', description: 'x' }] },
      /"inputSchema" must be the tool's JSON Schema object/,
    ],
  ])('refuses a recorded server with %s', (_case, content, message) => {
    const servers = join(dir, `servers-${Math.random().toString(36).slice(2)}`);
    write(join(servers, 'bad.json').slice(dir.length + 1), content);
    expect(() => loadRecordedServers(servers)).toThrow(message);
  });
});

describe('evaluation over small fixtures', () => {
  const sources = {
    intentsPath: join(TESTING, 'intents.json'),
    ownRequestsPath: join(TESTING, 'own-requests.json'),
    serversDir: join(TESTING, 'servers'),
    thirdPartyRequestsPath: join(TESTING, 'third-party-requests.json'),
  };

  it('measures every set, split and ranker over the same catalogue, third-party tools beside ours', () => {
    const evaluation = evaluateToolSelection(sources);
    expect(evaluation.missingSets).toEqual([]);
    expect(evaluation.semantic).toBeNull();
    expect(Object.keys(evaluation.peerThresholds).sort()).toEqual(['lunr', 'minisearch']);
    expect(evaluation.catalogues['third-party']).toBe((evaluation.catalogues['intents'] ?? 0) + 3);
    const rows = evaluation.figures.map((f) => `${f.set}/${f.split}/${f.ranker}`);
    for (const set of ['intents', 'own-requests', 'third-party'])
      for (const split of ['dev', 'test'])
        for (const ranker of ['ours', 'lunr', 'minisearch'])
          expect(rows).toContain(`${set}/${split}/${ranker}`);
    expect(evaluation.servers).toEqual([
      expect.objectContaining({
        server: 'notes',
        package: 'example-notes-mcp',
        licence: 'Apache-2.0',
        tools: 1,
      }),
      expect.objectContaining({ server: 'weather', tools: 2 }),
    ]);
    expect(evaluation.goals.some((g) => g.goal === 'third-party dev: recall@5 ≥ 1.1 × better peer')).toBe(
      true,
    );
    expect(formatSelectionTable(evaluation)).toContain('| third-party (');
  });

  it('refuses a request labelled with a tool the catalogue does not hold', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cos-tool-selection-labels-'));
    try {
      const path = join(dir, 'requests.json');
      writeFileSync(
        path,
        JSON.stringify({
          description: 'x',
          requests: [{ q: 'forecast please', tools: ['weather__get_forecast'], split: 'dev' }],
        }),
      );
      expect(() => evaluateToolSelection({ ...sources, thirdPartyRequestsPath: path })).toThrow(
        /"weather__get_forecast", which the catalogue does not hold/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a set whose file is not there yet instead of failing', () => {
    const evaluation = evaluateToolSelection({ ...sources, serversDir: join(TESTING, 'no-servers') });
    expect(evaluation.missingSets).toEqual(['third-party (no recorded servers)']);
  });
});
