/**
 * `reindexVectors(config)`: the work behind `cos reindex`. Rebuilds both LanceDB tables for the configured
 * embedder — document chunks (every indexed file is read again; files that are gone or outside the allowed roots
 * leave the index) and fact vectors (every stored fact is embedded again). Needed after switching embedders, when
 * searches answer "run `cos reindex`". Document summaries are not regenerated.
 */
import { createSilentLogger, createSystemClock, type Clock, type CosConfig, type Logger } from '@chief-of-staff/core';
import { FACT_CATEGORIES, type FactRecord, type FactToEmbed } from '@chief-of-staff/stores';
import type { IngestProgress, PrunedDocument, SkippedFile, VectorIndexStatus } from '@chief-of-staff/documents';
import { openCoreServices } from './services.js';

export type ReindexProgress =
  | { stage: 'documents'; progress: IngestProgress }
  | { stage: 'facts'; done: number; total: number };

export interface ReindexVectorsOptions {
  onProgress?: (progress: ReindexProgress) => void;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  clock?: Clock;
}

export interface ReindexVectorsResult {
  documents: {
    /** Files read again and indexed. */
    reindexed: number;
    chunks: number;
    /** Files that could not be indexed again (their entries are gone), with the reason. */
    skipped: SkippedFile[];
    /** Entries removed because their files no longer exist. */
    pruned: PrunedDocument[];
    warnings: string[];
  };
  facts: { total: number; embedded: number };
  embedder: string;
  duration_ms: number;
}

export async function reindexVectors(config: CosConfig, options: ReindexVectorsOptions = {}): Promise<ReindexVectorsResult> {
  const started = performance.now();
  const logger = options.logger ?? createSilentLogger();
  const clock = options.clock ?? createSystemClock(config.timezone);
  const core = await openCoreServices({ config, logger, clock, env: options.env });
  try {
    const { documents, memory } = core.services;
    const report = await documents.reindex({
      signal: options.signal,
      onProgress: (progress) => options.onProgress?.({ stage: 'documents', progress }),
    });
    const facts: FactRecord[] = [];
    for (const category of FACT_CATEGORIES) facts.push(...(await memory.facts.allInCategory(category)));
    const toEmbed: FactToEmbed[] = facts.map((fact) => ({ id: fact.id, category: fact.category, key: fact.key, value: fact.value }));
    let embedded = 0;
    const index = memory.factVectors;
    if (index?.reindex) {
      options.signal?.throwIfAborted();
      const ids = new Set(await index.reindex(toEmbed, (done, total) => options.onProgress?.({ stage: 'facts', done, total })));
      for (const fact of facts) {
        if (ids.has(fact.id) && await memory.facts.setEmbeddingStatus(fact.id, 'ok', fact.updatedAt)) embedded += 1;
      }
    }
    return {
      documents: {
        reindexed: report.ingested.length,
        chunks: report.chunks,
        skipped: report.skipped,
        pruned: report.pruned,
        warnings: report.warnings,
      },
      facts: { total: facts.length, embedded },
      embedder: documents.embedder.id,
      duration_ms: Math.round(performance.now() - started),
    };
  } finally {
    await core.close();
  }
}

export interface ReindexCheck {
  /** True when `cos reindex` would change something the user notices. */
  needed: boolean;
  /** The document index: see `VectorIndexStatus` (`outdated`: an older layout; `mismatch`: another embedder). */
  documents: VectorIndexStatus['status'];
  /** Why a re-index is needed, or that none is. */
  reason: string;
}

/** Whether the document index needs `cos reindex` (another embedder built it, or an older version's layout). */
export async function checkReindexNeeded(config: CosConfig, options: Pick<ReindexVectorsOptions, 'env' | 'logger' | 'clock'> = {}): Promise<ReindexCheck> {
  const logger = options.logger ?? createSilentLogger();
  const clock = options.clock ?? createSystemClock(config.timezone);
  const core = await openCoreServices({ config, logger, clock, env: options.env, semanticRecall: false });
  try {
    const { status, recorded, configured } = await core.services.documents.vectorStatus();
    const reason =
      status === 'outdated'
        ? 'The document index was built by an older version: keyword search runs without stemming, title weighting or Hebrew prefixes, and new documents cannot be added until it is rebuilt.'
        : status === 'mismatch'
          ? `The document vectors were built with ${recorded?.embedderId ?? 'another embedder'}; the configured embedder is ${configured.embedderId}.`
          : status === 'absent'
            ? 'No documents are indexed yet.'
            : 'The document index is current.';
    return { needed: status === 'outdated' || status === 'mismatch', documents: status, reason };
  } finally {
    await core.close();
  }
}
