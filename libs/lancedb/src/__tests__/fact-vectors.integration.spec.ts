/**
 * Semantic recall for facts: the LanceDB `fact_vectors` index attached to a real memory store, with the real
 * embedder, ranked through the memory store's own fact search (list c of docs/reference/algorithms.md#fact-ranking).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isToolError } from '@chief-of-staff/core';
import { type FactCategory, type FactRecord, refreshFactVector, searchFacts } from '@chief-of-staff/stores';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import { type Embedder, WorkerPoolEmbedder } from '@chief-of-staff/documents';
import { LanceFactVectorIndex } from '../facts/lance-fact-vector-index.js';
import { VectorDatabase } from '../tables/vector-table.js';

const model = new WorkerPoolEmbedder();
const embedCalls: number[] = [];
/** The real model, counting how many texts each call embeds. */
const counting: Embedder = {
  id: model.id,
  dims: model.dims,
  embed: (texts) => {
    embedCalls.push(texts.length);
    return model.embed(texts);
  },
};
/** Same id and dimension as the model, no model: for tests that only need rows written fast. */
const synthetic: Embedder = {
  id: model.id,
  dims: model.dims,
  embed: async (texts) => texts.map((_, i) => Float32Array.from({ length: model.dims }, (__, d) => (d === i % model.dims ? 1 : 0))),
};

async function fragmentCount(index: LanceFactVectorIndex): Promise<number> {
  const state = await index.state();
  return state.status === 'absent' ? 0 : (await state.table.stats()).fragmentStats.numFragments;
}

async function versionCount(index: LanceFactVectorIndex): Promise<number> {
  const state = await index.state();
  return state.status === 'absent' ? 0 : (await state.table.listVersions()).length;
}

/** Polls until the table is down to one fragment (background maintenance), for at most 10 s. */
async function compacted(fragments: () => Promise<number>): Promise<number> {
  const deadline = Date.now() + 10_000;
  while ((await fragments()) > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return fragments();
}

let store: TestMemoryStore;
let vectors: VectorDatabase;
let index: LanceFactVectorIndex;

async function remember(category: FactCategory, key: string, value: string): Promise<FactRecord> {
  const { fact } = await store.facts.upsert({ category, key, value, source: 'user' });
  await refreshFactVector({ facts: store.facts, vectors: index }, fact);
  return await store.facts.getById(fact.id) as FactRecord;
}

function query(text: string, category?: FactCategory) {
  return searchFacts({ facts: store.facts, vectors: index, clock: store.clock }, { query: text, category }, { limit: 5 });
}

beforeAll(async () => {
  store = createTestMemoryStore();
  vectors = new VectorDatabase(join(store.dataDir, 'vectors'));
  index = new LanceFactVectorIndex({ vectors, embedder: counting });
  store.attachFactVectorIndex(index);
  await remember('preference', 'favourite_drink', 'oat milk flat white, no sugar');
  await remember('work', 'quarterly_goal', 'ship the billing migration before October');
  await remember('relationship', 'sister_birthday', 'Maya turns 30 on 4 May');
  await remember('personal', 'allergy', 'severe peanut allergy, carries an epinephrine pen');
});

afterAll(async () => {
  await index.close();
  await vectors.close();
  await model.close();
  await store.cleanup();
});

describe('fact vector index', () => {
  it('marks embedded facts ok and finds a fact by meaning when no word matches', async () => {
    expect((await store.facts.getById(1))?.embeddingStatus).toBe('ok');
    const page = await query('which hot beverage is preferred');
    expect(page.items[0]?.fact.key).toBe('favourite_drink');
    expect(page.warnings ?? []).toEqual([]);
  });

  it('filters vector candidates by category', async () => {
    const matches = await index.search('food that could cause a reaction', { limit: 10, category: 'work' });
    expect(matches.map((match) => match.factId)).toEqual([2]);
    const all = await index.search('food that could cause a reaction', { limit: 10 });
    expect(all[0]?.factId).toBe(4);
    expect(all[0]?.similarity).toBeLessThanOrEqual(1);
  });

  it('sends the query to the model as soon as a search starts, so it is embedded while the caller runs its own lists', async () => {
    const before = embedCalls.length;
    const searching = index.search('something new to embed about coffee', { limit: 5 });
    // Nothing awaited yet: the synchronous SQLite lists of searchFacts would run right here.
    expect(embedCalls.length).toBe(before + 1);
    expect((await searching)[0]?.factId).toBe(1);
  });

  it('returns stored vectors for diversity and skips facts without one', async () => {
    const stored = await index.getVectors([1, 3, 999]);
    expect([...stored.keys()].sort()).toEqual([1, 3]);
    expect(stored.get(1)).toHaveLength(512);
  });

  it('batches concurrent upserts into one embedding call and does not re-embed unchanged text', async () => {
    embedCalls.length = 0;
    const facts = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => (await store.facts.upsert({ category: 'backlog', key: `idea_${i}`, value: `Idea number ${i}: write a short essay`, source: 'user' })).fact),
    );
    await Promise.all(facts.map((fact) => index.upsertFact(fact)));
    expect(embedCalls).toEqual([12]);
    await Promise.all(facts.map((fact) => index.upsertFact(fact)));
    expect(embedCalls).toEqual([12]);
    expect((await index.getVectors(facts.map((fact) => fact.id))).size).toBe(12);
  });

  it('says which facts it already has on the way, until their vectors are written', async () => {
    const fact = (await store.facts.upsert({ category: 'backlog', key: 'queued_here', value: 'Renew the car insurance', source: 'user' })).fact;
    expect(index.isQueued(fact.id)).toBe(false);
    const refreshing = index.upsertFact(fact);
    expect(index.isQueued(fact.id)).toBe(true);
    await refreshing;
    expect(index.isQueued(fact.id)).toBe(false);
  });

  it('closing waits for a batch that is still being written', async () => {
    const own = new LanceFactVectorIndex({ vectors, embedder: counting, batchDelayMs: 0 });
    const fact = (await store.facts.upsert({ category: 'backlog', key: 'written_at_close', value: 'Order new running shoes', source: 'user' })).fact;
    const writing = own.upsertFact(fact);
    // The timer has taken the batch: nothing is pending any more, the write is under way.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await own.close();
    expect(own.isQueued(fact.id)).toBe(false);
    await writing;
    expect((await index.getVectors([fact.id])).size).toBe(1);
  });

  it('closing promptly leaves facts still waiting for the model pending, to be embedded by the next search', async () => {
    let releaseModel = (): void => undefined;
    const modelLoading = new Promise<void>((resolve) => (releaseModel = resolve));
    const slowModel: Embedder = { id: model.id, dims: model.dims, embed: async (texts) => (await modelLoading, synthetic.embed(texts)) };
    const own = new LanceFactVectorIndex({ vectors, embedder: slowModel, batchDelayMs: 0 });
    const embedding = (await store.facts.upsert({ category: 'backlog', key: 'embedding_at_close', value: 'Book the dentist', source: 'user' })).fact;
    const refreshing = refreshFactVector({ facts: store.facts, vectors: own }, embedding);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const queued = (await store.facts.upsert({ category: 'backlog', key: 'queued_at_close', value: 'Call the plumber', source: 'user' })).fact;
    const queuedRefresh = refreshFactVector({ facts: store.facts, vectors: own }, queued);

    const started = performance.now();
    await own.close({ promptly: true });
    // The model stays "loading": a close that waited for it would never return.
    expect(performance.now() - started).toBeLessThan(1_000);
    releaseModel();
    await Promise.all([refreshing, queuedRefresh]);
    expect((await index.getVectors([embedding.id, queued.id])).size).toBe(0);
    expect((await store.facts.getById(embedding.id))?.embeddingStatus).toBe('pending');
    expect((await store.facts.getById(queued.id))?.embeddingStatus).toBe('pending');
    await expect(own.upsertFact(queued)).rejects.toThrow('closed before the vector was written');

    // Nothing is lost: the next search embeds both.
    const page = await query('plumber');
    expect(page.items.map((ranked) => ranked.fact.key)).toContain('queued_at_close');
    expect((await index.getVectors([embedding.id, queued.id])).size).toBe(2);
    expect((await store.facts.getById(embedding.id))?.embeddingStatus).toBe('ok');
  });

  it('a search writes the facts it catches up at once, not after the delay that gathers a stream of writes', async () => {
    // Another process (cos memory add) stored this fact without embedding it.
    const added = (await store.facts.upsert({ category: 'backlog', key: 'added_elsewhere', value: 'Renew the passport before March', source: 'user' })).fact;
    const patient = new LanceFactVectorIndex({ vectors, embedder: counting, batchDelayMs: 60_000, minBatchIntervalMs: 60_000 });
    try {
      // Waiting for the batch delay, this would outlast the test's time limit.
      const page = await searchFacts({ facts: store.facts, vectors: patient, clock: store.clock }, { query: 'passport renewal' }, { limit: 5 });
      expect(page.items.map((ranked) => ranked.fact.key)).toContain('added_elsewhere');
      expect((await store.facts.getById(added.id))?.embeddingStatus).toBe('ok');
      expect((await patient.getVectors([added.id])).size).toBe(1);
    } finally {
      await patient.close();
    }
  });

  it('embeds a text it has just written only once, and again once the text changes', async () => {
    const own = new LanceFactVectorIndex({ vectors, embedder: counting, batchDelayMs: 0, minBatchIntervalMs: 0 });
    const { fact } = await store.facts.upsert({ category: 'work', key: 'embed_once', value: 'Quarterly review on Friday', source: 'user' });
    try {
      embedCalls.length = 0;
      await own.upsertFact(fact);
      await own.upsertFact(fact);
      expect(embedCalls).toEqual([1]);
      await own.upsertFact({ ...fact, value: 'Quarterly review moved to Monday' });
      expect(embedCalls).toEqual([1, 1]);
    } finally {
      await own.close();
    }
  });

  it('embeds what a search catches up ahead of background work, and facts written in passing behind it', async () => {
    const urgency: boolean[] = [];
    const recording: Embedder = { ...synthetic, embed: (texts, options) => (urgency.push(options?.urgent === true), synthetic.embed(texts)) };
    const own = new LanceFactVectorIndex({ vectors, embedder: recording, batchDelayMs: 0, minBatchIntervalMs: 0 });
    try {
      const written = (await store.facts.upsert({ category: 'work', key: 'in_passing', value: 'Written by a tool call', source: 'user' })).fact;
      await own.upsertFact(written);
      // A search waits for these (searchFacts flushes what it catches up).
      const caught = (await store.facts.upsert({ category: 'work', key: 'caught_up', value: 'Added by another process', source: 'user' })).fact;
      const catchingUp = own.upsertFact(caught);
      await own.flush();
      await catchingUp;
      expect(urgency).toEqual([false, true]);
    } finally {
      await own.close();
    }
  });

  it('removes a deleted fact, also when the delete races a pending upsert', async () => {
    await index.deleteFact(3);
    expect((await index.getVectors([3])).size).toBe(0);
    const { fact } = await store.facts.upsert({ category: 'work', key: 'temp', value: 'a short-lived note', source: 'user' });
    const pending = index.upsertFact(fact);
    await index.deleteFact(fact.id);
    await pending;
    await index.flush();
    expect((await index.getVectors([fact.id])).size).toBe(0);
  });

  it('with another embedder: recall is refused with the re-index message until reindex()', async () => {
    const renamed: Embedder = { id: 'other-embedder@1', dims: model.dims, embed: (texts) => model.embed(texts) };
    const other = new LanceFactVectorIndex({ vectors, embedder: renamed });
    const error = await other.search('coffee', { limit: 5 }).catch((caught: unknown) => caught);
    expect(isToolError(error) && error.code).toBe('CONFLICT');
    expect((error as Error).message).toContain('cos reindex');
    const page = await searchFacts({ facts: store.facts, vectors: other, clock: store.clock }, { query: 'coffee order' }, { limit: 5 });
    expect(page.warnings?.join(' ')).toContain('cos reindex');
    const facts = await Promise.all([1, 2, 4].map(async (id) => (await store.facts.getById(id)) as FactRecord));
    expect(await other.reindex(facts)).toEqual([1, 2, 4]);
    expect((await other.search('what coffee order does the user like', { limit: 1 }))[0]?.factId).toBe(1);
  });

  it('compacts its table in the background once enough vectors were written, without being asked', async () => {
    const own = new VectorDatabase(join(store.dataDir, 'vectors-maintained'));
    const maintained = new LanceFactVectorIndex({ vectors: own, embedder: synthetic, batchDelayMs: 0, maintenance: { afterRows: 5, delayMs: 200 } });
    const upsert = (ids: number[]) =>
      Promise.all(ids.map((id) => maintained.upsertFact({ id, category: 'work', key: `k${id}`, value: `value ${id}` })));
    try {
      // Two commits, two fragments; the second brings the count to the threshold and (re)starts the quiet period.
      await upsert([1, 2, 3, 4]);
      await upsert([5, 6, 7, 8]);
      const fragments = () => fragmentCount(maintained);
      expect(await fragments()).toBeGreaterThan(1);
      expect(await compacted(fragments)).toBe(1);
    } finally {
      await maintained.close();
      await own.close();
    }
  });

  it('writes a steady stream of facts in about one commit a second, not one per fact', async () => {
    const own = new VectorDatabase(join(store.dataDir, 'vectors-stream'));
    const streamed = new LanceFactVectorIndex({ vectors: own, embedder: synthetic, maintenance: { afterRows: 1_000_000 } });
    try {
      const writes: Promise<void>[] = [];
      // 30 facts over 1.5 s, one every 50 ms (a busy server).
      for (let id = 1; id <= 30; id++) {
        writes.push(streamed.upsertFact({ id, category: 'work', key: `k${id}`, value: `value ${id}` }));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await Promise.all(writes);
      // Creating the table is one version; the 30 facts took a handful of commits.
      expect(await versionCount(streamed)).toBeLessThanOrEqual(5);
      expect((await streamed.getVectors(Array.from({ length: 30 }, (_, i) => i + 1))).size).toBe(30);
    } finally {
      await streamed.close();
      await own.close();
    }
  });

  it('deletes old table versions when it optimizes, so the directory does not grow with every write', async () => {
    const own = new VectorDatabase(join(store.dataDir, 'vectors-pruned'));
    const pruned = new LanceFactVectorIndex({ vectors: own, embedder: synthetic, batchDelayMs: 0, minBatchIntervalMs: 0, maintenance: { afterRows: 1_000_000, keepVersionsMs: 0 } });
    try {
      for (let id = 1; id <= 12; id++) await pruned.upsertFact({ id, category: 'work', key: `k${id}`, value: `value ${id}` });
      expect(await versionCount(pruned)).toBeGreaterThan(12);
      await pruned.optimize();
      expect(await versionCount(pruned)).toBeLessThanOrEqual(2);
      expect((await pruned.getVectors(Array.from({ length: 12 }, (_, i) => i + 1))).size).toBe(12);
    } finally {
      await pruned.close();
      await own.close();
    }
  });

  it('optimizes a table another process left fragmented when it first opens it', async () => {
    const dir = join(store.dataDir, 'vectors-left-behind');
    // A short-lived writer (like a CLI ingest) that never stays around for its own background optimize.
    const writerDb = new VectorDatabase(dir);
    const writer = new LanceFactVectorIndex({ vectors: writerDb, embedder: synthetic, batchDelayMs: 0, minBatchIntervalMs: 0, maintenance: { afterRows: 1_000_000 } });
    for (let id = 1; id <= 18; id++) await writer.upsertFact({ id, category: 'work', key: `k${id}`, value: `value ${id}` });
    await writer.close();
    await writerDb.close();

    const readerDb = new VectorDatabase(dir);
    const reader = new LanceFactVectorIndex({ vectors: readerDb, embedder: synthetic, maintenance: { delayMs: 200 } });
    try {
      const fragments = () => fragmentCount(reader);
      expect(await fragments()).toBe(18);
      expect(await compacted(fragments)).toBe(1);
    } finally {
      await reader.close();
      await readerDb.close();
    }
  });
});
