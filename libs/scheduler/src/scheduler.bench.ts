/**
 * Scheduler benchmarks on a real SQLite store: one tick over 10,000 tasks of which 100 are due (handler work
 * excluded: a no-op handler stands in, so the figure is the engine's own finding, claiming, recording and
 * releasing), and claim throughput with two engines on two connections to one database, as two workers have.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger, FakeClock, loadConfig } from '@chief-of-staff/core';
import { openMemoryStore, type SqliteMemoryStore } from '@chief-of-staff/sqlite';
import { bulkLoad } from '@chief-of-staff/sqlite/testing';
import { SchedulerEngine } from './engine/scheduler-engine.js';
import type { AnyTaskHandler, TaskHandler } from './handlers/task-handler.js';
import { z } from 'zod';

const noop: TaskHandler<Record<string, never>> = { type: 'alert_eval', description: 'no-op', config: z.object({}).strict(), run: async () => ({ data: {} }) };
const handlers: ReadonlyMap<string, AnyTaskHandler> = new Map([['alert_eval', noop as unknown as AnyTaskHandler]]);
const MINUTE = 60_000;

interface Fixture {
  dir: string;
  clock: FakeClock;
  stores: SqliteMemoryStore[];
  engines: SchedulerEngine[];
}

async function open(tasks: number, engines: number, spreadMinutes: number): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'cos-bench-scheduler-'));
  const clock = new FakeClock('2026-03-02T08:00:00.000Z', 'UTC');
  const config = loadConfig({ env: { COS_DATA_DIR: dir, COS_TIMEZONE: 'UTC' } });
  const stores = Array.from({ length: engines }, () => openMemoryStore({ dataDir: dir, clock }));
  const [first] = stores as [SqliteMemoryStore];
  const base = clock.now().getTime();
  await bulkLoad(first, async () => {
    for (let i = 0; i < tasks; i += 1) {
      await first.scheduledTasks.create({
        name: `task_${i}`,
        scheduleType: 'interval',
        scheduleConfig: { minutes: spreadMinutes },
        handlerType: 'alert_eval',
        nextRunAt: new Date(base + (1 + Math.floor(i / (tasks / spreadMinutes))) * MINUTE).toISOString(),
        createdBy: 'bench',
      });
    }
  });
  return {
    dir,
    clock,
    stores,
    engines: stores.map((memory, index) => new SchedulerEngine({ memory, config, clock, logger: createSilentLogger(), handlers, owner: `bench-${index}`, maxConcurrent: 4 })),
  };
}

async function close(fixture: Fixture | undefined): Promise<void> {
  if (!fixture) return;
  for (const store of fixture.stores) await store.close();
  rmSync(fixture.dir, { recursive: true, force: true });
}

let tickFixture: Fixture | undefined;
let claimFixture: Fixture | undefined;
const roundMs: number[] = [];
const CLAIM_TASKS = 1_000;

export const benchmarks = [
  {
    name: 'scheduler: tick over 10,000 tasks, 100 due (no-op handler)',
    setup: async () => {
      // Each task recurs every 100 minutes and the schedule is staggered, so every minute exactly 100 are due.
      tickFixture = await open(10_000, 1, 100);
    },
    fn: async () => {
      const fixture = tickFixture as Fixture;
      fixture.clock.advance(MINUTE);
      const [engine] = fixture.engines as [SchedulerEngine];
      await engine.tick();
      await engine.idle();
    },
    warmupIterations: 5,
    teardown: async () => {
      const runs = (await (tickFixture as Fixture).stores[0]?.taskRuns.list({}, { limit: 1 }))?.total ?? 0;
      await close(tickFixture);
      // Every tick must have run exactly its 100 due tasks.
      if (runs % 100 !== 0) throw new Error(`expected whole ticks of 100 runs, found ${runs} runs`);
    },
    iterations: 40,
    goal: { metric: 'p95', max: 50 },
  },
  {
    name: 'scheduler: claims per second with two workers (1,000 due tasks per round)',
    setup: async () => {
      claimFixture = await open(CLAIM_TASKS, 2, 1);
    },
    fn: async (run?: { warmup: boolean }) => {
      const fixture = claimFixture as Fixture;
      fixture.clock.advance(MINUTE);
      const started = performance.now();
      await Promise.all(fixture.engines.map((engine) => engine.tick()));
      await Promise.all(fixture.engines.map((engine) => engine.idle()));
      // Warm-up rounds are not part of the figure.
      if (!run?.warmup) roundMs.push(performance.now() - started);
    },
    warmupIterations: 2,
    teardown: async () => await close(claimFixture),
    iterations: 10,
    metrics: () => {
      const sorted = [...roundMs].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
      return { claims_per_second: Math.round(CLAIM_TASKS / (median / 1_000)) };
    },
  },
];
