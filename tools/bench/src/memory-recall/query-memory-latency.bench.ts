/**
 * `npm run bench -- memory-recall`: `searchFacts` (what `query_memory` runs) over 100k facts with the vector part on —
 * full text, substring, the fact vector index on LanceDB and the query embedded by the real model, the feedback list's
 * second full-text search (ADR 0099; the peer runs without it), then fusion, names,
 * neighbours and the prior. The facts are the synthetic ones of the fact store's lexical benchmark; their vectors are
 * real embeddings of 64 LoCoMo turns plus noise (embedding 100k facts would take most of an hour), so semantic matches
 * clear the floor and fusion has two lists to combine. Each query is a different LoCoMo question, so the embedder
 * runs on every call.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock } from '@chief-of-staff/core';
import { VECTORS_DIR_NAME, WorkerPoolEmbedder, type Embedder } from '@chief-of-staff/documents';
import { LanceFactVectorIndex, VectorDatabase } from '@chief-of-staff/lancedb';
import { searchFacts, type FactCategory } from '@chief-of-staff/stores';
import { openMemoryStore, type SqliteMemoryStore } from '@chief-of-staff/sqlite';
import { syntheticFacts } from '@chief-of-staff/stores/testing';
import { insertSyntheticFacts } from '@chief-of-staff/sqlite/testing';
import { loadConversations, turnFactValue } from './locomo-conversations.js';

const FACTS = 100_000;
const TOPICS = 64;
const clock = new FakeClock('2026-06-01T12:00:00.000Z');

let dataDir = '';
let store: SqliteMemoryStore | undefined;
let embedder: WorkerPoolEmbedder | undefined;
let vectors: LanceFactVectorIndex | undefined;
let questions: string[] = [];
let next = 0;

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

async function setup(): Promise<void> {
  if (dataDir !== '') return;
  dataDir = mkdtempSync(join(tmpdir(), 'cos-bench-query-memory-100k-'));
  store = openMemoryStore({ dataDir, clock });
  insertSyntheticFacts(store, syntheticFacts(FACTS, clock.now()));
  const conversations = loadConversations();
  questions = conversations.flatMap((conversation) => conversation.questions.map((question) => question.text));
  embedder = new WorkerPoolEmbedder();
  const turns = conversations.flatMap((conversation) => conversation.turns).filter((_, index) => index % 40 === 0).slice(0, TOPICS);
  const topics = await embedder.embed(turns.map(turnFactValue));
  const random = seeded(7);
  let made = 0;
  // Stored vectors are made here, so the table is written with the model's id and width but without the model.
  const prepared: Embedder = {
    id: embedder.id,
    dims: embedder.dims,
    embed: async (texts) =>
      texts.map(() => {
        const topic = topics[made++ % TOPICS] as Float32Array;
        const vector = topic.map((value) => value + (random() - 0.5) * 0.08);
        const norm = Math.hypot(...vector);
        return vector.map((value) => value / norm);
      }),
  };
  const database = new VectorDatabase(join(dataDir, VECTORS_DIR_NAME));
  const builder = new LanceFactVectorIndex({ vectors: database, embedder: prepared });
  const rows = store.database.sqlite.prepare<[], { id: number; category: FactCategory; key: string; value: string }>('SELECT id, category, key, value FROM facts').all();
  await builder.reindex(rows);
  await builder.optimize();
  await builder.close();
  store.database.sqlite.prepare(`UPDATE facts SET embedding_status = 'ok'`).run();
  vectors = new LanceFactVectorIndex({ vectors: new VectorDatabase(join(dataDir, VECTORS_DIR_NAME)), embedder });
}

async function teardown(): Promise<void> {
  await vectors?.close();
  await embedder?.close();
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const NAME = 'memory-recall: query_memory ranking @ 100,000 facts, vector part on (a new question each call, embedding included)';
const WITHOUT_FEEDBACK = `${NAME}, without the feedback list (peer)`;

function search(relevance: { feedbackWeight?: number } = {}) {
  return async () => {
    const query = questions[next++ % questions.length] as string;
    await searchFacts({ facts: (store as SqliteMemoryStore).facts, vectors, clock }, { query, relevance }, { limit: 10 });
  };
}

// The peer runs first on the same store: what the feedback list's second full-text search costs, same run.
export const benchmarks = [
  { name: WITHOUT_FEEDBACK, setup, warmupIterations: 5, fn: search({ feedbackWeight: 0 }), iterations: 200, time: 0 },
  { name: NAME, setup, warmupIterations: 5, fn: search(), iterations: 200, time: 0, teardown, peer: WITHOUT_FEEDBACK, goal: { metric: 'p95', max: 50 } },
];
