/**
 * `npm run bench -- tool-selection` (this file's part): the MetaTool development set through `tool_search` over MCP,
 * as a user gets it. Our server runs from source on a fresh data directory whose `mcp-servers.json` joins the MetaTool
 * catalogue (`metatool-server.mjs`: 199 ChatGPT plugins, names and descriptions only) beside the built-in tools, with
 * `orchestration.reexportExternal` on. Once the plugins are listed and every tool description is embedded, each of
 * the 796 requests is asked once with `limit: 5`; an answer with no items (the "no tool fits" note) is an abstention,
 * and a miss. Lunr and MiniSearch index the same served names, titles, descriptions and parameters, read from the
 * server's own `tools/list`, in the same run. Figures: recall@1, recall@5, no-tool rate, and the ratio of our
 * recall@5 to the better peer's (goal ≥ 1.15, no tool for ≤ 5 % of requests; docs/adr/0094). Writes
 * tools/bench/results/tool-selection-metatool-mcp.json with the misses, worst first.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectSourceServer } from '../mcp/source-server-client.js';
import { waitForToolVectors } from '../mcp/tool-vectors-settled.js';
import { loadMetaTool, METATOOL_DIR, type SelectionRequest } from './selection-fixtures.js';
import { selectionFigures, firstHitRank, type SelectionFigures } from './selection-metrics.js';
import { METATOOL_SERVER, thirdPartyToolName, type SelectionCatalogue, type SelectionCatalogueTool } from './tool-selection-catalogue.js';
import { lunrRanker, miniSearchRanker } from './tool-rankers.js';

const RESULTS = resolve(import.meta.dirname, '..', '..', 'results');
const SERVER_SCRIPT = join(import.meta.dirname, 'metatool-server.mjs');
/** Joining, listing and embedding ~300 descriptions in the background; this bounds the wait. */
const SETTLE_TIMEOUT_MS = 300_000;
/** The background pass writes its file every 64 vectors: this long without a change means it is done. */
const SETTLED_AFTER_MS = 20_000;
const LIMIT = 5;
export const METATOOL_MCP_GOALS = { peerMargin: 1.15, maxNoToolRate: 0.05 };

interface Run {
  ours: SelectionFigures;
  lunr: SelectionFigures;
  minisearch: SelectionFigures;
  ratio: number;
  tools: number;
  medianMs: number;
  misses: Array<{ q: string; want: string; got: string[]; note?: string }>;
}
let run: Run | undefined;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Answer {
  items?: Array<{ name: string }>;
  note?: string;
}

async function search(client: Client, query: string): Promise<Answer> {
  const result = await client.callTool({ name: 'tool_search', arguments: { query, limit: LIMIT } });
  if (result.isError) throw new Error(JSON.stringify(result.content));
  return (result.structuredContent ?? {}) as Answer;
}

function prepareDataDir(dataDir: string): void {
  writeFileSync(join(dataDir, 'cos.config.yaml'), 'orchestration:\n  reexportExternal: true\n');
  const entry = { command: process.execPath, args: [SERVER_SCRIPT], env: { METATOOL_CATALOGUE: join(METATOOL_DIR, 'plugin_des.json') } };
  writeFileSync(join(dataDir, 'mcp-servers.json'), JSON.stringify({ mcpServers: { [METATOOL_SERVER]: entry } }, null, 2));
}

async function measure(): Promise<Run> {
  const { requests } = loadMetaTool();
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-bench-metatool-'));
  prepareDataDir(dataDir);
  const client = await connectSourceServer(dataDir, 'metatool-bench');
  try {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    let listed = (await client.listTools()).tools;
    while (!listed.some((tool) => tool.name.startsWith(`${METATOOL_SERVER}__`))) {
      if (Date.now() > deadline) throw new Error(`the ${METATOOL_SERVER} server never joined: is ${dataDir}/mcp-servers.json read?`);
      await sleep(250);
      listed = (await client.listTools()).tools;
    }
    await search(client, 'warm up');
    const served = listed.filter((tool) => tool.name !== 'tool_search');
    // Idle until the background pass is done, as on a server that has been running a while (it works only between
    // calls).
    await waitForToolVectors(dataDir, served.length, { deadline, settledAfterMs: SETTLED_AFTER_MS });
    const catalogue: SelectionCatalogue = {
      tools: served.map(
        (tool): SelectionCatalogueTool => ({
          name: tool.name,
          title: tool.title ?? tool.annotations?.title ?? tool.name,
          description: tool.description ?? '',
          inputSchema: tool.inputSchema as SelectionCatalogueTool['inputSchema'],
          source: tool.name.includes('__') ? 'third-party' : 'built-in',
        }),
      ),
      overrides: {},
    };
    const labelled: SelectionRequest[] = requests.map(({ q, tool }) => ({ q, tools: [thirdPartyToolName(METATOOL_SERVER, tool)], split: 'dev' }));
    const missing = labelled.flatMap((request) => request.tools).filter((name) => !catalogue.tools.some((tool) => tool.name === name));
    if (missing.length > 0) throw new Error(`the server did not list ${[...new Set(missing)].slice(0, 5).join(', ')}`);
    const times: number[] = [];
    const answers: Answer[] = [];
    for (const request of labelled) {
      const started = performance.now();
      answers.push(await search(client, request.q));
      times.push(performance.now() - started);
    }
    const ours = selectionFigures(
      labelled.map((request, i) => {
        const ranked = (answers[i]?.items ?? []).map((item) => item.name);
        return { request, ranked, abstained: ranked.length === 0 };
      }),
    );
    const peer = (ranker: ReturnType<typeof lunrRanker>) =>
      selectionFigures(labelled.map((request) => ({ request, ranked: ranker.rank(request.q).map((hit) => hit.tool), abstained: false })));
    const lunr = peer(lunrRanker(catalogue));
    const minisearch = peer(miniSearchRanker(catalogue));
    const better = Math.max(lunr.recallAt5 ?? 0, minisearch.recallAt5 ?? 0);
    const misses = labelled
      .map((request, i) => {
        const got = (answers[i]?.items ?? []).map((item) => item.name);
        const rank = got.length === 0 ? 1000 : firstHitRank(got, request.tools) || 999;
        const note = answers[i]?.note;
        return { q: request.q, want: request.tools[0] as string, got, rank, ...(note ? { note } : {}) };
      })
      .filter((miss) => miss.rank !== 1)
      .sort((a, b) => b.rank - a.rank)
      .map(({ rank: _rank, ...miss }) => miss);
    times.sort((a, b) => a - b);
    return { ours, lunr, minisearch, ratio: better > 0 ? (ours.recallAt5 ?? 0) / better : 0, tools: served.length, medianMs: times[Math.floor(times.length / 2)] ?? 0, misses };
  } finally {
    await client.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const f3 = (value: number | null) => (value === null ? 'n/a' : value.toFixed(3));

export const benchmarks = [
  {
    name: 'tool-selection: MetaTool development set through tool_search over MCP (ours, Lunr, MiniSearch)',
    async setup() {
      run = await measure();
      const row = (name: string, f: SelectionFigures) => `| ${name} | ${f3(f.recallAt1)} | ${f3(f.recallAt5)} | ${f3(f.noToolRate)} |`;
      console.log(
        [
          `MetaTool development set, ${run.ours.onTopic} requests, ${run.tools} tools served (tool_search over MCP, median ${run.medianMs.toFixed(1)} ms):`,
          '| ranker | recall@1 | recall@5 | no tool |',
          '|---|---|---|---|',
          row('ours (tool_search)', run.ours),
          row('lunr', run.lunr),
          row('minisearch', run.minisearch),
          `recall@5 ratio to the better peer: ${run.ratio.toFixed(2)}×`,
        ].join('\n'),
      );
      mkdirSync(RESULTS, { recursive: true });
      writeFileSync(join(RESULTS, 'tool-selection-metatool-mcp.json'), `${JSON.stringify({ generatedAt: new Date().toISOString(), ...run }, null, 2)}\n`);
    },
    fn: () => undefined,
    iterations: 1,
    time: 0,
    goals: [
      { metric: 'recallAt5_ratio', min: METATOOL_MCP_GOALS.peerMargin },
      { metric: 'ours_noToolRate', max: METATOOL_MCP_GOALS.maxNoToolRate },
    ],
    metrics: (): Record<string, number> =>
      run
        ? {
            ours_recallAt1: run.ours.recallAt1 ?? 0,
            ours_recallAt5: run.ours.recallAt5 ?? 0,
            ours_noToolRate: run.ours.noToolRate ?? 0,
            lunr_recallAt5: run.lunr.recallAt5 ?? 0,
            minisearch_recallAt5: run.minisearch.recallAt5 ?? 0,
            recallAt5_ratio: run.ratio,
            tools: run.tools,
          }
        : {},
  },
];
