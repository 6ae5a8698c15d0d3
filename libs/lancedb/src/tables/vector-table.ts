/**
 * A LanceDB table of vectors tied to one embedder: created on first write with the embedder's id and
 * dimension in its schema metadata, checked against the configured embedder on every use, written through a
 * `SerialWriter`, and rebuilt (same table, new version) by `recreate()` during a re-index.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Connection, Session, Table } from '@lancedb/lancedb';
import type { Schema } from 'apache-arrow';
import {
  type Embedder,
  embedderMismatchError,
  outdatedLayoutError,
  sameVectorSpace,
  type VectorSpace,
  vectorSpaceOf,
} from '@chief-of-staff/documents';
import { BackgroundOptimizer, type BackgroundOptimizerOptions } from './background-optimizer.js';
import { loadLance, type ArrowModule } from './load-lance.js';
import { optimizeTable } from './optimize-table.js';
import { SerialWriter } from './serial-writer.js';
import { readSchemaVersion, readVectorSpace, vectorSpaceMetadata } from './vector-space-metadata.js';

/**
 * LanceDB's caches default to 6 GB for indexes and 1 GB for metadata. Every version a read opens adds index and
 * manifest entries, and entries of versions no longer read are only dropped when the cache is full, so under steady
 * writes the caches fill to their bounds with stale entries: these bounds are what a long-running server keeps.
 * A personal data set's live indexes fit well within them (IVF-PQ codes of 100,000 vectors take about 3 MB).
 */
export const LANCE_INDEX_CACHE_BYTES = 64 * 1024 * 1024;
export const LANCE_METADATA_CACHE_BYTES = 16 * 1024 * 1024;
/**
 * Versions older than this are deleted when a table is optimized. A read in another process uses the version it
 * opened for one query (milliseconds), so ten minutes leave ample margin; LanceDB's default keeps them a week, and a
 * server storing facts all day piled up tens of thousands, which every strongly consistent read had to look through.
 */
export const LANCE_KEEP_VERSIONS_MS = 10 * 60 * 1000;

/** Opens the LanceDB directory lazily; every read sees other processes' commits (strong consistency). */
export class VectorDatabase {
  readonly dir: string;
  #connection: Promise<Connection> | undefined;
  #session: Session | undefined;

  constructor(dir: string) {
    this.dir = dir;
  }

  connection(): Promise<Connection> {
    this.#connection ??= loadLance().then(({ lancedb }) => {
      this.#session = new lancedb.Session(BigInt(LANCE_INDEX_CACHE_BYTES), BigInt(LANCE_METADATA_CACHE_BYTES));
      // In the options: `connect(uri, options, session)` of LanceDB 0.37 accepts a session as its third argument and
      // drops it, leaving the default caches (6 GB + 1 GB) — the soak's server grew by 140 MB in 15 minutes that way.
      return lancedb.connect(this.dir, { readConsistencyInterval: 0, session: this.#session });
    });
    return this.#connection;
  }

  /**
   * Whether a table of this name may exist: false when its directory is not there, which a caller can know without
   * loading LanceDB (a fifth of a second) or connecting.
   */
  mayHoldTable(name: string): boolean {
    return existsSync(join(this.dir, `${name}.lance`));
  }

  /** What this connection's LanceDB caches hold (nothing before the first use). */
  cacheUse(): { bytes: number; items: number } {
    const session = this.#session;
    return session ? { bytes: Number(session.sizeBytes()), items: session.approxNumItems() } : { bytes: 0, items: 0 };
  }

  async close(): Promise<void> {
    const pending = this.#connection;
    this.#connection = undefined;
    if (pending) (await pending).close();
  }
}

/**
 * From this many rows `optimize()` builds an ANN index. A flat search reads the whole vector column on every query
 * (10k × 512 floats is 20 MB), and those transient allocations cost 25–35 ms per query once embedding worker
 * threads exist (glibc then serves them with fresh mmaps); with the index a 10k-row search takes ~5 ms.
 */
export const VECTOR_INDEX_MIN_ROWS = 5_000;
/** A table found with more fragments than this when a process first opens it is optimized in the background. */
export const MAINTENANCE_MAX_FRAGMENTS = 16;
/** Likewise for rows written since the vector index was last updated. */
export const MAINTENANCE_MAX_UNINDEXED_ROWS = 1_000;
/** ANN results are re-ranked on exact distances from this many times the requested candidates. */
export const VECTOR_REFINE_FACTOR = 10;

export type VectorTableState =
  | { status: 'absent' }
  /** `schemaVersion` is the layout the table was created with (1 when it predates the recorded version). */
  | { status: 'ok'; table: Table; schemaVersion: number }
  | { status: 'mismatch'; table: Table; recorded: VectorSpace | undefined };

export interface VectorTableOptions {
  name: string;
  /** How errors and warnings name the table's contents, e.g. "document vectors". */
  label: string;
  schemaVersion: number;
  buildSchema(arrow: ArrowModule, dims: number, metadata: Map<string, string>): Schema;
  /** Called once after the table is created (indexes). */
  afterCreate?(table: Table): Promise<void>;
  /** When writes trigger a background `optimize()` (see BackgroundOptimizer). */
  maintenance?: BackgroundOptimizerOptions;
}

export class VectorTable {
  readonly writer = new SerialWriter();
  /** Writers report committed rows here; `stop()` it before closing the connection. */
  readonly maintenance: BackgroundOptimizer;
  readonly #db: VectorDatabase;
  readonly #embedder: Embedder;
  readonly #options: VectorTableOptions;
  #table: Table | undefined;

  constructor(db: VectorDatabase, embedder: Embedder, options: VectorTableOptions) {
    this.#db = db;
    this.#embedder = embedder;
    this.#options = options;
    this.maintenance = new BackgroundOptimizer(() => this.optimize(), options.maintenance);
  }

  get label(): string {
    return this.#options.label;
  }

  get space(): VectorSpace {
    return vectorSpaceOf(this.#embedder);
  }

  /** The table and whether its vectors match the configured embedder. */
  async state(): Promise<VectorTableState> {
    const table = await this.#open();
    if (!table) return { status: 'absent' };
    const metadata = (await table.schema()).metadata;
    const recorded = readVectorSpace(metadata);
    if (recorded && sameVectorSpace(recorded, this.space)) return { status: 'ok', table, schemaVersion: readSchemaVersion(metadata) };
    return { status: 'mismatch', table, recorded };
  }

  /** The table for writing: created when absent; a mismatch throws the "run `cos reindex`" error. */
  async forWrite(): Promise<Table> {
    const state = await this.state();
    if (state.status === 'ok') {
      if (state.schemaVersion < this.#options.schemaVersion) throw outdatedLayoutError(this.#options.label);
      return state.table;
    }
    if (state.status === 'mismatch') throw embedderMismatchError(this.#options.label, state.recorded, this.space);
    return this.#create('create');
  }

  /**
   * Compacts fragments, folds new rows into the full-text and vector indexes, prunes old versions, and builds
   * an IVF-PQ vector index once the table is large enough for exact search to be slow. Runs through the
   * writer, in a child process (see optimize-table.ts); started in the background by `maintenance` after enough
   * writes, never on the search path.
   */
  async optimize(): Promise<void> {
    await this.writer.run(async () => {
      const state = await this.state();
      if (state.status !== 'ok') return;
      await optimizeTable(state.table, {
        dir: this.#db.dir,
        table: this.#options.name,
        keepVersionsMs: this.#options.maintenance?.keepVersionsMs ?? LANCE_KEEP_VERSIONS_MS,
        indexMinRows: VECTOR_INDEX_MIN_ROWS,
        dims: this.space.dims,
      });
    });
  }

  /** Replaces the table with an empty one for the configured embedder (used by re-indexing). */
  async recreate(): Promise<Table> {
    return this.#create('overwrite');
  }

  async #open(): Promise<Table | undefined> {
    if (this.#table) return this.#table;
    // Searching an index nobody has built yet (no documents ingested) answers at once instead of loading LanceDB.
    if (!this.#db.mayHoldTable(this.#options.name)) return undefined;
    const connection = await this.#db.connection();
    const names = await connection.tableNames();
    if (!names.includes(this.#options.name)) return undefined;
    const table = await connection.openTable(this.#options.name);
    this.#table = table;
    // A CLI ingest exits before its own background optimize: the next long-lived process to open the table does it.
    this.#checkMaintenance(table).catch((error: unknown) => this.#options.maintenance?.onError?.(error));
    return table;
  }

  /** Requests an optimize when the table has many fragments, needs its ANN index, or has many unindexed rows. */
  async #checkMaintenance(table: Table): Promise<void> {
    const [stats, indices] = await Promise.all([table.stats(), table.listIndices()]);
    const vectorIndex = indices.find((index) => index.columns.includes('vector'));
    const unindexed = vectorIndex ? ((await table.indexStats(vectorIndex.name))?.numUnindexedRows ?? 0) : 0;
    const due =
      stats.fragmentStats.numFragments > MAINTENANCE_MAX_FRAGMENTS ||
      (!vectorIndex && stats.numRows >= VECTOR_INDEX_MIN_ROWS) ||
      unindexed >= MAINTENANCE_MAX_UNINDEXED_ROWS;
    if (due) this.maintenance.requestSoon();
  }

  async #create(mode: 'create' | 'overwrite'): Promise<Table> {
    const { arrow } = await loadLance();
    const connection = await this.#db.connection();
    const metadata = vectorSpaceMetadata(this.space, this.#options.schemaVersion);
    const schema = this.#options.buildSchema(arrow, this.space.dims, metadata);
    // existOk: another process may create the same table at the same moment; the metadata check still applies.
    const table = await connection.createEmptyTable(this.#options.name, schema, { mode, existOk: mode === 'create' });
    await this.#options.afterCreate?.(table);
    this.#table = table;
    if (mode === 'create') {
      const recorded = readVectorSpace((await table.schema()).metadata);
      if (!recorded || !sameVectorSpace(recorded, this.space)) {
        throw embedderMismatchError(this.#options.label, recorded, this.space);
      }
    }
    return table;
  }
}
