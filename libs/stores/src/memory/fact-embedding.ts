/**
 * Keeps fact vectors in step with fact writes (store_memory and delete_fact in
 * docs/reference/tool-catalogue.md#memory-and-identity): after a write the vector is refreshed in the background and
 * the fact marked `embedding_status = ok`; a failed embed only leaves it `pending` and is logged, it never fails the
 * write.
 */
import type { Logger } from '@chief-of-staff/core';
import type { FactRecord, FactsRepository } from './facts-repository.js';
import { FactVectorIndexClosedError, type FactVectorIndex } from './fact-vector-index.js';

export interface FactEmbeddingDeps {
  facts: FactsRepository;
  vectors?: FactVectorIndex | undefined;
  logger?: Logger;
}

/** Embeds `fact`; resolves (never rejects) once done. A no-op without a vector index. */
export async function refreshFactVector(deps: FactEmbeddingDeps, fact: FactRecord): Promise<void> {
  if (!deps.vectors) return;
  try {
    await deps.vectors.upsertFact({ id: fact.id, category: fact.category, key: fact.key, value: fact.value });
    // Only if unchanged since: a newer write has its own refresh on the way.
    await deps.facts.markEmbeddedIfFree(fact.id, fact.updatedAt);
  } catch (error) {
    if (error instanceof FactVectorIndexClosedError) {
      deps.logger?.debug({ factId: fact.id }, 'fact vector left pending: the process is stopping');
      return;
    }
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') {
      deps.logger?.debug({ factId: fact.id }, 'fact vector written; marking it waits for a search, the database is locked by another program');
      return;
    }
    deps.logger?.warn({ err: error, factId: fact.id }, 'fact embedding failed; the fact stays searchable by text');
  }
}

/** Removes a deleted fact's vector; resolves (never rejects). */
export async function removeFactVector(deps: FactEmbeddingDeps, factId: number): Promise<void> {
  if (!deps.vectors) return;
  try {
    await deps.vectors.deleteFact(factId);
  } catch (error) {
    deps.logger?.warn({ err: error, factId }, 'removing a fact vector failed');
  }
}
