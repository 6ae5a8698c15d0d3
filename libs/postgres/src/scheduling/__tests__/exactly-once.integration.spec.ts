/**
 * Exactly once across processes on PostgreSQL: three worker processes (fixtures/scheduler-worker.ts, run through tsx)
 * share one database holding 1,000 tasks with three occurrences due each, and loop `listDue` → `claimDue` →
 * `finishRun`. One of them is SIGKILLed mid-run while holding a lease; after the lease expires another worker takes
 * the occurrence over and runs it once. Every (task, due time) must end with exactly one successful run.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeWithPostgres, startTestPostgres, type TestPostgres } from '../../testing/index.js';
import { openPostgres, type PostgresDatabase } from '../../open-postgres.js';

const WORKER = fileURLToPath(new URL('./fixtures/scheduler-worker.ts', import.meta.url));
const TASKS = 1000;
const OCCURRENCES = 3;
// Long enough that the occurrence after the three due ones stays ahead however slowly a loaded machine runs the test.
const INTERVAL_MS = 600_000;
const LEASE_MS = 2000;
const IDLE_EXIT_MS = 4000;

interface Worker {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  /** Resolves with the first stdout line `match` accepts. */
  line(match: (line: string) => boolean): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function startWorker(url: string, owner: string, mode: 'normal' | 'hang'): Worker {
  const child = spawn(
    process.execPath,
    ['--conditions=@chief-of-staff/source', '--import', 'tsx', WORKER, url, owner, String(LEASE_MS), String(INTERVAL_MS), String(IDLE_EXIT_MS), mode],
    { env: { ...process.env, NODE_OPTIONS: '' }, stdio: 'pipe' },
  );
  const lines: string[] = [];
  const waiting: Array<{ match: (line: string) => boolean; resolve: (line: string) => void }> = [];
  let buffered = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      lines.push(line);
      for (const waiter of waiting.filter((w) => w.match(line))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stderr })),
  );
  return {
    child,
    lines,
    exited,
    line: (match) => {
      const seen = lines.find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiting.push({ match, resolve });
        void exited.then((exit) => reject(new Error(`worker exited (${exit.code ?? exit.signal}) before the awaited line: ${exit.stderr.slice(-2000)}`)));
      });
    },
  };
}

let server: TestPostgres;
let database: PostgresDatabase;
let url: string;

beforeAll(async () => {
  server = await startTestPostgres();
  url = await server.createDatabase('exactly_once');
  database = await openPostgres({ url });
});

const started: Worker[] = [];

afterAll(async () => {
  // A failed test must not leave workers behind.
  for (const worker of started) if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
  await database?.close();
  await server?.stop();
});

describeWithPostgres('the scheduler on PostgreSQL across processes', () => {
  it('runs every occurrence of 1,000 tasks exactly once with three workers, one killed mid-run', async () => {
    const start = Date.now();
    // Three occurrences of each task are due now (the last 5 min ago); the fourth is 5 min ahead, out of the test's reach.
    const firstDue = new Date(start - (OCCURRENCES - 0.5) * INTERVAL_MS).toISOString();
    await database.pool.query(
      `INSERT INTO scheduled_tasks (name, schedule_type, schedule_config, handler_type, next_run_at, created_by)
       SELECT 'task-' || n, 'interval', '{"minutes": 1}', 'alert_eval', $1::timestamptz, 'test' FROM generate_series(1, $2::int) AS n`,
      [firstDue, TASKS],
    );

    const workers = [startWorker(url, 'worker-a', 'normal'), startWorker(url, 'worker-b', 'normal'), startWorker(url, 'worker-k', 'hang')];
    started.push(...workers);
    const killed = workers[2] as Worker;
    await Promise.all(workers.map((worker) => worker.line((line) => line === 'ready')));
    for (const worker of workers) worker.child.stdin.write('go\n');

    const hanging = JSON.parse(await killed.line((line) => line.startsWith('{"hanging"'))) as { hanging: number; dueAt: string; runId: number };
    killed.child.kill('SIGKILL');
    const survivors = await Promise.all(workers.slice(0, 2).map((worker) => worker.exited));
    for (const exit of survivors) expect(exit).toMatchObject({ code: 0 });
    expect((await killed.exited).signal).toBe('SIGKILL');
    const counts = workers.slice(0, 2).map((worker) => JSON.parse(worker.lines.at(-1) as string) as { owner: string; claimed: number; lost: number; recovered: number });

    const once = await database.pool.query<{ task_id: string; due_at: string; n: number }>(
      `SELECT task_id, result->>'dueAt' AS due_at, count(*)::int AS n FROM task_runs WHERE status = 'succeeded' GROUP BY 1, 2`,
    );
    expect(once.rows).toHaveLength(TASKS * OCCURRENCES);
    expect(once.rows.filter((row) => row.n !== 1)).toEqual([]);
    // The killed worker's run is failed, and its occurrence was run again once, by a survivor.
    const runs = await database.pool.query<{ status: string; owner: string | null; recovered: boolean | null }>(
      `SELECT status, result->>'owner' AS owner, (result->>'recovered')::boolean AS recovered FROM task_runs
       WHERE task_id = $1 AND (id = $2 OR result->>'dueAt' = $3) ORDER BY id`,
      [hanging.hanging, hanging.runId, hanging.dueAt],
    );
    expect(runs.rows).toEqual([
      { status: 'failed', owner: null, recovered: null },
      { status: 'succeeded', owner: expect.stringMatching(/^worker-[ab]$/), recovered: true },
    ]);
    expect(counts.reduce((sum, count) => sum + count.recovered, 0)).toBe(1);
    const leftovers = await database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM scheduled_tasks WHERE lease_owner IS NOT NULL OR next_run_at <> $1::timestamptz`,
      [new Date(Date.parse(firstDue) + OCCURRENCES * INTERVAL_MS).toISOString()],
    );
    expect(leftovers.rows[0]?.n).toBe(0);
    const running = await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM task_runs WHERE status = 'running'`);
    expect(running.rows[0]?.n).toBe(0);

    // Throughput: occurrences claimed and finished per second, first run started to last one ended (the takeover's
    // wait for the lease to expire left out).
    const span = await database.pool.query<{ runs: number; seconds: number }>(
      `SELECT count(*)::int AS runs, extract(epoch FROM max(ended_at) - min(started_at))::float8 AS seconds
       FROM task_runs WHERE status = 'succeeded' AND result->>'recovered' IS NULL`,
    );
    const { runs: finished = 0, seconds = 1 } = span.rows[0] ?? {};
    const perWorker = counts.map((count) => `${count.owner} ${count.claimed} claimed, ${count.lost} lost`).join('; ');
    process.stderr.write(
      `exactly once on PostgreSQL: ${finished} runs in ${seconds.toFixed(2)} s = ${(finished / seconds).toFixed(0)} claims/s with 3 workers ` +
        `(${perWorker}; worker-k killed); whole test ${((Date.now() - start) / 1000).toFixed(1)} s\n`,
    );
  }, 90_000);
});
