/**
 * What team mode costs `query_memory` (issue 39's acceptance, ADR 0079): its lexical path (`searchFacts`: full-text,
 * substring and Hebrew candidates, then the records by id and scoring) for one person among 10 principals × 20,000
 * facts, against one principal with all 200,000 facts (goal: p95 at most 1.2 × that), both in team mode on the same
 * server, and the same 200,000 facts in a single-person database (no users, no row-level security) beside them.
 */
import pg from 'pg';
import { FakeClock } from '@chief-of-staff/core';
import { searchFacts, type FactsRepository } from '@chief-of-staff/stores';
import { syntheticFactQueries, syntheticFacts, type SyntheticFact } from '@chief-of-staff/stores/testing';
import { createPostgresFactsRepository } from '../memory/facts-repository.js';
import { insertSyntheticFactsIntoPostgres } from '../memory/insert-synthetic-facts.js';
import { openPostgres, type PostgresDatabase } from '../open-postgres.js';
import { startTestPostgres, type TestPostgres } from '../testing/index.js';

const FACT_COUNT = 200_000;
const PRINCIPALS = 10;
const SINGLE_NAME = 'postgres: query_memory single-person @ 200,000 facts';
const TEAM_ONE_NAME = 'postgres: query_memory team mode @ 1 principal × 200,000 facts';
const TEAM_TEN_NAME = 'postgres: query_memory team mode @ 10 principals × 20,000 facts';

const clock = new FakeClock('2026-06-01T12:00:00.000Z');

function p95(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
}

// Generated and started when a benchmark of this file is set up, not when the runner loads the file to read its names.
let data: { rows: SyntheticFact[]; queries: string[] } | undefined;
const loadData = (): { rows: SyntheticFact[]; queries: string[] } =>
  (data ??= { rows: syntheticFacts(FACT_COUNT, clock.now()), queries: syntheticFactQueries() });
let server: Promise<TestPostgres> | undefined;
const startServer = (): Promise<TestPostgres> => (server ??= startTestPostgres({ database: 'cos_bench_team' }));
const timings = { single: [] as number[], teamOne: [] as number[], teamTen: [] as number[] };

/** A database of the bench server named `name` holding the synthetic facts, each owned by `principalOf(index)`. */
async function loadDatabase(name: string, principalOf: (index: number) => string): Promise<string> {
  const url = await (await startServer()).createDatabase(name);
  const database = await openPostgres({ url });
  try {
    await insertSyntheticFactsIntoPostgres(database, loadData().rows, principalOf);
  } finally {
    await database.close();
  }
  return url;
}

/** A copy of the database at `templateUrl` named `name` (PostgreSQL copies the files: no second load). */
async function copyDatabase(templateUrl: string, name: string): Promise<string> {
  const running = await startServer();
  const admin = new pg.Client({ connectionString: running.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${new URL(templateUrl).pathname.slice(1)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(running.url);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Team mode: the database gets a user, and is opened again so every session is bound. */
async function openInTeamMode(url: string): Promise<PostgresDatabase> {
  const first = await openPostgres({ url, poolSize: 1 });
  await first.pool.query("INSERT INTO users (email) VALUES ('noa@example.com') ON CONFLICT DO NOTHING");
  await first.close();
  const database = await openPostgres({ url });
  if (database.rowSecurity !== 'scoped-role') throw new Error(`Expected team mode, found ${database.rowSecurity}.`);
  return database;
}

let singleUrl: Promise<string> | undefined;
/** The 200,000 facts, all the owner's. */
const loadSingle = (): Promise<string> => (singleUrl ??= loadDatabase('single_200k', () => 'owner'));

async function runQuery(repository: FactsRepository, index: number, record: number[] | undefined): Promise<void> {
  const queries = data?.queries ?? [];
  const query = queries[index % queries.length] as string;
  const started = performance.now();
  // The owner's scope (the default): in team mode a person like any other, bound by row-level security.
  await searchFacts({ facts: repository, clock }, { query }, { limit: 10 });
  record?.push(performance.now() - started);
}

function benchmark(name: string, open: () => Promise<PostgresDatabase>, record: number[], extra: object = {}) {
  let database: PostgresDatabase | undefined;
  let repository: FactsRepository | undefined;
  let next = 0;
  return {
    name,
    setup: async () => {
      database = await open();
      repository = createPostgresFactsRepository(database, clock);
    },
    fn: async (run?: { warmup?: boolean }) => runQuery(repository as FactsRepository, next++, run?.warmup ? undefined : record),
    warmupIterations: 10,
    teardown: async () => {
      await database?.close();
    },
    iterations: 200,
    ...extra,
  };
}

export const benchmarks = [
  benchmark(SINGLE_NAME, async () => openPostgres({ url: await loadSingle() }), timings.single),
  benchmark(TEAM_ONE_NAME, async () => openInTeamMode(await copyDatabase(await loadSingle(), 'team_1x200k')), timings.teamOne, {
    peer: SINGLE_NAME,
    metrics: () => ({ p95VsSinglePerson: p95(timings.teamOne) / p95(timings.single) }),
  }),
  benchmark(
    TEAM_TEN_NAME,
    // Every tenth fact the owner's (whose scope the queries run in), the others spread over nine users.
    async () => openInTeamMode(await loadDatabase('team_10x20k', (index) => (index % PRINCIPALS === 0 ? 'owner' : `user:${index % PRINCIPALS}`))),
    timings.teamTen,
    {
      peer: TEAM_ONE_NAME,
      metrics: () => ({ p95Ratio: p95(timings.teamTen) / p95(timings.teamOne), p95VsSinglePerson: p95(timings.teamTen) / p95(timings.single) }),
      goals: [{ metric: 'p95Ratio', max: 1.2 }],
    },
  ),
];
