/**
 * Console pages on a large data directory (goal: server time per page p95 < 50 ms with 100k facts, 10k delegations
 * and 1,000 agent runs; transfer < 300 KB): the real server over loopback, signed in, each page's `Server-Timing`
 * recorded. Beside them the data a day of use leaves: 20,000 tool calls over 30 days (the Orchestration page's charts),
 * each run's trace (five steps), 2,000 people's handles and 2,000 decisions. Every section's landing page and its
 * busiest sub-pages are measured; `firstServerMs` is a page's first view after the console starts (nothing cached yet).
 * The peer is the same server answering a static asset: the floor of a request through its middleware.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock, createSilentLogger } from '@chief-of-staff/core';
import { createChiefOfStaff, type ChiefOfStaff } from '@chief-of-staff/sdk';
import { openMemoryStore } from '@chief-of-staff/sqlite';
import { syntheticFacts } from '@chief-of-staff/stores/testing';
import { bulkLoad, insertSyntheticFacts } from '@chief-of-staff/sqlite/testing';
import { consoleSections } from './sections.js';
import { startConsoleServer, type RunningConsole } from './server/start-console-server.js';
import { signIn, SOURCE_ASSETS_DIR } from './testing/console-harness.js';

const DAY_MS = 86_400_000;
let dir = '';
let cos: ChiefOfStaff | undefined;
let server: RunningConsole | undefined;
let cookie = '';
let runId = '';
const serverTimes = new Map<string, number[]>();
const firstTimes = new Map<string, number>();
const transfers = new Map<string, number>();

async function seed(): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'cos-bench-console-'));
  const now = Date.now();
  const clock = new FakeClock(new Date(now - 30 * DAY_MS), 'UTC');
  const store = openMemoryStore({ dataDir: dir, clock });
  try {
    insertSyntheticFacts(store, syntheticFacts(100_000, new Date(now)));
    await bulkLoad(store, async () => {
      for (let i = 0; i < 10_000; i += 1) {
        const due = new Date(now + ((i % 60) - 30) * DAY_MS).toISOString().slice(0, 10);
        await store.delegations.create({ task: `Task ${i}`, delegatedTo: `Person ${i % 200}`, dueDate: due });
      }
      // Tool calls spread over the last 30 days, one in fifty failed.
      const tools = ['query_memory', 'get_calendar_events', 'search_documents', 'search_mail', 'list_delegations', 'enrich_person', 'tool_search'];
      for (let i = 0; i < 20_000; i += 1) {
        clock.set(new Date(now - 30 * DAY_MS + Math.floor((i / 20_000) * 30 * DAY_MS)));
        const tool = tools[i % tools.length] ?? 'query_memory';
        await store.toolUsage.record({ toolName: tool, callerKind: 'host', queryPattern: 'q', success: i % 50 !== 0, errorCode: i % 50 === 0 ? 'TIMEOUT' : null, durationMs: 20 + (i % 200), estimatedMs: 100 });
      }
      for (let i = 0; i < 1_000; i += 1) {
        clock.set(new Date(now - 30 * DAY_MS + i * 2_500_000));
        const run = await store.agentRuns.start({ agentName: `agent_${i % 12}`, trigger: 'scheduler', instruction: `Run ${i}`, model: 'claude-sonnet-4-6' });
        for (let seq = 0; seq < 5; seq += 1) {
          const model = seq % 2 === 0;
          await store.agentRunSteps.record({
            runId: run.id, seq, round: Math.floor(seq / 2), kind: model ? 'model' : 'tool', name: model ? 'claude-sonnet-4-6' : 'search_mail', ok: true, durationMs: 800,
            ...(model ? { inputTokens: 1_000, outputTokens: 200, stopReason: 'tool_use', resultPreview: 'Looking at the inbox first. '.repeat(20) } : { argumentsPreview: '{"query":"invoice from the landlord"}', resultPreview: `{"messages":[${'{"subject":"Invoice","from":"landlord@example.com"},'.repeat(30)}{}]}`, untrusted: true }),
          });
        }
        await store.agentRuns.finish(run.id, { status: i % 10 === 0 ? 'error' : 'completed', rounds: 3, toolCallCount: 2, inputTokens: 3_000, outputTokens: 600 });
        runId = run.id;
      }
      clock.set(new Date(now));
      for (let i = 0; i < 2_000; i += 1) {
        await store.identities.link({ canonicalName: `Person ${i}`, provider: 'email', providerId: `person${i}@example.com`, displayName: `Person ${i}` });
        await store.decisions.create({ title: `Decision ${i}`, owner: `Person ${i % 200}`, followUpDate: new Date(now + ((i % 40) - 20) * DAY_MS).toISOString().slice(0, 10) });
      }
    });
  } finally {
    await store.close();
  }
  cos = await createChiefOfStaff({ dataDir: dir, env: {}, logger: createSilentLogger(), semanticRecall: false, config: { timezone: 'UTC' } });
  // Scheduled tasks as a person keeps them: a page and a bit of them.
  for (let i = 0; i < 60; i += 1) {
    const created = await cos.callTool('create_scheduled_task', {
      name: `digest_${i}`,
      schedule_type: 'cron',
      schedule_config: { expression: `${i % 60} 7 * * *` },
      handler_type: 'run_agent',
      handler_config: { agent: 'researcher', instruction: `Digest ${i}` },
    });
    if (!created.ok) throw new Error(`create_scheduled_task: ${created.error.message}`);
  }
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
  if (!firstTimes.has(path)) firstTimes.set(path, Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN));
  if (warmup) return;
  const time = Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  serverTimes.set(path, [...(serverTimes.get(path) ?? []), time]);
  transfers.set(path, Math.max(transfers.get(path) ?? 0, body.byteLength));
}

function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? NaN;
}

/** Every section's landing page and its busiest sub-pages; the first benchmark sets the data up, the last takes it down. */
const pages = [
  ...consoleSections.map((section) => section.path),
  '/memory/people',
  '/memory/decisions',
  '/memory/delegations',
  '/memory/facts?q=coffee',
  '/agents/runs',
  () => `/agents/runs/${runId}`,
  '/orchestration?days=30',
  '/documents?q=invoice',
];
const pathOf = (page: string | (() => string)): string => (typeof page === 'string' ? page : page());

export const benchmarks = [
  {
    name: 'console: static asset through the middleware (peer)',
    setup: seed,
    fn: (run?: { warmup: boolean }) => get('/assets/console.css', run?.warmup === true),
    warmupIterations: 5,
    iterations: 100,
    time: 0,
  },
  ...pages.map((page, index) => ({
    name: `console: page ${typeof page === 'string' ? page : '/agents/runs/<id>'}`,
    fn: (run?: { warmup: boolean }) => get(pathOf(page), run?.warmup === true),
    warmupIterations: 5,
    iterations: 100,
    time: 0,
    peer: 'console: static asset through the middleware (peer)',
    ...(index === pages.length - 1 ? { teardown } : {}),
    metrics: () => ({ serverP95Ms: p95(serverTimes.get(pathOf(page)) ?? []), firstServerMs: firstTimes.get(pathOf(page)) ?? NaN, htmlBytes: transfers.get(pathOf(page)) ?? NaN }),
    goals: [
      { metric: 'serverP95Ms', max: 50 },
      { metric: 'htmlBytes', max: 300_000 },
    ],
  })),
];
