/**
 * Copies the vector tables of a data directory (`document_chunks`, `fact_vectors`, read through the documents'
 * `StoredVectorTables` port, which the LanceDB adapter provides) into their pgvector twins,
 * with the embedder each was built by (`vector_spaces`), so nothing is embedded again. Rows are inserted in batches
 * with `ON CONFLICT DO NOTHING`: a rerun after a kill skips what is already there. A vector whose document or fact is
 * gone from the SQLite side (left behind by a crash) is not copied and is counted.
 */
import pg from 'pg';
// Tables of LanceDB layout 1 lack `text_hash`; it is computed as newer layouts store it.
import { chunkTextHash, type StoredVectorRow, type StoredVectorTable, type StoredVectorTables } from '@chief-of-staff/documents';
import { EMBEDDING_DIMENSIONS } from '../schema/documents.js';
import { chunkSearchTerms } from '../search-terms.js';

export interface VectorTableCopyResult {
  table: 'document_chunks' | 'fact_vectors';
  /** Rows in the LanceDB table. */
  source: number;
  inserted: number;
  /** Rows whose document or fact no longer exists; not copied. */
  orphans: number;
  /** The embedder that built the vectors, as recorded in the LanceDB table. */
  embedderId: string | undefined;
}

export interface CopyVectorsOptions {
  batchSize: number;
  onBatch?: (table: string, copied: number, total: number) => void;
  signal?: AbortSignal;
}

type LanceRow = StoredVectorRow;

interface VectorTableSpec {
  name: 'document_chunks' | 'fact_vectors';
  /** The parent table and the column of a row pointing at it: rows without a parent are orphans. */
  parent: { table: string; column: string };
  columns: readonly string[];
  row(source: LanceRow): Record<string, unknown>;
}

function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  return value;
}

function vectorText(value: unknown, table: string): string {
  const numbers = Array.from(value as Iterable<number>);
  if (numbers.length !== EMBEDDING_DIMENSIONS) {
    throw new Error(
      `The ${table} vectors have ${numbers.length} dimensions; PostgreSQL storage holds ${EMBEDDING_DIMENSIONS}. ` +
        'Run `cos reindex` with the bundled embedder before copying, or copy without vectors.',
    );
  }
  return `[${numbers.join(',')}]`;
}

function textOf(row: LanceRow, column: string): string {
  const value = row[column];
  return typeof value === 'string' ? value.replaceAll('\u0000', '\uFFFD') : '';
}

const SPECS: readonly VectorTableSpec[] = [
  {
    name: 'fact_vectors',
    parent: { table: 'facts', column: 'fact_id' },
    columns: ['fact_id', 'category', 'text_hash', 'vector'],
    row: (source) => ({
      fact_id: plain(source.fact_id),
      category: textOf(source, 'category'),
      text_hash: textOf(source, 'text_hash'),
      vector: vectorText(source.vector, 'fact'),
    }),
  },
  {
    name: 'document_chunks',
    parent: { table: 'documents', column: 'document_id' },
    columns: [
      'id',
      'document_id',
      'chunk_index',
      'kind',
      'path',
      'source_name',
      'doc_type',
      'title',
      'text',
      'terms',
      'title_terms',
      'content_hash',
      'text_hash',
      'size_bytes',
      'modified_at_ms',
      'ingested_at_ms',
      'vector',
    ],
    row: (source) => {
      const text = textOf(source, 'text');
      const title = textOf(source, 'title');
      return {
        id: textOf(source, 'id'),
        document_id: plain(source.document_id),
        chunk_index: plain(source.chunk_index),
        kind: textOf(source, 'kind'),
        path: textOf(source, 'path'),
        source_name: textOf(source, 'source_name'),
        doc_type: textOf(source, 'doc_type'),
        title,
        text,
        terms: typeof source.terms === 'string' ? textOf(source, 'terms') : chunkSearchTerms(text),
        title_terms: typeof source.title_terms === 'string' ? textOf(source, 'title_terms') : chunkSearchTerms(title),
        content_hash: textOf(source, 'content_hash'),
        text_hash: typeof source.text_hash === 'string' ? textOf(source, 'text_hash') : chunkTextHash(text),
        size_bytes: plain(source.size_bytes),
        modified_at_ms: plain(source.modified_at_ms),
        ingested_at_ms: plain(source.ingested_at_ms),
        vector: vectorText(source.vector, 'document'),
      };
    },
  },
];

async function insertBatch(target: pg.PoolClient, spec: VectorTableSpec, rows: readonly Record<string, unknown>[]): Promise<number> {
  const table = pg.escapeIdentifier(spec.name);
  const columns = spec.columns.map(pg.escapeIdentifier).join(', ');
  const parent = pg.escapeIdentifier(spec.parent.table);
  const pointer = pg.escapeIdentifier(spec.parent.column);
  const result = await target.query(
    `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json) AS r ` +
      `WHERE EXISTS (SELECT 1 FROM ${parent} p WHERE p.id = r.${pointer}) ON CONFLICT DO NOTHING`,
    [JSON.stringify(rows)],
  );
  return result.rowCount ?? 0;
}

async function countPresent(target: pg.PoolClient, spec: VectorTableSpec, rows: readonly Record<string, unknown>[]): Promise<number> {
  const ids = rows.map((row) => row[spec.parent.column]);
  const { rows: found } = await target.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM unnest($1::bigint[]) AS wanted(id) WHERE EXISTS (SELECT 1 FROM ${pg.escapeIdentifier(spec.parent.table)} p WHERE p.id = wanted.id)`,
    [ids],
  );
  return Number(found[0]?.n ?? 0);
}

/**
 * Inserts one LanceDB table's rows. Into an empty table, the rows go in one transaction that drops the table's HNSW
 * indexes first and builds them again at the end: building a graph once over every vector is many times faster than
 * inserting each vector into it (80 chunks/s measured here with the index in place). DDL is transactional, so a
 * copy killed meanwhile leaves the table as it was — empty, with its indexes — and the next run starts it again.
 */
async function copyInto(
  client: pg.PoolClient,
  spec: VectorTableSpec,
  table: StoredVectorTable,
  total: number,
  options: CopyVectorsOptions,
): Promise<{ inserted: number; orphans: number }> {
  const { rows: counted } = await client.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${pg.escapeIdentifier(spec.name)}) AS any`);
  const rebuild = counted[0]?.any !== true && total > 0;
  const indexes: string[] = [];
  if (rebuild) {
    await client.query('BEGIN');
    await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    const { rows } = await client.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1 AND indexdef ILIKE '% USING hnsw %'`,
      [spec.name],
    );
    for (const index of rows) {
      indexes.push(index.definition);
      await client.query(`DROP INDEX ${pg.escapeIdentifier(index.name)}`);
    }
  }
  try {
    let inserted = 0;
    let orphans = 0;
    let seen = 0;
    let pending: Record<string, unknown>[] = [];
    const flush = async (): Promise<void> => {
      options.signal?.throwIfAborted();
      if (pending.length === 0) return;
      const present = await countPresent(client, spec, pending);
      orphans += pending.length - present;
      inserted += await insertBatch(client, spec, pending);
      seen += pending.length;
      pending = [];
      options.onBatch?.(spec.name, seen, total);
    };
    for await (const batch of table.batches()) {
      for (const row of batch) {
        pending.push(spec.row(row));
        if (pending.length >= options.batchSize) await flush();
      }
    }
    await flush();
    options.signal?.throwIfAborted();
    for (const definition of indexes) await client.query(definition);
    if (rebuild) await client.query('COMMIT');
    return { inserted, orphans };
  } catch (error) {
    if (rebuild) await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Copies both vector tables of `source` (a missing table copies nothing), then closes it. */
export async function copyVectorTables(source: StoredVectorTables, target: pg.Pool, options: CopyVectorsOptions): Promise<VectorTableCopyResult[]> {
  const results: VectorTableCopyResult[] = [];
  try {
    for (const spec of SPECS) {
      const table = await source.open(spec.name);
      if (!table) {
        results.push({ table: spec.name, source: 0, inserted: 0, orphans: 0, embedderId: undefined });
        continue;
      }
      const space = table.vectorSpace;
      const total = table.rowCount;
      if (space) {
        await target.query(
          `INSERT INTO vector_spaces (table_name, embedder_id, dims, schema_version) VALUES ($1, $2, $3, $4)
           ON CONFLICT (table_name) DO UPDATE SET embedder_id = EXCLUDED.embedder_id, dims = EXCLUDED.dims,
             schema_version = EXCLUDED.schema_version, updated_at = now()`,
          [spec.name, space.embedderId, space.dims, table.schemaVersion],
        );
      }
      const client = await target.connect();
      try {
        const copied = await copyInto(client, spec, table, total, options);
        results.push({ table: spec.name, source: total, ...copied, embedderId: space?.embedderId });
      } finally {
        client.release();
      }
    }
  } finally {
    await source.close();
  }
  return results;
}
