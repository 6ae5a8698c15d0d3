/**
 * Benchmarks of the fact store (issue goal: query_memory p95 < 10 ms at 100k facts for the lexical path):
 * store_fact writes and ranked queries (full text + substring, no vectors) at 1k, 10k and 100k facts.
 * Data is synthetic but shaped like real memory: a Zipf-distributed vocabulary, people's names, short values.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock } from '@chief-of-staff/core';
import { openMemoryStore, type MemoryStore } from './memory-store.js';
import { searchFacts } from './fact-search.js';
import { FACT_CATEGORIES } from '../db/schema/enums.js';

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

/** English letter frequencies (per mille), so words and their trigrams are distributed like real text. */
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

/** Zipf-like pick: low ranks far more often than high ones. */
function zipfPick<T>(items: readonly T[], rand: () => number): T {
  const index = Math.min(items.length - 1, Math.floor(Math.pow(rand(), 2.5) * items.length));
  return items[index] as T;
}

interface FactFixture {
  store: MemoryStore;
  dir: string;
  queries: string[];
  next: number;
}

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
const words = vocabulary(20_000, random(1));

function createFixture(factCount: number): FactFixture {
  const dir = mkdtempSync(join(tmpdir(), `cos-bench-facts-${factCount}-`));
  const store = openMemoryStore({ dataDir: dir, clock });
  const rand = random(factCount);
  const insert = store.database.sqlite.prepare(
    `INSERT INTO facts (category, key, value, confidence, pinned, source, embedding_status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'user', 'pending', ?, ?)`,
  );
  store.database.writeTransaction(() => {
    for (let i = 0; i < factCount; i += 1) {
      const name = NAMES[i % NAMES.length] as string;
      const length = 6 + Math.floor(rand() * 20);
      const value = [name, ...Array.from({ length }, () => zipfPick(words, rand))].join(' ');
      const at = new Date(clock.now().getTime() - Math.floor(rand() * 365) * 86_400_000).toISOString();
      insert.run(FACT_CATEGORIES[i % FACT_CATEGORIES.length], `${name.toLowerCase()}_${zipfPick(words, rand)}_${i}`, value, 0.3 + rand() * 0.7, rand() < 0.05 ? 1 : 0, at, at);
    }
  });
  const queryRand = random(42);
  const queries = Array.from({ length: 64 }, (_, i) =>
    i % 4 === 0 ? `${NAMES[i % NAMES.length]} ${zipfPick(words, queryRand)}` : `${zipfPick(words, queryRand)} ${zipfPick(words, queryRand)}`,
  );
  return { store, dir, queries, next: 0 };
}

function queryBenchmark(factCount: number, goal?: { metric: string; max: number }) {
  let fixture: FactFixture | undefined;
  return {
    name: `memory: query_memory lexical @ ${factCount.toLocaleString('en-US')} facts`,
    setup: () => {
      fixture = createFixture(factCount);
    },
    fn: async () => {
      const f = fixture as FactFixture;
      const query = f.queries[f.next++ % f.queries.length] as string;
      await searchFacts({ facts: f.store.facts, clock }, { query }, { limit: 10 });
    },
    teardown: async () => {
      await fixture?.store.close();
      if (fixture) rmSync(fixture.dir, { recursive: true, force: true });
    },
    iterations: 200,
    ...(goal ? { goal } : {}),
  };
}

function storeFactBenchmark() {
  let fixture: FactFixture | undefined;
  return {
    name: 'memory: store_fact (upsert, new key, 10k facts present)',
    setup: () => {
      fixture = createFixture(10_000);
    },
    fn: async () => {
      const f = fixture as FactFixture;
      const i = f.next++;
      await f.store.facts.upsert({ category: 'work', key: `bench_${i}`, value: `benchmark value ${i} ${words[i % words.length]}`, source: 'user' });
    },
    teardown: async () => {
      await fixture?.store.close();
      if (fixture) rmSync(fixture.dir, { recursive: true, force: true });
    },
    iterations: 500,
  };
}

export const benchmarks = [
  storeFactBenchmark(),
  queryBenchmark(1_000),
  queryBenchmark(10_000),
  queryBenchmark(100_000, { metric: 'p95', max: 10 }),
];
