/**
 * Benchmarks of the fact store (issue goal: query_memory p95 < 10 ms at 100k facts for the lexical path):
 * store_fact writes and ranked queries (full text + substring, no vectors) at 1k, 10k and 100k facts.
 * Data is synthetic but shaped like real memory (testing/synthetic-facts.ts), the same the PostgreSQL adapter's bench uses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock } from '@chief-of-staff/core';
import { searchFacts, type MemoryStore } from '@chief-of-staff/stores';
import { openMemoryStore } from './memory-store.js';
import { syntheticFactQueries, syntheticFacts, syntheticFactWords } from '@chief-of-staff/stores/testing';
import { insertSyntheticFacts } from '../testing/insert-synthetic-facts.js';

interface FactFixture {
  store: MemoryStore;
  dir: string;
  queries: string[];
  next: number;
}

const clock = new FakeClock('2026-06-01T12:00:00.000Z');

function createFixture(factCount: number): FactFixture {
  const dir = mkdtempSync(join(tmpdir(), `cos-bench-facts-${factCount}-`));
  const store = openMemoryStore({ dataDir: dir, clock });
  insertSyntheticFacts(store, syntheticFacts(factCount, clock.now()));
  return { store, dir, queries: syntheticFactQueries(), next: 0 };
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
      const words = syntheticFactWords();
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
