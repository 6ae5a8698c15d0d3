/**
 * The `vector_spaces` row of a vector table (`document_chunks`, `fact_vectors`): which embedder wrote its vectors,
 * as LanceDB keeps it in the table's metadata. The same rule as LanceDB's: the first write records the configured
 * embedder, a table recorded for another embedder is refused for writing and for vector search until `cos reindex`
 * re-creates it, and keyword search keeps working meanwhile.
 */
import { ToolError } from '@chief-of-staff/core';
import { embedderMismatchError, outdatedLayoutError, type Embedder, type VectorSpace } from '@chief-of-staff/documents';
import type pg from 'pg';
import { EMBEDDING_DIMENSIONS } from '../schema/documents.js';

/** A vector table's state for the configured embedder (the shape of the documents' `ChunkStoreState`). */
export type VectorSpaceState =
  | { status: 'absent' }
  | { status: 'ok'; schemaVersion: number }
  | { status: 'mismatch'; recorded: VectorSpace };

/** Anything that runs a query: the pool or a client inside a transaction. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export interface VectorSpaceRow {
  /** The table whose row this is, e.g. `document_chunks`. */
  readonly tableName: string;
  /** How errors and warnings name the table's contents, e.g. "document vectors". */
  readonly label: string;
  /** The layout version this code writes. */
  readonly schemaVersion: number;
}

/** The embedder's vector space, refused when the columns cannot hold its vectors. */
export function writableSpace(embedder: Embedder, label: string): VectorSpace {
  if (embedder.dims !== EMBEDDING_DIMENSIONS) {
    throw new ToolError(
      'CONFLICT',
      `The PostgreSQL schema stores ${label} of ${EMBEDDING_DIMENSIONS} dimensions, but the configured embedder ${embedder.id} makes ${embedder.dims}.`,
      { hint: `Use an embedder of ${EMBEDDING_DIMENSIONS} dimensions (the bundled one is), or change the vector columns with a schema migration and run \`cos reindex\`.` },
    );
  }
  return { embedderId: embedder.id, dims: embedder.dims };
}

export async function readVectorSpaceState(db: Queryable, table: VectorSpaceRow, embedder: Embedder): Promise<VectorSpaceState> {
  const { rows } = await db.query<{ embedder_id: string; dims: number; schema_version: number }>(
    'SELECT embedder_id, dims, schema_version FROM vector_spaces WHERE table_name = $1',
    [table.tableName],
  );
  const row = rows[0];
  if (!row) return { status: 'absent' };
  if (row.embedder_id === embedder.id && row.dims === embedder.dims) return { status: 'ok', schemaVersion: row.schema_version };
  return { status: 'mismatch', recorded: { embedderId: row.embedder_id, dims: row.dims } };
}

/**
 * Makes sure the table may take vectors of `embedder`: records it when the table has no row yet (another process may
 * do the same at once: the first one wins, and the check below still applies), else throws the "run `cos reindex`"
 * error for another embedder or an older layout.
 */
export async function assertWritableSpace(db: Queryable, table: VectorSpaceRow, embedder: Embedder): Promise<void> {
  const space = writableSpace(embedder, table.label);
  await db.query(
    `INSERT INTO vector_spaces (table_name, embedder_id, dims, schema_version) VALUES ($1, $2, $3, $4)
     ON CONFLICT (table_name) DO NOTHING`,
    [table.tableName, space.embedderId, space.dims, table.schemaVersion],
  );
  const state = await readVectorSpaceState(db, table, embedder);
  if (state.status === 'mismatch') throw embedderMismatchError(table.label, state.recorded, space);
  if (state.status === 'ok' && state.schemaVersion < table.schemaVersion) throw outdatedLayoutError(table.label);
}

/** Records `embedder` as the table's, replacing another (re-index; call it in the transaction that empties the table). */
export async function recordVectorSpace(db: Queryable, table: VectorSpaceRow, embedder: Embedder): Promise<void> {
  const space = writableSpace(embedder, table.label);
  await db.query(
    `INSERT INTO vector_spaces (table_name, embedder_id, dims, schema_version) VALUES ($1, $2, $3, $4)
     ON CONFLICT (table_name) DO UPDATE SET embedder_id = excluded.embedder_id, dims = excluded.dims,
       schema_version = excluded.schema_version, updated_at = now()`,
    [table.tableName, space.embedderId, space.dims, table.schemaVersion],
  );
}

/** pgvector's text form of a vector. */
export function vectorLiteral(vector: Float32Array): string {
  return `[${Array.from(vector).join(',')}]`;
}

/** A vector from pgvector's text form (`[0.1,-2e-05,…]`, which is JSON). */
export function parseVector(text: string): Float32Array {
  return Float32Array.from(JSON.parse(text) as number[]);
}

/**
 * `hnsw.ef_search` for a search of `limit` rows: twice the rows asked for (pgvector's default is 40, its maximum
 * 1,000). LanceDB re-ranks ten times the candidates, but an `ef_search` that large makes the planner's cost of the
 * HNSW scan exceed an exact scan's on tables of a few tens of thousands of rows, which then read every vector: 155 ms
 * instead of 16 at 10,000 chunks (ADR 0067).
 */
export function efSearchFor(limit: number): number {
  return Math.min(1_000, Math.max(40, limit * 2));
}

/**
 * Runs `work` in a transaction whose HNSW scans keep `efSearch` candidates and, on pgvector 0.8+, keep scanning until
 * enough rows pass the filters (iterative scans), so a filtered search does not come back short.
 */
export async function withVectorSearchSettings<T>(
  pool: pg.Pool,
  efSearch: number,
  iterative: boolean,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    // One round trip (a simple query may hold several statements); the values are integers made here.
    await client.query(
      `BEGIN READ ONLY; SET LOCAL hnsw.ef_search = ${Math.trunc(efSearch)};${iterative ? ' SET LOCAL hnsw.iterative_scan = relaxed_order;' : ''}`,
    );
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** True when the database's pgvector has iterative index scans (0.8.0 and later). */
export async function hasIterativeScans(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ extversion: string }>("SELECT extversion FROM pg_extension WHERE extname = 'vector'");
  const [major = 0, minor = 0] = (rows[0]?.extversion ?? '0.0').split('.').map(Number);
  return major > 0 || minor >= 8;
}

/** Runs `work` in a read-write transaction on one client of the pool. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
