/**
 * The behaviour of the memory store's `FactVectorIndex` port, written once and run against every implementation
 * (LanceDB here, PostgreSQL + pgvector in `@chief-of-staff/postgres`), with the real embedder: search by meaning and
 * by category, stored vectors, batching and no re-embedding of unchanged text, deletes, and the guard against vectors
 * of another embedder (ADR 0067). Facts are stored through the memory store's `FactsRepository` of the same storage.
 */
import { isToolError } from '@chief-of-staff/core';
import type { FactCategory, FactRecord, FactsRepository, FactVectorIndex } from '@chief-of-staff/stores';
import type { Embedder } from '../embedding/embedder.js';
import { WorkerPoolEmbedder } from '../embedding/worker-pool-embedder.js';
import { jestGlobals } from './jest-globals.js';

/** An index as the contract drives it: the port, plus the closing and re-indexing both implementations have. */
export interface ContractFactVectorIndex extends FactVectorIndex {
  reindex(facts: readonly FactRecord[]): Promise<number[]>;
  close(options?: { promptly?: boolean }): Promise<void>;
}

/** Empty facts and fact vectors over one storage. */
export interface OpenedFactVectorIndex {
  facts: FactsRepository;
  /** An index over this storage's vectors for `embedder` (called again for another embedder). */
  index(embedder: Embedder): ContractFactVectorIndex;
  close(): Promise<void>;
}

export type OpenFactVectorIndex = () => Promise<OpenedFactVectorIndex>;

const FIRST_EMBEDDING_TIMEOUT_MS = 120_000;

/** Declares the fact vector index contract as a jest `describe` block named after the implementation. */
export function describeFactVectorIndexContract(name: string, open: OpenFactVectorIndex): void {
  const { afterAll, beforeAll, describe, expect, it } = jestGlobals();
  describe(`FactVectorIndex contract: ${name}`, () => {
    const model = new WorkerPoolEmbedder();
    const calls: number[] = [];
    const counting: Embedder = {
      id: model.id,
      dims: model.dims,
      embed: (texts, options) => {
        calls.push(texts.length);
        return model.embed(texts, options);
      },
    };
    let opened: OpenedFactVectorIndex;
    let index: ContractFactVectorIndex;
    const stored: Record<string, FactRecord> = {};

    const remember = async (category: FactCategory, key: string, value: string): Promise<FactRecord> => {
      const { fact } = await opened.facts.upsert({ category, key, value, source: 'user' });
      stored[key] = fact;
      return fact;
    };

    beforeAll(async () => {
      opened = await open();
      index = opened.index(counting);
      const facts = await Promise.all([
        remember('preference', 'favourite_drink', 'oat milk flat white, no sugar'),
        remember('work', 'quarterly_goal', 'ship the billing migration before October'),
        remember('relationship', 'sister_birthday', 'Maya turns 30 on 4 May'),
        remember('personal', 'allergy', 'severe peanut allergy, carries an epinephrine pen'),
      ]);
      await Promise.all(facts.map((fact) => index.upsertFact(fact)));
    }, FIRST_EMBEDDING_TIMEOUT_MS);

    afterAll(async () => {
      await index?.close();
      await opened?.close();
      await model.close();
    });

    it('finds facts by meaning, closest first, within a category when asked', async () => {
      const drinks = await index.search('which hot beverage is preferred', { limit: 10 });
      expect(drinks[0]?.factId).toBe(stored['favourite_drink']?.id);
      expect(drinks).toHaveLength(4);
      for (let i = 1; i < drinks.length; i++) expect((drinks[i - 1]?.similarity ?? 0) >= (drinks[i]?.similarity ?? 0)).toBe(true);
      expect(drinks[0]?.similarity).toBeLessThan(1.000001);
      const work = await index.search('food that could cause a reaction', { limit: 10, category: 'work' });
      expect(work.map((match) => match.factId)).toEqual([stored['quarterly_goal']?.id]);
      expect((await index.search('food that could cause a reaction', { limit: 1 }))[0]?.factId).toBe(stored['allergy']?.id);
      expect(await index.search('   ', { limit: 5 })).toEqual([]);
    });

    it('returns stored vectors and leaves out facts without one', async () => {
      const ids = [stored['favourite_drink']?.id as number, stored['sister_birthday']?.id as number];
      const vectors = await index.getVectors([...ids, 999_999]);
      expect([...vectors.keys()].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      expect(vectors.get(ids[0] as number)).toHaveLength(model.dims);
      expect((await index.getVectors([])).size).toBe(0);
    });

    it('embeds concurrent upserts in one call, does not embed unchanged text again, and says what is on the way', async () => {
      calls.length = 0;
      const facts = await Promise.all(Array.from({ length: 12 }, (_, i) => remember('backlog', `idea_${i}`, `Idea number ${i}: write a short essay`)));
      const first = facts.map((fact) => index.upsertFact(fact));
      expect(index.isQueued?.(facts[0]?.id as number)).toBe(true);
      await Promise.all(first);
      expect(index.isQueued?.(facts[0]?.id as number)).toBe(false);
      expect(calls).toEqual([12]);
      await Promise.all(facts.map((fact) => index.upsertFact(fact)));
      expect(calls).toEqual([12]);
      expect((await index.getVectors(facts.map((fact) => fact.id))).size).toBe(12);
      // A new value is embedded again and replaces the vector.
      const changed = (await opened.facts.upsert({ category: 'backlog', key: 'idea_0', value: 'Plant tulip bulbs in autumn', source: 'user' })).fact;
      await index.upsertFact(changed);
      expect(calls).toEqual([12, 1]);
      expect((await index.search('spring flowers in the garden', { limit: 1, category: 'backlog' }))[0]?.factId).toBe(changed.id);
    });

    it('flush writes queued upserts at once', async () => {
      const fact = await remember('backlog', 'flushed', 'Renew the car insurance');
      const slow = opened.index(counting);
      try {
        const upserting = slow.upsertFact(fact);
        await slow.flush?.();
        await upserting;
        expect((await index.getVectors([fact.id])).size).toBe(1);
      } finally {
        await slow.close();
      }
    });

    it('deletes a vector, and deleting a missing one is no error', async () => {
      const id = stored['sister_birthday']?.id as number;
      await index.deleteFact(id);
      expect((await index.getVectors([id])).size).toBe(0);
      expect((await index.search('birthday of a family member', { limit: 20 })).map((match) => match.factId)).not.toContain(id);
      await index.deleteFact(id);
      await index.deleteFact(999_999);
    });

    it('a delete made while the fact is queued wins over the queued upsert', async () => {
      const fact = await remember('backlog', 'deleted_while_queued', 'Book the dentist');
      const upserting = index.upsertFact(fact);
      await index.deleteFact(fact.id);
      await upserting;
      await index.flush?.();
      expect((await index.getVectors([fact.id])).size).toBe(0);
    });

    it('closing promptly rejects queued upserts with the closed error; the fact stays for the next catch-up', async () => {
      const own = opened.index(counting);
      const fact = await remember('backlog', 'queued_at_close', 'Call the plumber');
      const upserting = own.upsertFact(fact).catch((error: unknown) => error);
      await own.close({ promptly: true });
      expect(await upserting).toMatchObject({ code: 'FACT_VECTOR_INDEX_CLOSED' });
      expect((await index.getVectors([fact.id])).size).toBe(0);
    });

    it('refuses vectors of another embedder with the re-index message until reindex rebuilds them', async () => {
      const renamed: Embedder = { id: 'other-embedder@1', dims: model.dims, embed: (texts, options) => model.embed(texts, options) };
      const other = opened.index(renamed);
      try {
        const error = await other.search('coffee', { limit: 3 }).catch((caught: unknown) => caught);
        expect(isToolError(error) && error.code === 'CONFLICT' && error.message.includes('cos reindex')).toBe(true);
        const upsert = await other.upsertFact(stored['favourite_drink'] as FactRecord).catch((caught: unknown) => caught);
        expect(isToolError(upsert) && upsert.code === 'CONFLICT').toBe(true);

        const everything = (await opened.facts.list({}, { limit: 100 })).items;
        const done = await other.reindex(everything);
        expect([...done].sort((a, b) => a - b)).toEqual(everything.map((fact) => fact.id).sort((a, b) => a - b));
        expect((await other.search('which hot beverage is preferred', { limit: 1 }))[0]?.factId).toBe(stored['favourite_drink']?.id);
        const refused = await index.search('coffee', { limit: 3 }).catch((caught: unknown) => caught);
        expect(isToolError(refused) && refused.code === 'CONFLICT').toBe(true);
      } finally {
        await other.close();
      }
    });
  });
}
