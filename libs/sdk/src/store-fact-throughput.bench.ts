/**
 * `store_fact` throughput from 10 concurrent clients, through the sdk's tool calls (validation, the repository, the
 * usage log), on the data directory and on PostgreSQL in the same run (issue goal on PostgreSQL: at least 1,000 facts
 * a second). One timed iteration is 10 clients storing 100 facts each, every client waiting for its answer before its
 * next call. Fact vectors are off in both: they are computed after the answer, by the same embedder on either storage,
 * and would measure the embedder rather than the storage.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import type { TestPostgres } from '@chief-of-staff/postgres/testing';
import { createChiefOfStaff, type ChiefOfStaff } from './index.js';

const CLIENTS = 10;
const FACTS_PER_CLIENT = 100;
const SQLITE_NAME = `sdk: store_fact from ${CLIENTS} concurrent clients — data directory`;
const POSTGRES_NAME = `sdk: store_fact from ${CLIENTS} concurrent clients — PostgreSQL`;

function benchmark(name: string, env: () => Promise<Record<string, string>>, stop: () => Promise<void>, peer?: string) {
  let dir: string | undefined;
  let cos: ChiefOfStaff | undefined;
  let round = 0;
  const seconds: number[] = [];
  return {
    name,
    setup: async () => {
      dir = mkdtempSync(join(tmpdir(), 'cos-bench-store-fact-'));
      cos = await createChiefOfStaff({ dataDir: dir, env: await env(), logger: createSilentLogger(), semanticRecall: false });
    },
    fn: async (run?: { warmup: boolean }) => {
      const instance = cos as ChiefOfStaff;
      round += 1;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          for (let n = 0; n < FACTS_PER_CLIENT; n += 1) {
            const result = await instance.callTool('store_fact', { category: 'work', key: `r${round}_c${client}_f${n}`, value: `note ${n} of client ${client} in round ${round}` });
            if (!result.ok) throw new Error(`store_fact failed: ${JSON.stringify(result.error)}`);
          }
        }),
      );
      if (!run?.warmup) seconds.push((performance.now() - started) / 1000);
    },
    warmupIterations: 1,
    iterations: 5,
    time: 0,
    metrics: () => ({ factsPerSecond: (CLIENTS * FACTS_PER_CLIENT * seconds.length) / seconds.reduce((sum, value) => sum + value, 0) }),
    ...(peer ? { peer, goal: { metric: 'factsPerSecond', min: 1_000 } } : {}),
    teardown: async () => {
      await cos?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
      await stop();
    },
  };
}

let server: TestPostgres | undefined;

export const benchmarks = [
  benchmark(SQLITE_NAME, async () => ({}), async () => undefined),
  benchmark(
    POSTGRES_NAME,
    async () => {
      // Loaded the way the sdk loads the PostgreSQL library: lazily (module boundaries refuse a static import).
      server = await (await import('@chief-of-staff/postgres/testing')).startTestPostgres({ database: 'cos_bench' });
      return { COS_DATABASE_URL: server.url };
    },
    async () => await server?.stop(),
    SQLITE_NAME,
  ),
];
