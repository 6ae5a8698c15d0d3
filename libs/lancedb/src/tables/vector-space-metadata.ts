/**
 * How a LanceDB table records its vector space (store/vector-space.ts of the documents) and layout version: as keys of
 * its schema metadata, written when the table is created.
 */
import type { VectorSpace } from '@chief-of-staff/documents';

export const EMBEDDER_ID_KEY = 'cos.embedder_id';
export const EMBEDDER_DIMS_KEY = 'cos.embedder_dims';
export const SCHEMA_VERSION_KEY = 'cos.schema_version';

export function vectorSpaceMetadata(space: VectorSpace, schemaVersion: number): Map<string, string> {
  return new Map([
    [EMBEDDER_ID_KEY, space.embedderId],
    [EMBEDDER_DIMS_KEY, String(space.dims)],
    [SCHEMA_VERSION_KEY, String(schemaVersion)],
  ]);
}

/** The recorded vector space, or undefined when the metadata is missing (a table we did not create). */
export function readVectorSpace(metadata: Map<string, string>): VectorSpace | undefined {
  const embedderId = metadata.get(EMBEDDER_ID_KEY);
  const dims = Number(metadata.get(EMBEDDER_DIMS_KEY));
  if (!embedderId || !Number.isInteger(dims) || dims <= 0) return undefined;
  return { embedderId, dims };
}

/** The table layout version recorded at creation; tables from before it was recorded count as version 1. */
export function readSchemaVersion(metadata: Map<string, string>): number {
  const version = Number(metadata.get(SCHEMA_VERSION_KEY));
  return Number.isInteger(version) && version > 0 ? version : 1;
}
