/**
 * The `document_chunks` LanceDB table: one row per chunk (and per summary, chunk index −1) with a stable id
 * `<document_id>:<chunk_index>`, the document's path, type, title, hash, size and times, the text, its search terms
 * and the title's (each with a full-text index), and the vector. A document's chunks are replaced in a single commit,
 * so a search never sees a half-replaced document.
 *
 * Layout versions: 1 indexed the raw text with LanceDB's default tokenizer; 2 (current) indexes the terms of
 * lexical/search-terms.ts (stems, stop words, Hebrew prefixes) and the title separately, so title matches weigh more.
 * A version-1 table is still searched (on its raw text) until `cos reindex` rebuilds it.
 *
 * Each row also holds `text_hash`, the hash of exactly the text that was embedded, so an ingest finds the vector of a
 * chunk it has seen before (an unchanged paragraph of an edited file, a copy of a document) instead of embedding it
 * again. Version-2 tables written before that column existed get it on their next write, empty for their old rows
 * (which never match, so they are embedded once more when their document changes); no re-index is needed.
 */
import type { Table } from '@lancedb/lancedb';
import type { Table as ArrowTable } from 'apache-arrow';
import { lexicalText } from '@chief-of-staff/core';
import type { DocType } from '@chief-of-staff/stores';
import {
  CHUNK_TABLE_SCHEMA_VERSION,
  type ChunkFilter,
  type ChunkHit,
  chunkId,
  type ChunkKind,
  type ChunkRecord,
  type ChunkStore,
  type ChunkStoreState,
  chunkTextHash,
  type ChunkTextQuery,
  type Embedder,
  SUMMARY_CHUNK_INDEX,
  TITLE_WEIGHT,
} from '@chief-of-staff/documents';
import { loadLance, type ArrowModule } from '../tables/load-lance.js';
import { andAll, sqlInteger, sqlIntegerList, sqlString } from '../tables/sql-literal.js';
import type { BackgroundOptimizerOptions } from '../tables/background-optimizer.js';
import { VECTOR_REFINE_FACTOR, VectorDatabase, VectorTable } from '../tables/vector-table.js';

export const DOCUMENT_CHUNKS_TABLE = 'document_chunks';
// The port's records and constants, also importable from here (the table was their home before the port existed).
export { CHUNK_TABLE_SCHEMA_VERSION, chunkId, chunkTextHash, SUMMARY_CHUNK_INDEX, TITLE_WEIGHT };
export type { ChunkFilter, ChunkHit, ChunkKind, ChunkRecord };

function buildChunkSchema(arrow: ArrowModule, dims: number, metadata: Map<string, string>) {
  const { Field, FixedSizeList, Float32, Int32, Int64, Schema, Utf8 } = arrow;
  return new Schema(
    [
      new Field('id', new Utf8(), false),
      new Field('document_id', new Int64(), false),
      new Field('chunk_index', new Int32(), false),
      new Field('kind', new Utf8(), false),
      new Field('path', new Utf8(), false),
      new Field('source_name', new Utf8(), false),
      new Field('doc_type', new Utf8(), false),
      new Field('title', new Utf8(), false),
      new Field('text', new Utf8(), false),
      new Field('terms', new Utf8(), false),
      new Field('title_terms', new Utf8(), false),
      new Field('content_hash', new Utf8(), false),
      new Field('text_hash', new Utf8(), false),
      new Field('size_bytes', new Int64(), false),
      new Field('modified_at_ms', new Int64(), false),
      new Field('ingested_at_ms', new Int64(), false),
      new Field('vector', new FixedSizeList(dims, new Field('item', new Float32(), true)), false),
    ],
    metadata,
  );
}

/** The columns with a full-text index: pre-analysed terms, so LanceDB only splits them at spaces. */
const TERM_COLUMNS = ['terms', 'title_terms'] as const;

async function ensureTextIndexes(table: Table): Promise<void> {
  const indices = await table.listIndices();
  const { lancedb } = await loadLance();
  for (const column of TERM_COLUMNS) {
    if (indices.some((index) => index.columns.includes(column))) continue;
    const config = lancedb.Index.fts({
      baseTokenizer: 'whitespace',
      lowercase: false,
      stem: false,
      removeStopWords: false,
      asciiFolding: false,
      withPosition: false,
    });
    await table.createIndex(column, { config, replace: false });
  }
}

/** The where clause for a filter. Every value is validated or quoted (see sql-literal.ts). */
export function chunkWhere(filter: ChunkFilter): string {
  const conditions = [`kind = ${sqlString(filter.kind)}`];
  if (filter.pathPrefix !== undefined) conditions.push(`starts_with(path, ${sqlString(filter.pathPrefix)})`);
  if (filter.docType !== undefined) conditions.push(`doc_type = ${sqlString(filter.docType)}`);
  if (filter.modifiedFromMs !== undefined) conditions.push(`modified_at_ms >= ${sqlInteger(filter.modifiedFromMs)}`);
  if (filter.modifiedBeforeMs !== undefined) conditions.push(`modified_at_ms < ${sqlInteger(filter.modifiedBeforeMs)}`);
  return andAll(conditions) as string;
}

const TEXT_HASH_COLUMN = 'text_hash';
/** Hashes per lookup query, so the IN list of one query stays a modest piece of SQL. */
const HASH_LOOKUP_SLICE = 512;

/**
 * Adds `text_hash` to a table created before it existed (empty for its rows). Another process may add it at the same
 * moment: a failure is ignored when the column is there afterwards.
 */
async function ensureTextHashColumn(table: Table): Promise<void> {
  const hasColumn = async () => (await table.schema()).fields.some((field) => field.name === TEXT_HASH_COLUMN);
  if (await hasColumn()) return;
  try {
    await table.addColumns([{ name: TEXT_HASH_COLUMN, valueSql: "''" }]);
  } catch (error) {
    if (!(await hasColumn())) throw error;
  }
}

const RESULT_COLUMNS = ['id', 'document_id', 'chunk_index', 'kind', 'path', 'source_name', 'doc_type', 'text'];

/** The share of the query's term groups (a Hebrew word's variants form one group) found among a title's terms. */
export function titleShare(groups: readonly (readonly string[])[], titleTerms: string): number {
  if (groups.length === 0) return 1;
  const terms = new Set(titleTerms.split(' '));
  return groups.filter((group) => group.some((term) => terms.has(term))).length / groups.length;
}

function toHit(row: Record<string, unknown>, score: number): ChunkHit {
  return {
    id: String(row['id']),
    documentId: Number(row['document_id']),
    chunkIndex: Number(row['chunk_index']),
    kind: row['kind'] as ChunkKind,
    path: String(row['path']),
    sourceName: String(row['source_name']),
    docType: row['doc_type'] as DocType,
    text: String(row['text']),
    score,
  };
}

export class DocumentChunkTable implements ChunkStore {
  readonly titleCoverage = true;
  readonly #table: VectorTable;
  /** The table object whose `text_hash` column is known to exist (re-checked when the table is re-created). */
  #hashedTable: Table | undefined;
  /**
   * The table and layout version the latest `state()` saw: searches read them instead of asking LanceDB for the
   * schema again (search calls `state()` first, as it did when it passed the table in).
   */
  #seen: { table: Table; schemaVersion: number } | undefined;
  /** The connection `close()` closes: one opened for this table alone (see lance-chunk-store.ts). */
  readonly #ownedConnection: VectorDatabase | undefined;

  constructor(db: VectorDatabase, embedder: Embedder, maintenance?: BackgroundOptimizerOptions, options: { ownsConnection?: boolean } = {}) {
    this.#ownedConnection = options.ownsConnection ? db : undefined;
    this.#table = new VectorTable(db, embedder, {
      name: DOCUMENT_CHUNKS_TABLE,
      label: 'document vectors',
      schemaVersion: CHUNK_TABLE_SCHEMA_VERSION,
      buildSchema: buildChunkSchema,
      afterCreate: ensureTextIndexes,
      maintenance,
    });
  }

  get label(): string {
    return this.#table.label;
  }

  async state(): Promise<ChunkStoreState> {
    const state = await this.#table.state();
    if (state.status === 'absent') {
      this.#seen = undefined;
      return state;
    }
    if (state.status === 'mismatch') {
      // Keyword search still works on a table another embedder built (its layout is read as the current one).
      this.#seen = { table: state.table, schemaVersion: CHUNK_TABLE_SCHEMA_VERSION };
      return { status: 'mismatch', recorded: state.recorded };
    }
    this.#seen = { table: state.table, schemaVersion: state.schemaVersion };
    return { status: 'ok', schemaVersion: state.schemaVersion };
  }

  /** The table to search and its layout: what the latest `state()` saw, else a fresh look; undefined when absent. */
  async #searchable(): Promise<{ table: Table; schemaVersion: number } | undefined> {
    if (!this.#seen) await this.state();
    return this.#seen;
  }

  /**
   * Makes the stored chunks of `documentIds` exactly `rows` in one commit: rows with existing ids are
   * updated, new ones inserted, and chunks of those documents not in `rows` deleted.
   */
  async replaceDocuments(documentIds: readonly number[], rows: readonly ChunkRecord[]): Promise<void> {
    if (documentIds.length === 0) return;
    await this.#write(rows, (table, data) =>
      table
        .mergeInsert('id')
        .whenMatchedUpdateAll()
        .whenNotMatchedInsertAll()
        .whenNotMatchedBySourceDelete({ where: sqlIntegerList('document_id', documentIds) })
        .execute(data)
        .then(() => undefined),
    );
  }

  /**
   * Inserts the chunks of documents that have none stored yet (ids just created), in one commit. Much cheaper than
   * `replaceDocuments`, whose merge must read the whole table to find the rows to delete: at 40,000 rows a batch of 160
   * chunks took about 100 ms that way, and the cost grows with the table; this one took 25–40 ms at any size. Rows
   * whose id is already stored are left alone rather than added twice, so another process that wrote the same new
   * document first cannot end up with duplicate chunks (a plain append would give exactly that).
   */
  async insertNewDocuments(rows: readonly ChunkRecord[]): Promise<void> {
    if (rows.length === 0) return;
    await this.#write(rows, (table, data) =>
      table
        .mergeInsert('id')
        .whenNotMatchedInsertAll()
        .execute(data)
        .then(() => undefined),
    );
  }

  async #write(rows: readonly ChunkRecord[], commit: (table: Table, data: ArrowTable) => Promise<void>): Promise<void> {
    const { lancedb } = await loadLance();
    await this.#table.writer.run(async () => {
      const table = await this.#table.forWrite();
      if (this.#hashedTable !== table) {
        await ensureTextHashColumn(table);
        this.#hashedTable = table;
      }
      await commit(table, lancedb.makeArrowTable(rows.map(toArrowRow), { schema: await table.schema() }));
    });
    this.#table.maintenance.noteWritten(Math.max(1, rows.length));
  }

  /**
   * The stored vectors of chunks whose text hashes (`chunkTextHash`) are among `hashes`, one per hash found. Empty when
   * the table is absent, belongs to another embedder, or predates the hash column.
   */
  async vectorsByTextHash(hashes: readonly string[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    if (hashes.length === 0) return found;
    const state = await this.#table.state();
    if (state.status !== 'ok') return found;
    if (!(await state.table.schema()).fields.some((field) => field.name === TEXT_HASH_COLUMN)) return found;
    for (let start = 0; start < hashes.length; start += HASH_LOOKUP_SLICE) {
      const slice = hashes.slice(start, start + HASH_LOOKUP_SLICE);
      const rows = (await state.table
        .query()
        .where(`${TEXT_HASH_COLUMN} IN (${slice.map(sqlString).join(', ')})`)
        .select([TEXT_HASH_COLUMN, 'vector'])
        .toArray()) as { text_hash: string; vector: Iterable<number> }[];
      for (const row of rows) if (!found.has(row.text_hash)) found.set(row.text_hash, Float32Array.from(row.vector));
    }
    return found;
  }

  /** Removes every chunk of the documents; returns how many rows went. Works whatever embedder built the table. */
  async deleteDocuments(documentIds: readonly number[]): Promise<number> {
    if (documentIds.length === 0) return 0;
    return this.#table.writer.run(async () => {
      const state = await this.#table.state();
      if (state.status === 'absent') return 0;
      const where = sqlIntegerList('document_id', documentIds);
      const before = await state.table.countRows(where);
      if (before > 0) await state.table.delete(where);
      return before;
    });
  }

  async countChunks(documentId: number): Promise<number> {
    const state = await this.#table.state();
    if (state.status === 'absent') return 0;
    return state.table.countRows(`document_id = ${sqlInteger(documentId)} AND kind = 'chunk'`);
  }

  async count(): Promise<number> {
    const searchable = await this.#searchable();
    return searchable ? searchable.table.countRows() : 0;
  }

  /** Nearest chunks by cosine similarity. Callers check `state()` first: a mismatched table is never searched. */
  async vectorSearch(vector: Float32Array, filter: ChunkFilter, limit: number): Promise<ChunkHit[]> {
    const searchable = await this.#searchable();
    if (!searchable) return [];
    const rows = (await searchable.table
      .vectorSearch(vector)
      .distanceType('cosine')
      .refineFactor(VECTOR_REFINE_FACTOR)
      .where(chunkWhere(filter))
      .select([...RESULT_COLUMNS, '_distance'])
      .limit(limit)
      .toArray()) as Record<string, unknown>[];
    return rows.map((row) => toHit(row, 1 - Number(row['_distance'])));
  }

  /**
   * BM25 full-text search for `terms` (from `queryTerms`; OR-ed): each chunk's body score plus `titleWeight`
   * (default TITLE_WEIGHT) times its title score, the latter scaled by how much of the query the title covers when
   * `titleCoverage` is given (`titleShare`). The two columns are searched separately and added up here:
   * LanceDB's multi-column match keeps only the larger of the two scores (so a title weight below 1 did nothing), and
   * a boost on a clause of its boolean query is not applied. A chunk found only through its title still counts. Terms
   * are plain words, so query syntax such as quotes, `field:`, `+`/`-` or AND/OR has no special meaning. A layout-1
   * table is searched on its raw text with `rawQuery` instead.
   */
  async textSearch(query: ChunkTextQuery, filter: ChunkFilter, limit: number): Promise<ChunkHit[]> {
    const searchable = await this.#searchable();
    if (!searchable) return [];
    const { table, schemaVersion } = searchable;
    const { lancedb } = await loadLance();
    const legacy = schemaVersion < CHUNK_TABLE_SCHEMA_VERSION;
    if ((legacy ? query.rawQuery : query.terms) === '') return [];
    const search = async (column: string, text: string, extra: readonly string[] = []): Promise<Array<{ hit: ChunkHit; row: Record<string, unknown> }>> => {
      const rows = (await table
        .query()
        .fullTextSearch(new lancedb.MatchQuery(text, column))
        .where(chunkWhere(filter))
        .select([...RESULT_COLUMNS, ...extra, '_score'])
        .limit(limit)
        .toArray()) as Record<string, unknown>[];
      return rows.map((row) => ({ hit: toHit(row, Number(row['_score'])), row }));
    };
    if (legacy) return (await search('text', query.rawQuery)).map(({ hit }) => hit);
    const titleWeight = query.titleWeight ?? TITLE_WEIGHT;
    const coverage = query.titleCoverage;
    const [body, title] = await Promise.all([
      search('terms', query.terms),
      titleWeight > 0 ? search('title_terms', query.terms, coverage ? ['title_terms'] : []) : [],
    ]);
    const hits = new Map(body.map(({ hit }) => [hit.id, hit]));
    for (const { hit, row } of title) {
      const found = hits.get(hit.id);
      const share = coverage ? coverage.floor + (1 - coverage.floor) * titleShare(coverage.groups, String(row['title_terms'] ?? '')) : 1;
      hits.set(hit.id, { ...(found ?? hit), score: (found?.score ?? 0) + titleWeight * share * hit.score });
    }
    return [...hits.values()].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, limit);
  }

  /** Empties the table and re-creates it for the configured embedder (re-index). */
  async recreate(): Promise<void> {
    this.#seen = undefined;
    await this.#table.writer.run(() => this.#table.recreate());
  }

  /** Compacts the table and maintains its indexes (also run in the background after writes). */
  optimize(): Promise<void> {
    return this.#table.optimize();
  }

  /** Cancels background maintenance and waits for a running optimize (before the connection closes). */
  stopMaintenance(): Promise<void> {
    return this.#table.maintenance.stop();
  }

  /** Closes the connection when the table owns it; a shared one stays open for its other users. */
  async close(): Promise<void> {
    await this.#ownedConnection?.close();
  }
}

function toArrowRow(row: ChunkRecord): Record<string, unknown> {
  return {
    id: chunkId(row.documentId, row.chunkIndex),
    document_id: row.documentId,
    chunk_index: row.chunkIndex,
    kind: row.kind,
    path: row.path,
    source_name: row.sourceName,
    doc_type: row.docType,
    title: row.title,
    text: row.text,
    terms: lexicalText(row.text),
    title_terms: lexicalText(row.title),
    content_hash: row.contentHash,
    text_hash: chunkTextHash(row.text),
    size_bytes: row.sizeBytes,
    modified_at_ms: row.modifiedAtMs,
    ingested_at_ms: row.ingestedAtMs,
    vector: Array.from(row.vector),
  };
}
