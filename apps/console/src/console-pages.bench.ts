/**
 * Console pages on a large data directory (goal: server time per page p95 < 50 ms with 100k facts, 10k delegations
 * and 1,000 agent runs; transfer < 300 KB): the real server over loopback, signed in, each page's `Server-Timing`
 * recorded. The peer is the same server answering a static asset: the floor of a request through its middleware.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock, createSilentLogger } from '@chief-of-staff/core';
import { createChiefOfStaff, type ChiefOfStaff } from '@chief-of-staff/sdk';
import { openMemoryStore } from '@chief-of-staff/stores';
import { bulkLoad, insertSyntheticFacts, syntheticFacts } from '@chief-of-staff/stores/testing';
import { consoleSections } from './sections.js';
import { startConsoleServer, type RunningConsole } from './server/start-console-server.js';
import { signIn, SOURCE_ASSETS_DIR } from './testing/console-harness.js';

const DAY_MS = 86_400_000;
let dir = '';
let cos: ChiefOfStaff | undefined;
let server: RunningConsole | undefined;
let cookie = '';
const serverTimes = new Map<string, number[]>();
const transfers = new Map<string, number>();

async function seed(): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'cos-bench-console-'));
  const now = Date.now();
  const store = openMemoryStore({ dataDir: dir, clock: new FakeClock(new Date(now), 'UTC') });
  try {
    insertSyntheticFacts(store, syntheticFacts(100_000, new Date(now)));
    await bulkLoad(store, async () => {
      for (let i = 0; i < 10_000; i += 1) {
        const due = new Date(now + ((i % 60) - 30) * DAY_MS).toISOString().slice(0, 10);
        await store.delegations.create({ task: `Task ${i}`, delegatedTo: `Person ${i % 200}`, dueDate: due });
      }
      for (let i = 0; i < 1_000; i += 1) {
        const run = await store.agentRuns.start({ agentName: `agent_${i % 12}`, trigger: 'scheduler', instruction: `Run ${i}`, model: 'claude-sonnet-4-6' });
        await store.agentRuns.finish(run.id, { status: i % 10 === 0 ? 'error' : 'completed', rounds: 3, toolCallCount: 5, inputTokens: 1_000, outputTokens: 200 });
      }
    });
  } finally {
    await store.close();
  }
  cos = await createChiefOfStaff({ dataDir: dir, env: {}, logger: createSilentLogger(), semanticRecall: false, config: { timezone: 'UTC' } });
  server = await startConsoleServer({ cos, sections: consoleSections, assetsDir: SOURCE_ASSETS_DIR, port: 0, env: {} });
  cookie = (await signIn(server.signInLink())).cookieHeader;
}

async function teardown(): Promise<void> {
  await server?.close();
  await cos?.close();
  rmSync(dir, { recursive: true, force: true });
}

async function get(path: string, warmup: boolean): Promise<void> {
  const response = await fetch(`${server?.url ?? ''}${path}`, { headers: { cookie } });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  if (warmup) return;
  const time = Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  serverTimes.set(path, [...(serverTimes.get(path) ?? []), time]);
  transfers.set(path, Math.max(transfers.get(path) ?? 0, body.byteLength));
}

function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? NaN;
}

/** One benchmark per section's landing page; the first sets the data up, the last takes it down. */
const pages = consoleSections.map((section) => section.path);

export const benchmarks = [
  {
    name: 'console: static asset through the middleware (peer)',
    setup: seed,
    fn: (run?: { warmup: boolean }) => get('/assets/console.css', run?.warmup === true),
    warmupIterations: 5,
    iterations: 100,
    time: 0,
  },
  ...pages.map((path, index) => ({
    name: `console: page ${path}`,
    fn: (run?: { warmup: boolean }) => get(path, run?.warmup === true),
    warmupIterations: 5,
    iterations: 100,
    time: 0,
    peer: 'console: static asset through the middleware (peer)',
    ...(index === pages.length - 1 ? { teardown } : {}),
    metrics: () => ({ serverP95Ms: p95(serverTimes.get(path) ?? []), htmlBytes: transfers.get(path) ?? NaN }),
    goals: [
      { metric: 'serverP95Ms', max: 50 },
      { metric: 'htmlBytes', max: 300_000 },
    ],
  })),
];
