/**
 * The ranked fact query (`query_memory`'s lexical path: full-text, substring and Hebrew candidates, then scoring) at
 * 100k facts on both adapters in the same run, on the same synthetic facts (issue goal: PostgreSQL p95 at most 3 ×
 * SQLite's and under 30 ms). The facts and queries are the stores' synthetic ones (`@chief-of-staff/stores/testing`),
 * the same the SQLite fact store's own benchmarks use.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock } from '@chief-of-staff/core';
import { searchFacts, type FactsRepository } from '@chief-of-staff/stores';
import { openMemoryStore, type SqliteMemoryStore } from '@chief-of-staff/sqlite';
import { syntheticFactQueries, syntheticFacts, type SyntheticFact } from '@chief-of-staff/stores/testing';
import { insertSyntheticFacts } from '@chief-of-staff/sqlite/testing';
import { startTestPostgres, type TestPostgres } from '../testing/index.js';
import { openPostgres, type PostgresDatabase } from '../open-postgres.js';
import { createPostgresFactsRepository } from './facts-repository.js';
import { insertSyntheticFactsIntoPostgres } from './insert-synthetic-facts.js';

const FACT_COUNT = 100_000;
const SQLITE_NAME = 'postgres: query_memory lexical @ 100,000 facts — SQLite';
const POSTGRES_NAME = 'postgres: query_memory lexical @ 100,000 facts — PostgreSQL';

const clock = new FakeClock('2026-06-01T12:00:00.000Z');

function p95(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
}

// Generated when a benchmark of this file is set up, not when the runner loads the file to read its names.
let data: { rows: SyntheticFact[]; queries: string[] } | undefined;
const loadFacts = (): SyntheticFact[] => (data ??= { rows: syntheticFacts(FACT_COUNT, clock.now()), queries: syntheticFactQueries() }).rows;
const timings = { sqlite: [] as number[], postgres: [] as number[] };

async function runQuery(repository: FactsRepository, index: number, record: number[] | undefined): Promise<void> {
  const queries = data?.queries ?? [];
  const query = queries[index % queries.length] as string;
  const started = performance.now();
  await searchFacts({ facts: repository, clock }, { query }, { limit: 10 });
  record?.push(performance.now() - started);
}

function sqliteBenchmark() {
  let dir: string | undefined;
  let store: SqliteMemoryStore | undefined;
  let next = 0;
  return {
    name: SQLITE_NAME,
    setup: () => {
      dir = mkdtempSync(join(tmpdir(), 'cos-bench-pg-sqlite-'));
      store = openMemoryStore({ dataDir: dir, clock });
      insertSyntheticFacts(store, loadFacts());
    },
    fn: async (run?: { warmup?: boolean }) => runQuery((store as SqliteMemoryStore).facts, next++, run?.warmup ? undefined : timings.sqlite),
    warmupIterations: 5,
    teardown: async () => {
      await store?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
    iterations: 200,
  };
}

function postgresBenchmark() {
  let server: TestPostgres | undefined;
  let database: PostgresDatabase | undefined;
  let repository: FactsRepository | undefined;
  let next = 0;
  return {
    name: POSTGRES_NAME,
    setup: async () => {
      server = await startTestPostgres({ database: 'cos_bench' });
      database = await openPostgres({ url: server.url });
      await insertSyntheticFactsIntoPostgres(database, loadFacts());
      repository = createPostgresFactsRepository(database, clock);
    },
    fn: async (run?: { warmup?: boolean }) => runQuery(repository as FactsRepository, next++, run?.warmup ? undefined : timings.postgres),
    warmupIterations: 5,
    teardown: async () => {
      await database?.close();
      await server?.stop();
    },
    iterations: 200,
    peer: SQLITE_NAME,
    metrics: () => ({ p95Ratio: p95(timings.postgres) / p95(timings.sqlite) }),
    goal: { metric: 'p95', max: 30 },
    goals: [{ metric: 'p95Ratio', max: 3 }],
  };
}

export const benchmarks = [sqliteBenchmark(), postgresBenchmark()];
