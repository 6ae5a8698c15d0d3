/**
 * The ranked fact query (`query_memory`'s lexical path: full-text, substring and Hebrew candidates, then scoring) at
 * 100k facts on both adapters in the same run, on the same synthetic facts (issue goal: PostgreSQL p95 at most 3 ×
 * SQLite's and under 30 ms). The data generator is the one of `libs/stores/src/memory/facts.bench.ts`: a
 * Zipf-distributed vocabulary with English letter frequencies, people's names, short values.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock } from '@chief-of-staff/core';
import { FACT_CATEGORIES, openMemoryStore, searchFacts, type FactsRepository, type MemoryStore } from '@chief-of-staff/stores';
import { startTestPostgres, type TestPostgres } from '../testing/index.js';
import { openPostgres, type PostgresDatabase } from '../open-postgres.js';
import { facts } from '../schema/memory.js';
import { factSearchTerms } from '../search-terms.js';
import { createPostgresFactsRepository } from './facts-repository.js';

const FACT_COUNT = 100_000;
const SQLITE_NAME = 'postgres: query_memory lexical @ 100,000 facts — SQLite';
const POSTGRES_NAME = 'postgres: query_memory lexical @ 100,000 facts — PostgreSQL';

/** Deterministic PRNG (mulberry32) so every run sees the same data and queries. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'etaoinshrdlcumwfgypbvkjxqz';
const LETTER_WEIGHTS = [127, 91, 82, 75, 70, 67, 63, 61, 60, 43, 40, 28, 28, 24, 24, 22, 20, 20, 19, 15, 10, 8, 2, 2, 1, 1];
const NAMES = ['Noa', 'Ben', 'Maya', 'Omar', 'Lena', 'Ravi', 'Sofia', 'Yuki', 'Tom', 'Ada', 'Ivan', 'Zara', 'Leo', 'Mia', 'Sam', 'Eli'];

function pickLetter(rand: () => number): string {
  let r = rand() * 1000;
  for (let i = 0; i < LETTERS.length; i += 1) {
    r -= LETTER_WEIGHTS[i] as number;
    if (r <= 0) return LETTERS[i] as string;
  }
  return 'e';
}

function vocabulary(size: number, rand: () => number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const length = 2 + Math.floor(rand() * 5) + Math.floor(rand() * 5);
    let word = '';
    for (let i = 0; i < length; i += 1) word += pickLetter(rand);
    words.add(word);
  }
  return [...words];
}

function zipfPick<T>(items: readonly T[], rand: () => number): T {
  const index = Math.min(items.length - 1, Math.floor(Math.pow(rand(), 2.5) * items.length));
  return items[index] as T;
}

interface FactRow {
  category: (typeof FACT_CATEGORIES)[number];
  key: string;
  value: string;
  confidence: number;
  pinned: boolean;
  at: string;
}

const clock = new FakeClock('2026-06-01T12:00:00.000Z');

function factRows(): FactRow[] {
  const words = vocabulary(20_000, random(1));
  const rand = random(FACT_COUNT);
  return Array.from({ length: FACT_COUNT }, (_, i) => {
    const name = NAMES[i % NAMES.length] as string;
    const length = 6 + Math.floor(rand() * 20);
    const value = [name, ...Array.from({ length }, () => zipfPick(words, rand))].join(' ');
    const at = new Date(clock.now().getTime() - Math.floor(rand() * 365) * 86_400_000).toISOString();
    const category = FACT_CATEGORIES[i % FACT_CATEGORIES.length] as FactRow['category'];
    return { category, key: `${name.toLowerCase()}_${zipfPick(words, rand)}_${i}`, value, confidence: 0.3 + rand() * 0.7, pinned: rand() < 0.05, at };
  });
}

function queries(): string[] {
  const words = vocabulary(20_000, random(1));
  const rand = random(42);
  return Array.from({ length: 64 }, (_, i) =>
    i % 4 === 0 ? `${NAMES[i % NAMES.length]} ${zipfPick(words, rand)}` : `${zipfPick(words, rand)} ${zipfPick(words, rand)}`,
  );
}

function p95(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
}

const rows = factRows();
const queryTexts = queries();
const timings = { sqlite: [] as number[], postgres: [] as number[] };

async function runQuery(repository: FactsRepository, index: number, record: number[] | undefined): Promise<void> {
  const query = queryTexts[index % queryTexts.length] as string;
  const started = performance.now();
  await searchFacts({ facts: repository, clock }, { query }, { limit: 10 });
  record?.push(performance.now() - started);
}

function sqliteBenchmark() {
  let dir: string | undefined;
  let store: MemoryStore | undefined;
  let next = 0;
  return {
    name: SQLITE_NAME,
    setup: () => {
      dir = mkdtempSync(join(tmpdir(), 'cos-bench-pg-sqlite-'));
      store = openMemoryStore({ dataDir: dir, clock });
      const insert = store.database.sqlite.prepare(
        `INSERT INTO facts (category, key, value, confidence, pinned, source, embedding_status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'user', 'pending', ?, ?)`,
      );
      store.database.writeTransaction(() => {
        for (const row of rows) insert.run(row.category, row.key, row.value, row.confidence, row.pinned ? 1 : 0, row.at, row.at);
      });
    },
    fn: async (run?: { warmup?: boolean }) => runQuery((store as MemoryStore).facts, next++, run?.warmup ? undefined : timings.sqlite),
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
      for (let start = 0; start < rows.length; start += 1_000) {
        await database.db.insert(facts).values(
          rows.slice(start, start + 1_000).map((row) => ({
            category: row.category,
            key: row.key,
            value: row.value,
            confidence: row.confidence,
            pinned: row.pinned,
            source: 'user',
            embeddingStatus: 'pending',
            createdAt: row.at,
            updatedAt: row.at,
            searchTerms: factSearchTerms(row),
          })),
        );
      }
      // As autovacuum leaves a loaded table: statistics current, pages all-visible.
      await database.pool.query('VACUUM ANALYZE facts');
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
