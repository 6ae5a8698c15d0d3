/**
 * Opens the stores and builds `ctx.services` — the one object every tool handler receives (each tool declares the
 * subset it uses). Everything opened here is closed by the returned `close`.
 *
 * The document store and the fact vectors load LanceDB and the embedder only when first used (inside the documents
 * library), so start-up stays fast; `semanticRecall: false` leaves fact vectors out entirely (query_memory then ranks by full text and substring).
 */
import type { Clock, CosConfig, Logger } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import { openDatabase, openMemoryStore, SqliteDocumentCatalog, type CosDatabase, type SqliteMemoryStore } from '@chief-of-staff/sqlite';
import type { PostgresMemoryStore } from '@chief-of-staff/postgres';
import { storageChoice } from './storage-choice.js';
import { createProviderRegistry, type ProviderRegistry } from '@chief-of-staff/providers';
import {
  DocumentService,
  documentServiceOptionsFromConfig,
  WorkerPoolEmbedder,
  type DocumentServiceOptions,
} from '@chief-of-staff/documents';
import { LanceFactVectorIndex, lanceChunkStore, VectorDatabase } from '@chief-of-staff/lancedb';
import { hasVectorTables } from '@chief-of-staff/documents/early-embedder';
import { createEnrichmentService, type EnrichmentService } from '@chief-of-staff/enrichment';
import { createModelDocumentSummarizer, lazyAnthropicModel, resolveAnthropicSettings, type AgentsService } from '@chief-of-staff/agents';
import type { SchedulerEngine } from '@chief-of-staff/scheduler';
import type { UsageRecorder } from './call-tool.js';
import type { CloseOptions } from './chief-of-staff.js';
import { createUsageRecorder } from './usage-recorder.js';

export interface CosServices {
  config: CosConfig;
  memory: MemoryStore;
  providers: ProviderRegistry;
  documents: DocumentService;
  enrichment: EnrichmentService;
  /** Set once the agent runtime is wired (it needs the finished catalogue). */
  agents?: AgentsService;
  /** The scheduler engine of this process (set with the agents, which its handlers use). */
  scheduler?: SchedulerEngine;
}

export interface CoreServices {
  services: CosServices;
  usage: UsageRecorder;
  /** The one embedder of this process (documents, fact vectors and tool descriptions share its model). */
  embedder: WorkerPoolEmbedder;
  /**
   * When the data directory holds vectors, loads LanceDB and the embedding model now (the model in a worker thread),
   * so the first semantic query of a serving process does not wait for them. Resolves `false` when there is nothing
   * to search by meaning yet (nothing is loaded then).
   */
  warmUpSemanticSearch(): Promise<boolean>;
  close(options?: CloseOptions): Promise<void>;
}

export interface OpenCoreServicesOptions {
  config: CosConfig;
  logger: Logger;
  clock: Clock;
  env?: NodeJS.ProcessEnv;
  semanticRecall?: boolean;
  /** An embedder started earlier (`startEarlyEmbedder`); these services own it from now on and close it. */
  embedder?: WorkerPoolEmbedder;
}

/** The storage the configuration selects: the port, and the adapter itself for the documents' stores. */
export interface OpenedStorage {
  memory: MemoryStore;
  postgres?: PostgresMemoryStore;
  sqlite?: SqliteMemoryStore;
}

/**
 * The storage port's adapter the configuration selects: the data directory (SQLite + LanceDB) by default, PostgreSQL
 * when `storage.url` or `COS_DATABASE_URL` is set. The PostgreSQL library is loaded only then.
 */
export async function openStorage(config: CosConfig, options: { clock: Clock; logger: Logger; env?: NodeJS.ProcessEnv | undefined }): Promise<OpenedStorage> {
  const choice = storageChoice(config, options.env);
  if (choice.kind === 'sqlite') {
    const sqlite = openMemoryStore({ dataDir: config.dataDir, clock: options.clock, logger: options.logger });
    return { memory: sqlite, sqlite };
  }
  const { openPostgresMemoryStore } = await import('@chief-of-staff/postgres');
  // On PostgreSQL storage the data directory's SQLite database is still created and migrated (nothing reads or writes
  // it); it closes with the store.
  let local: CosDatabase | undefined;
  const postgres = await openPostgresMemoryStore({ url: choice.url, clock: options.clock, logger: options.logger, closeWith: { close: () => local?.close() } });
  try {
    local = openDatabase({ dataDir: config.dataDir });
  } catch (error) {
    await postgres.close();
    throw error;
  }
  return { memory: postgres, postgres };
}

/** The documents' stores: in PostgreSQL beside the relational data, else LanceDB on a connection the fact vectors share. */
function documentStoresFor(
  onPostgres: ReturnType<PostgresMemoryStore['documentStores']> | undefined,
  vectorsDir: string,
  sqlite: SqliteMemoryStore | undefined,
): { vectorDatabase?: VectorDatabase; documentStores: Pick<DocumentServiceOptions, 'catalog' | 'chunks'> } {
  if (onPostgres) return { documentStores: { catalog: onPostgres.catalog, chunks: onPostgres.chunks } };
  if (!sqlite) throw new TypeError('Documents on the data directory need its SQLite store for their catalogue.');
  const vectorDatabase = new VectorDatabase(vectorsDir);
  return { vectorDatabase, documentStores: { catalog: new SqliteDocumentCatalog(sqlite.database), chunks: lanceChunkStore({ vectors: vectorDatabase }) } };
}

export async function openCoreServices(options: OpenCoreServicesOptions): Promise<CoreServices> {
  const { config, logger, clock } = options;
  const { memory, postgres, sqlite } = await openStorage(config, { clock, logger, env: options.env });
  const providers = createProviderRegistry({ config, memory, logger, env: options.env });
  const documentOptions = documentServiceOptionsFromConfig(config);
  const embedder = options.embedder ?? new WorkerPoolEmbedder();
  // On PostgreSQL the documents and fact vectors live in the database too; on the data directory one LanceDB
  // connection serves both.
  const onPostgres = postgres?.documentStores(embedder);
  const { vectorDatabase, documentStores } = documentStoresFor(onPostgres, documentOptions.vectorsDir, sqlite);
  // Summaries need a model key; without one the option answers NOT_CONFIGURED with what to set.
  const settings = resolveAnthropicSettings(config, options.env);
  const summarizer =
    settings.apiKey === undefined
      ? undefined
      : createModelDocumentSummarizer({ model: lazyAnthropicModel(config, options.env), modelId: config.models.tiers.haiku });
  const documents = new DocumentService({
    ...documentOptions,
    ...documentStores,
    embedder,
    clock,
    logger,
    summarizer,
  });
  const factVectors =
    options.semanticRecall === false
      ? undefined
      : vectorDatabase
        ? new LanceFactVectorIndex({
            vectors: vectorDatabase,
            embedder,
            maintenance: { onError: (error) => logger.warn({ err: error }, 'background optimize of fact vectors failed') },
          })
        : onPostgres?.factVectors;
  if (factVectors) memory.attachFactVectorIndex(factVectors);
  const enrichment = createEnrichmentService({ memory, providers, config, logger });
  const usage = createUsageRecorder(memory, logger);
  return {
    services: { config, memory, providers, documents, enrichment },
    usage,
    embedder,
    async warmUpSemanticSearch() {
      if (onPostgres) {
        // The vectors are in the database: warm the model once there is something to search by meaning.
        if ((await documents.count()) === 0 && !(await memory.facts.hasAnyFact())) return false;
        await embedder.warmUp();
        return true;
      }
      if (!hasVectorTables(config.dataDir)) return false;
      await Promise.all([embedder.warmUp(), vectorDatabase?.connection()]);
      return true;
    },
    async close(options: CloseOptions = {}) {
      // Order matters: queued fact vectors are written (or, promptly, abandoned) before the embedder and LanceDB go away.
      await factVectors?.close(options);
      await documents.close();
      await embedder.close();
      await vectorDatabase?.close();
      providers.close();
      await usage.settled?.();
      await memory.close();
    },
  };
}
