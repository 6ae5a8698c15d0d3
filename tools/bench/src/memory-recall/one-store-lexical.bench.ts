/**
 * `npm run bench -- "one store"`: the LoCoMo development conversations stored together in one store (2,760 facts, so
 * the rules that apply from 2,000 facts on — which query words find and which only rank, ADR 0102 — are in play, as
 * they are not in any one conversation), every question asked through the lexical lists of `searchFacts` (full text,
 * substring, feedback; no vectors), on SQLite and on PostgreSQL. Prints evidence recall@5, recall@10 and "any evidence
 * in the top 5"; nothing is timed by the runner.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock } from '@chief-of-staff/core';
import { createPostgresFactsRepository, openPostgres, type PostgresDatabase } from '@chief-of-staff/postgres';
import { startTestPostgres, type TestPostgres } from '@chief-of-staff/postgres/testing';
import { openMemoryStore, type SqliteMemoryStore } from '@chief-of-staff/sqlite';
import { searchFacts, type FactsRepository, type SourceRef } from '@chief-of-staff/stores';
import { loadConversations, turnFactValue } from './locomo-conversations.js';
import { sessionThread } from './mcp-memory-run.js';
import { meanRecall, recallFigures, type RecallFigures } from './recall-metrics.js';

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
const conversations = loadConversations();

/** Every turn of every conversation as `store_fact` stores it in the memory-recall run, keyed by conversation too. */
async function storeAll(facts: FactsRepository): Promise<void> {
  for (const conversation of conversations) {
    for (const turn of conversation.turns) {
      const sourceRef: SourceRef = { provider: 'message', thread_id: sessionThread(conversation.name, turn.session), timestamp: turn.date, from_identity: turn.speaker };
      await facts.upsert({ category: 'personal', key: `${conversation.name}/${turn.id}`, value: turnFactValue(turn), source: 'user', sourceRef, observedAt: turn.date });
    }
  }
}

async function recallOf(facts: FactsRepository): Promise<Record<string, number>> {
  const rows: RecallFigures[] = [];
  for (const conversation of conversations) {
    for (const question of conversation.questions) {
      const page = await searchFacts({ facts, clock }, { query: question.text }, { limit: 10 });
      rows.push(recallFigures(page.items.map((item) => item.fact.key), question.evidence.map((id) => `${conversation.name}/${id}`)));
    }
  }
  const mean = meanRecall(rows);
  return { facts: await facts.count(), questions: rows.length, recall5: mean.recall5, recall10: mean.recall10, any5: mean.any5 };
}

let sqliteDir = '';
let sqlite: SqliteMemoryStore | undefined;
let server: TestPostgres | undefined;
let postgres: PostgresDatabase | undefined;
const figures: Record<string, Record<string, number>> = {};

export const benchmarks = [
  {
    name: 'memory-recall: lexical lists, LoCoMo development conversations in one store — SQLite (recall in metrics)',
    iterations: 1,
    time: 0,
    setup: async () => {
      sqliteDir = mkdtempSync(join(tmpdir(), 'cos-bench-one-store-'));
      sqlite = openMemoryStore({ dataDir: sqliteDir, clock });
      await storeAll(sqlite.facts);
    },
    fn: async () => {
      figures['sqlite'] = await recallOf((sqlite as SqliteMemoryStore).facts);
    },
    metrics: () => figures['sqlite'] ?? {},
    teardown: async () => {
      await sqlite?.close();
      rmSync(sqliteDir, { recursive: true, force: true });
    },
  },
  {
    name: 'memory-recall: lexical lists, LoCoMo development conversations in one store — PostgreSQL (recall in metrics)',
    iterations: 1,
    time: 0,
    setup: async () => {
      server = await startTestPostgres({ database: 'cos_bench_one_store' });
      postgres = await openPostgres({ url: server.url });
      await storeAll(createPostgresFactsRepository(postgres, clock));
      // The planner's word statistics, as autovacuum would have gathered them on a store this size.
      await postgres.pool.query('ANALYZE facts');
    },
    fn: async () => {
      figures['postgres'] = await recallOf(createPostgresFactsRepository(postgres as PostgresDatabase, clock));
    },
    metrics: () => figures['postgres'] ?? {},
    teardown: async () => {
      await postgres?.close();
      await server?.stop();
    },
  },
];
