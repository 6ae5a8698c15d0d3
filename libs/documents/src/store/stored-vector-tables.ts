/**
 * The vector tables of a data directory as a copy into another store reads them (`cos migrate --to`): each table's
 * recorded vector space and layout version, its row count, and its rows in batches as the adapter stored them. The
 * embedded adapter (`@chief-of-staff/lancedb`) provides it; the PostgreSQL copy reads through it, so neither adapter
 * imports the other.
 */
import type { VectorSpace } from './vector-space.js';

/** One row: column name to value (a vector is an iterable of numbers; integers may be bigints). */
export type StoredVectorRow = Record<string, unknown>;

export interface StoredVectorTable {
  /** The embedder that built the vectors, when the table records it. */
  vectorSpace: VectorSpace | undefined;
  /** The layout version recorded at creation (1 for tables from before it was recorded). */
  schemaVersion: number;
  rowCount: number;
  /** Every row, in the batches the store reads them in. */
  batches(): AsyncIterable<readonly StoredVectorRow[]>;
}

export interface StoredVectorTables {
  /** The named table (`document_chunks`, `fact_vectors`), or undefined when there is none. */
  open(name: string): Promise<StoredVectorTable | undefined>;
  /** Closing again does nothing. */
  close(): Promise<void>;
}
