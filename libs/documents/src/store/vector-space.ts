/**
 * Which embedder built a store's vectors. Every adapter records the id and dimension when it creates its vectors;
 * opening them with a different embedder disables vector search for that store (full-text search keeps working)
 * until `cos reindex` rebuilds it, so vectors from two models are never mixed or compared.
 */
import { ToolError } from '@chief-of-staff/core';
import type { Embedder } from '../embedding/embedder.js';

export interface VectorSpace {
  embedderId: string;
  dims: number;
}

export function vectorSpaceOf(embedder: Embedder): VectorSpace {
  return { embedderId: embedder.id, dims: embedder.dims };
}

export function sameVectorSpace(a: VectorSpace, b: VectorSpace): boolean {
  return a.embedderId === b.embedderId && a.dims === b.dims;
}

export const REINDEX_HINT = 'Run `cos reindex` to rebuild the vectors with the configured embedder.';

/** The "re-index" error: says which embedder built the table, which one is configured, and what to run. */
export function embedderMismatchError(tableLabel: string, recorded: VectorSpace | undefined, current: VectorSpace): ToolError {
  const built = recorded ? `${recorded.embedderId} (${recorded.dims} dimensions)` : 'an unknown embedder';
  return new ToolError(
    'CONFLICT',
    `The ${tableLabel} were built with ${built} but the configured embedder is ${current.embedderId} (${current.dims} dimensions).`,
    {
      hint: REINDEX_HINT,
      details: {
        recorded_embedder: recorded?.embedderId ?? null,
        recorded_dims: recorded?.dims ?? null,
        configured_embedder: current.embedderId,
        configured_dims: current.dims,
      },
    },
  );
}

/**
 * Writing to a table whose layout an older version created: its rows lack columns this version fills, so it is
 * rebuilt first. Searches keep working on it meanwhile.
 */
export function outdatedLayoutError(tableLabel: string): ToolError {
  return new ToolError('CONFLICT', `The ${tableLabel} were built by an older version of Chief of Staff and must be rebuilt before new documents are added.`, {
    hint: REINDEX_HINT_OUTDATED,
  });
}

export const REINDEX_HINT_OUTDATED = 'Run `cos reindex` once to rebuild the index in the current layout (your documents are read again; nothing is lost).';

/** The warning attached to searches over an index in an older layout (keyword ranking without its improvements). */
export function outdatedLayoutWarning(tableLabel: string): string {
  return `The ${tableLabel} were built by an older version, so keyword ranking runs without stemming, title weighting or Hebrew prefixes. ${REINDEX_HINT_OUTDATED}`;
}

/** The warning attached to results that fell back to full-text search because of a mismatch. */
export function embedderMismatchWarning(tableLabel: string): string {
  return `Vector search is disabled for the ${tableLabel}: they were built with a different embedder. Results use full-text search only. ${REINDEX_HINT}`;
}
