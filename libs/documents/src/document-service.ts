/**
 * `DocumentService`: the document memory behind the `documents` service key. It ties together a document catalogue
 * and a chunk store (the ports of store/; by default the SQLite `documents` table, and the chunk store the composition
 * root gives, such as `@chief-of-staff/lancedb`'s), the embedder and the ingestion limits from config. Nothing heavy
 * happens at construction: the vector store opens on the first vector operation and the embedder loads on the first
 * embedding.
 */
import { realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  createSilentLogger,
  createSystemClock,
  expandHome,
  systemTimeZone,
  ToolError,
  type Clock,
  type CosConfig,
  type Logger,
} from '@chief-of-staff/core';
import { DEFAULT_CHUNK_WORDS, DEFAULT_OVERLAP_WORDS } from './chunking/chunker.js';
import type { Embedder } from './embedding/embedder.js';
import { QueryEmbeddingCache } from './embedding/query-embedding-cache.js';
import { VECTORS_DIR_NAME } from './embedding/early-embedder.js';
import { WorkerPoolEmbedder } from './embedding/worker-pool-embedder.js';
import { isInsideRoot, resolveAllowedRoots } from './fs/allowed-roots.js';
import { ingestFiles, pruneMissing, runIngest, type IngestDependencies } from './ingest/ingest-run.js';
import type { DocumentSummarizer, IngestOptions, IngestReport, PrunedDocument } from './ingest/ingest-types.js';
import { vectorSpaceOf, type VectorSpace } from './store/vector-space.js';
import { searchDocuments } from './search/search-documents.js';
import type { DocumentSearchOptions, DocumentSearchResult } from './search/search-types.js';
import { CHUNK_TABLE_SCHEMA_VERSION, type ChunkStore, type ChunkStoreFactory } from './store/chunk-store.js';
import type { DocumentCatalogStore, DocumentListFilter, DocumentRow } from '@chief-of-staff/stores';

/** `documents.ingestTimeBudgetMs` by default: well inside the 300 s limit of a very_slow tool. */
export const DEFAULT_INGEST_TIME_BUDGET_MS = 240_000;

export interface DocumentServiceOptions {
  /** Where documents are listed: the catalogue repository of the storage adapter in use. */
  catalog: DocumentCatalogStore;
  /**
   * Where chunks and their vectors live: a store made for the same embedder as `embedder`, or a factory the service
   * calls with its embedder (the service then closes the store with itself).
   */
  chunks: ChunkStore | ChunkStoreFactory;
  /** `documents.allowedRoots`: ingestion reads files only inside these folders. */
  allowedRoots: readonly string[];
  /** Default: USE-lite in two worker threads (`WorkerPoolEmbedder`). */
  embedder?: Embedder;
  maxFileBytes?: number;
  /** `documents.followHardLinks`: read files that have more than one hard link (default false). */
  followHardLinks?: boolean;
  chunkWords?: number;
  overlapWords?: number;
  /**
   * `documents.ingestTimeBudgetMs`: how long one `ingest_documents` call may start new files (see
   * `IngestOptions.timeBudgetMs`); the tool reads it here. Default 240,000.
   */
  ingestTimeBudgetMs?: number;
  clock?: Clock;
  logger?: Logger;
  summarizer?: DocumentSummarizer;
}

/** The options a composition root passes for a loaded configuration. */
export function documentServiceOptionsFromConfig(config: CosConfig): Omit<DocumentServiceOptions, 'chunks' | 'catalog'> & { vectorsDir: string } {
  return {
    vectorsDir: join(config.dataDir, VECTORS_DIR_NAME),
    allowedRoots: config.documents.allowedRoots,
    maxFileBytes: config.documents.maxFileBytes,
    followHardLinks: config.documents.followHardLinks,
    chunkWords: config.documents.chunkWords,
    overlapWords: config.documents.overlapWords,
    ingestTimeBudgetMs: config.documents.ingestTimeBudgetMs,
  };
}

export interface DeletedDocument {
  id: number;
  path: string;
  chunksRemoved: number;
}

export interface VectorIndexStatus {
  /**
   * `absent`: nothing ingested yet; `mismatch`: built by another embedder; `outdated`: built in an older layout
   * (search works, ingestion waits). Both of the last two are fixed by `cos reindex`.
   */
  status: 'absent' | 'ok' | 'mismatch' | 'outdated';
  configured: VectorSpace;
  recorded?: VectorSpace;
}

export class DocumentService {
  readonly catalog: DocumentCatalogStore;
  readonly chunks: ChunkStore;
  readonly embedder: Embedder;
  readonly #options: DocumentServiceOptions;
  /** True when the service made its chunk store (from a factory), so it closes it too. */
  readonly #ownsChunks: boolean;
  readonly #ownsEmbedder: boolean;
  readonly #queries: QueryEmbeddingCache;
  readonly #clock: Clock;
  readonly #logger: Logger;

  constructor(options: DocumentServiceOptions) {
    this.#options = options;
    this.embedder = options.embedder ?? new WorkerPoolEmbedder();
    this.#ownsEmbedder = options.embedder === undefined;
    this.catalog = options.catalog;
    this.#ownsChunks = typeof options.chunks === 'function';
    this.chunks =
      typeof options.chunks === 'function'
        ? options.chunks({
            embedder: this.embedder,
            onMaintenanceError: (error) => this.#logger.warn({ err: error }, 'background optimize of document vectors failed'),
          })
        : options.chunks;
    this.#queries = new QueryEmbeddingCache(this.embedder);
    this.#clock = options.clock ?? createSystemClock(systemTimeZone());
    this.#logger = options.logger ?? createSilentLogger();
  }

  get allowedRoots(): readonly string[] {
    return this.#options.allowedRoots;
  }

  /** How long one tool call may keep starting new files (`documents.ingestTimeBudgetMs`). */
  get ingestTimeBudgetMs(): number {
    return this.#options.ingestTimeBudgetMs ?? DEFAULT_INGEST_TIME_BUDGET_MS;
  }

  /** Ingests a file or folder (see `IngestOptions`); refuses paths outside the allowed roots. */
  ingest(path: string, options: IngestOptions = {}): Promise<IngestReport> {
    return runIngest(this.#ingestDependencies(), path, options);
  }

  search(query: string, options: DocumentSearchOptions = {}): Promise<DocumentSearchResult> {
    return searchDocuments({ chunks: this.chunks, queries: this.#queries, logger: this.#logger }, query, options);
  }

  /** A page of documents ordered by path then id, starting after `after`. */
  list(filter: DocumentListFilter, limit: number, after?: { path: string; id: number }): Promise<DocumentRow[]> {
    return this.catalog.list(filter, limit, after);
  }

  count(filter: DocumentListFilter = {}): Promise<number> {
    return this.catalog.count(filter);
  }

  /**
   * Documents anywhere in the index whose ingest has not completed: reserved but their chunks not yet committed
   * (an ingest under way, or one that was interrupted; ingesting their folder again finishes them).
   */
  pendingCount(): Promise<number> {
    return this.catalog.count({ pendingOnly: true });
  }

  get(id: number): Promise<DocumentRow | undefined> {
    return this.catalog.findById(id);
  }

  /** Finds a document by the path it was ingested under (as given, absolute, or after resolving links). */
  async findByPath(path: string): Promise<DocumentRow | undefined> {
    const absolute = resolve(expandHome(path.trim()));
    const direct = (await this.catalog.findByPath(path)) ?? (await this.catalog.findByPath(absolute));
    if (direct) return direct;
    try {
      return await this.catalog.findByPath(await realpath(absolute));
    } catch {
      return undefined;
    }
  }

  /** Removes a document's index entry and chunks; the file itself is never touched. NOT_FOUND when unknown. */
  async delete(ref: { documentId: number } | { path: string }): Promise<DeletedDocument> {
    const row = 'documentId' in ref ? await this.catalog.findById(ref.documentId) : await this.findByPath(ref.path);
    if (!row) throw ToolError.notFound('Document', 'documentId' in ref ? ref.documentId : ref.path);
    const chunksRemoved = await this.chunks.deleteDocuments([row.id]);
    await this.catalog.delete(row.id);
    return { id: row.id, path: row.path, chunksRemoved };
  }

  /** Removes entries whose files no longer exist, under `pathPrefix` or everywhere. */
  prune(pathPrefix?: string): Promise<PrunedDocument[]> {
    return pruneMissing({ catalog: this.catalog, chunks: this.chunks }, pathPrefix);
  }

  /**
   * Rebuilds the chunk table for the configured embedder (`cos reindex`): empties it, then re-reads every
   * indexed file. Files that are gone, or no longer inside an allowed root, lose their entries (reported in
   * `pruned` and `skipped`). Summaries are not regenerated.
   */
  async reindex(options: Pick<IngestOptions, 'signal' | 'onProgress'> = {}): Promise<IngestReport> {
    const entries = await this.catalog.listPaths();
    const roots = await resolveAllowedRoots(this.#options.allowedRoots);
    const files: string[] = [];
    const skipped: { path: string; reason: string }[] = [];
    const pruned: PrunedDocument[] = [];
    for (const entry of entries) {
      if (roots.some((root) => isInsideRoot(entry.path, root))) {
        files.push(entry.path);
        continue;
      }
      await this.catalog.delete(entry.id);
      skipped.push({ path: entry.path, reason: 'outside the allowed document roots (documents.allowedRoots); entry removed' });
    }
    await this.chunks.recreate();
    await this.catalog.markAllPending();
    pruned.push(...(await this.prune()));
    const remaining = new Set((await this.catalog.listPaths()).map((entry) => entry.path));
    const report = await ingestFiles(this.#ingestDependencies(), files.filter((file) => remaining.has(file)), skipped, options);
    report.pruned = pruned;
    // Rows whose file failed to read again keep an empty hash and no chunks: drop them so listing stays truthful.
    for (const entry of await this.catalog.listPaths()) {
      if (entry.contentHash === '') await this.catalog.delete(entry.id);
    }
    return report;
  }

  /** Compacts the chunk table and folds new rows into its indexes (also runs in the background after ingests). */
  async optimize(): Promise<void> {
    await this.chunks.optimize?.();
  }

  async vectorStatus(): Promise<VectorIndexStatus> {
    const state = await this.chunks.state();
    const configured = vectorSpaceOf(this.embedder);
    if (state.status === 'mismatch') return { status: 'mismatch', configured, recorded: state.recorded };
    if (state.status === 'ok' && state.schemaVersion < CHUNK_TABLE_SCHEMA_VERSION) return { status: 'outdated', configured };
    return { status: state.status, configured };
  }

  /** Stops embedder workers and closes the chunk store when this service created them. The SQLite handle stays open. */
  async close(): Promise<void> {
    await this.chunks.stopMaintenance?.();
    if (this.#ownsEmbedder) await this.embedder.close?.();
    if (this.#ownsChunks) await this.chunks.close?.();
  }

  #ingestDependencies(): IngestDependencies {
    return {
      catalog: this.catalog,
      chunks: this.chunks,
      embedder: this.embedder,
      clock: this.#clock,
      allowedRoots: this.#options.allowedRoots,
      maxFileBytes: this.#options.maxFileBytes ?? 50 * 1024 * 1024,
      followHardLinks: this.#options.followHardLinks ?? false,
      chunkWords: this.#options.chunkWords ?? DEFAULT_CHUNK_WORDS,
      overlapWords: this.#options.overlapWords ?? DEFAULT_OVERLAP_WORDS,
      summarizer: this.#options.summarizer,
      logger: this.#logger,
    };
  }
}
