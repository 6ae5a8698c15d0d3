/**
 * One ingestion run: find files, skip unchanged ones by content hash, extract and chunk the rest, embed the
 * chunks in batches, replace each batch's documents' chunks in one commit, then record the document rows. Finally
 * prune index entries whose files are gone from the ingested folder.
 *
 * A bounded pipeline keeps the embedder, the slowest stage, busy all the time: while it embeds one batch, the files
 * of the next are read and chunked, the batch after that queues behind it, and the batch before it is written. At
 * most BATCHES_IN_FLIGHT batches are embedding or waiting to be written, plus the one being gathered, so memory stays
 * bounded whatever the folder's size. Chunks whose exact text already has a vector are not embedded again (see
 * chunk-vectors.ts).
 */
import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { basename, dirname, sep } from 'node:path';
import { openRegularFile, ToolError, UnsafeFileError, type Clock, type Logger } from '@chief-of-staff/core';
import type { DocumentCatalogStore, DocumentFileFacts } from '@chief-of-staff/stores';
import { chunkBlocks } from '../chunking/chunker.js';
import { documentTitle } from '../chunking/document-title.js';
import type { Embedder } from '../embedding/embedder.js';
import { docTypeForPath, type DocType } from '../extract/doc-types.js';
import { ExtractionError, extractBlocks } from '../extract/extract-document.js';
import { ChunkVectors } from './chunk-vectors.js';
import { collectFiles } from '../fs/collect-files.js';
import { resolvePathInsideRoots } from '../fs/allowed-roots.js';
import { SUMMARY_CHUNK_INDEX, type ChunkRecord, type ChunkStore } from '../store/chunk-store.js';
import { embedderMismatchError, vectorSpaceOf } from '../store/vector-space.js';
import type {
  DocumentSummarizer,
  IngestedDocument,
  IngestOptions,
  IngestReport,
  PrunedDocument,
  SkippedFile,
} from './ingest-types.js';

export interface IngestDependencies {
  catalog: DocumentCatalogStore;
  chunks: ChunkStore;
  embedder: Embedder;
  clock: Clock;
  allowedRoots: readonly string[];
  maxFileBytes: number;
  followHardLinks: boolean;
  chunkWords: number;
  overlapWords: number;
  summarizer?: DocumentSummarizer;
  logger?: Logger;
}

/** A file read, hashed and chunked, waiting for its vectors. */
interface PreparedDocument {
  facts: DocumentFileFacts;
  contentHash: string;
  /** What the title column holds for each chunk (see documentTitle). */
  title: string;
  chunkTexts: string[];
  summary?: string;
}

/** Pending chunks that close a batch: embedded together, then written in one commit. */
const FLUSH_CHUNKS = 128;
/**
 * Batches embedding or waiting for their write. Two: the embedder starts the next batch's texts the moment the
 * previous ones are done, without waiting for a write or for the files of a new batch to be read.
 */
const BATCHES_IN_FLIGHT = 2;

export function sha256(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

export async function runIngest(deps: IngestDependencies, path: string, options: IngestOptions = {}): Promise<IngestReport> {
  assertCanSummarize(deps, options);
  const root = await resolvePathInsideRoots(path, deps.allowedRoots);
  options.onProgress?.({ phase: 'scanning', filesDone: 0, filesTotal: 0, chunksWritten: 0, path: root });
  const recursive = options.recursive ?? true;
  const collected = await collectFiles(root, recursive);
  const report = await ingestFiles(deps, collected.files, collected.skipped, options);
  if (collected.isDirectory) report.pruned = await pruneMissing(deps, root, recursive);
  return report;
}

/** Fails before any file is read when the chunk table belongs to another embedder. */
async function assertWritableIndex(deps: IngestDependencies): Promise<void> {
  const state = await deps.chunks.state();
  if (state.status === 'mismatch') throw embedderMismatchError(deps.chunks.label, state.recorded, vectorSpaceOf(deps.embedder));
}

function assertCanSummarize(deps: IngestDependencies, options: IngestOptions): void {
  if (options.summarize && !deps.summarizer) {
    throw new ToolError('NOT_CONFIGURED', 'Document summaries need a model, and none is configured.', {
      hint: 'Set ANTHROPIC_API_KEY (or ANTHROPIC_BASE_URL) and check it with `cos doctor`, or ingest without summarize.',
    });
  }
}

type IngestProgressPhase = 'reading' | 'embedding' | 'writing' | 'done';

/** Where a run stands: what a progress report and the stopping rules read. */
interface RunCounts {
  started: number;
  filesTotal: number;
  filesDone: number;
  changedFiles: number;
}

function emptyReport(files: readonly string[], alreadySkipped: readonly SkippedFile[]): IngestReport {
  return {
    ingested: [],
    unchanged: 0,
    skipped: [...alreadySkipped],
    pruned: [],
    files: files.length,
    filesDone: 0,
    more: false,
    chunks: 0,
    embedded: 0,
    warnings: [],
  };
}

/** Why the run stops before its next file (`maxFiles`, then the call's time budget), or undefined to go on. */
function stopWarning(run: RunCounts, maxFiles: number, budgetMs: number): string | undefined {
  if (run.changedFiles >= maxFiles) {
    return `Stopped after ${maxFiles} new or changed files: ${run.filesDone} of ${run.filesTotal} files done — run the same ingest again to continue (unchanged files are skipped quickly).`;
  }
  if (run.changedFiles > 0 && performance.now() - run.started >= budgetMs) {
    return `Stopped at the time limit of one call: ${run.filesDone} of ${run.filesTotal} files done — run the same ingest again to continue (files already indexed are skipped quickly).`;
  }
  return undefined;
}

/**
 * A run's batches: prepared files gathered until FLUSH_CHUNKS, then embedded alongside the batch before, and written
 * in order by one writer, with at most BATCHES_IN_FLIGHT batches embedding or waiting for their write.
 */
class BatchPipeline {
  #pending: PreparedDocument[] = [];
  #pendingChunks = 0;
  /** Each batch's write, in order; a write waits for the one before it (one writer, documents recorded in order). */
  readonly #inFlight: Promise<void>[] = [];
  #writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: IngestDependencies,
    private readonly vectors: ChunkVectors,
    private readonly report: IngestReport,
    private readonly progress: (phase: IngestProgressPhase) => void,
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** Adds a file to the batch being gathered; true when the batch is full and should be flushed. */
  gather(prepared: PreparedDocument): boolean {
    this.#pending.push(prepared);
    this.#pendingChunks += prepared.chunkTexts.length;
    return this.#pendingChunks >= FLUSH_CHUNKS;
  }

  /** Bounded: the oldest batch in flight must be written before another one starts. */
  async flushWhenRoom(): Promise<void> {
    while (this.#inFlight.length >= BATCHES_IN_FLIGHT) await this.#inFlight.shift();
    this.flush();
  }

  flushRest(): void {
    if (this.#pending.length > 0) this.flush();
  }

  flush(): void {
    const batch = this.#pending;
    this.#pending = [];
    this.#pendingChunks = 0;
    // Embedding starts now, alongside the batch still being embedded or written before it.
    this.progress('embedding');
    const texts = batch.flatMap((doc) => (doc.summary ? [...doc.chunkTexts, doc.summary] : doc.chunkTexts));
    const embedded = this.vectors.vectorsFor(texts, { signal: this.signal, onEmbedded: () => this.progress('embedding') });
    embedded.catch(() => undefined);
    this.#writing = this.#writing.then(async () => writeBatch(this.deps, batch, await embedded, this.report, this.progress));
    // Marks the rejection as handled until the run awaits it, so a failed write cannot crash the process.
    this.#writing.catch(() => undefined);
    this.#inFlight.push(this.#writing);
  }

  /** Every batch started so far written; rejects with the first failure. */
  written(): Promise<void> {
    return this.#writing;
  }

  /** Batches already started finish (or fail) before a failed run returns, so nothing is left writing behind the caller. */
  async settled(): Promise<void> {
    await this.#writing.catch(() => undefined);
  }
}

/**
 * Ingests the given real paths (already checked against the allowed roots), in order. Used by `runIngest`
 * and by re-indexing, which passes the paths of every indexed document.
 */
export async function ingestFiles(
  deps: IngestDependencies,
  files: readonly string[],
  alreadySkipped: readonly SkippedFile[],
  options: IngestOptions = {},
): Promise<IngestReport> {
  assertCanSummarize(deps, options);
  await assertWritableIndex(deps);
  const { signal, onProgress } = options;
  const report = emptyReport(files, alreadySkipped);
  const maxFiles = options.maxFiles ?? Number.POSITIVE_INFINITY;
  const budgetMs = options.timeBudgetMs ?? Number.POSITIVE_INFINITY;
  const run: RunCounts = { started: performance.now(), filesTotal: files.length, filesDone: 0, changedFiles: 0 };
  const progress = (phase: IngestProgressPhase, current?: string): void =>
    onProgress?.({ phase, filesDone: run.filesDone, filesTotal: run.filesTotal, chunksWritten: report.chunks, path: current });
  const vectors = new ChunkVectors(deps.chunks, deps.embedder);
  const batches = new BatchPipeline(deps, vectors, report, progress, signal);
  try {
    for (const file of files) {
      signal?.throwIfAborted();
      const stop = stopWarning(run, maxFiles, budgetMs);
      if (stop) {
        report.more = true;
        report.warnings.push(stop);
        break;
      }
      progress('reading', file);
      const prepared = await prepareFile(deps, file, report, options.summarize === true, signal);
      run.filesDone++;
      if (!prepared) continue;
      run.changedFiles++;
      if (batches.gather(prepared)) await batches.flushWhenRoom();
    }
    batches.flushRest();
  } catch (error) {
    await batches.settled();
    throw error;
  }
  await batches.written();
  report.embedded = vectors.embedded;
  report.filesDone = run.filesDone;
  report.ingested.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.documentId - b.documentId));
  progress('done');
  return report;
}

/** Reads, hashes and chunks one file; returns undefined when it is unchanged or skipped (noted in `report`). */
async function prepareFile(
  deps: IngestDependencies,
  file: string,
  report: IngestReport,
  summarize: boolean,
  signal: AbortSignal | undefined,
): Promise<PreparedDocument | undefined> {
  const docType = docTypeForPath(file) as DocType;
  let opened;
  try {
    // Opened without following links or waiting on pipes, and checked after opening (the path may have changed
    // since the folder was listed).
    opened = await openRegularFile(file, { followHardLinks: deps.followHardLinks });
  } catch (error) {
    const reason = error instanceof UnsafeFileError ? error.reason : 'file disappeared while ingesting';
    report.skipped.push({ path: file, reason });
    return undefined;
  }
  const stats = opened.stats;
  let content: Buffer;
  try {
    if (stats.size > deps.maxFileBytes) {
      report.skipped.push({
        path: file,
        reason: `larger than the ${formatBytes(deps.maxFileBytes)} limit (documents.maxFileBytes)`,
      });
      return undefined;
    }
    content = await opened.handle.readFile();
  } finally {
    await opened.handle.close();
  }
  const contentHash = sha256(content);
  const existing = await deps.catalog.findByPath(file);
  if (existing && existing.contentHash === contentHash) {
    report.unchanged++;
    return undefined;
  }
  const facts: DocumentFileFacts = {
    path: file,
    sourceName: basename(file),
    docType,
    sizeBytes: content.byteLength,
    modifiedAt: stats.mtime.toISOString(),
  };
  let chunkTexts: string[];
  let title: string;
  try {
    const blocks = await extractBlocks(file, docType, content);
    title = documentTitle(file, blocks);
    chunkTexts = chunkBlocks(blocks, {
      chunkWords: deps.chunkWords,
      overlapWords: deps.overlapWords,
    });
  } catch (error) {
    if (!(error instanceof ExtractionError)) throw error;
    if (existing) {
      // The index must not keep answering from a version of the file that no longer parses.
      await deps.chunks.deleteDocuments([existing.id]);
      await deps.catalog.delete(existing.id);
      report.skipped.push({ path: file, reason: `${error.message}; its earlier index entry was removed` });
    } else report.skipped.push({ path: file, reason: error.message });
    return undefined;
  }
  let summary: string | undefined;
  if (summarize && deps.summarizer && chunkTexts.length > 0) {
    const text = chunkTexts.join('\n\n').slice(0, 20_000);
    try {
      summary = (await deps.summarizer.summarize({ path: file, text, signal })).trim() || undefined;
    } catch (error) {
      // The document is still worth indexing without its summary; the cause goes to the log.
      deps.logger?.warn({ err: error, path: file }, 'document summary failed');
      report.warnings.push(`No summary for ${basename(file)}: the model call failed (${error instanceof Error ? error.message : 'unknown error'}). The document was indexed without it.`);
    }
  }
  return { facts, contentHash, title, chunkTexts, summary };
}

async function writeBatch(
  deps: IngestDependencies,
  batch: PreparedDocument[],
  vectors: Float32Array[],
  report: IngestReport,
  progress: (phase: 'writing') => void,
): Promise<void> {
  const nowIso = deps.clock.now().toISOString();
  const nowMs = Date.parse(nowIso);
  const reservations: { row: { id: number }; created: boolean }[] = [];
  // One at a time, in batch order: ids follow the order of the files, as they did when reserving was synchronous.
  for (const doc of batch) reservations.push(await deps.catalog.reserve(doc.facts, nowIso));
  const reserved = reservations.map((reservation) => reservation.row);
  const rows: ChunkRecord[] = [];
  let next = 0;
  batch.forEach((doc, position) => {
    const documentId = (reserved[position] as { id: number }).id;
    const base = {
      documentId,
      path: doc.facts.path,
      sourceName: doc.facts.sourceName,
      docType: doc.facts.docType,
      title: doc.title,
      contentHash: doc.contentHash,
      sizeBytes: doc.facts.sizeBytes,
      modifiedAtMs: Date.parse(doc.facts.modifiedAt),
      ingestedAtMs: nowMs,
    };
    doc.chunkTexts.forEach((text, chunkIndex) => {
      rows.push({ ...base, chunkIndex, kind: 'chunk', text, vector: vectors[next++] as Float32Array });
    });
    if (doc.summary) {
      rows.push({ ...base, chunkIndex: SUMMARY_CHUNK_INDEX, kind: 'summary', text: doc.summary, vector: vectors[next++] as Float32Array });
    }
  });
  progress('writing');
  try {
    // Ids are never reused (AUTOINCREMENT), so a document created just now has no chunks to replace: a batch of only
    // new documents is inserted without the merge that reads the whole table to find rows to delete.
    if (reservations.every((reservation) => reservation.created)) await deps.chunks.insertNewDocuments(rows);
    else
      await deps.chunks.replaceDocuments(
        reserved.map((row) => row.id),
        rows,
      );
  } catch (error) {
    // Rows created for this batch would otherwise be listed with no chunks; existing rows keep their old hash,
    // which still matches their old chunks because the replace is all-or-nothing.
    for (const reservation of reservations) if (reservation.created) await deps.catalog.delete(reservation.row.id);
    throw error;
  }
  for (const [position, doc] of batch.entries()) {
    const documentId = (reserved[position] as { id: number }).id;
    await deps.catalog.markIngested(
      documentId,
      { ...doc.facts, contentHash: doc.contentHash, chunkCount: doc.chunkTexts.length, hasSummary: doc.summary !== undefined },
      nowIso,
    );
    const ingested: IngestedDocument = { documentId, path: doc.facts.path, chunks: doc.chunkTexts.length };
    report.ingested.push(ingested);
    report.chunks += doc.chunkTexts.length;
  }
}

/**
 * Removes index entries whose file no longer exists (or is no longer a regular file): those under `root`
 * (only its direct children when not recursive), or all of them when `root` is undefined.
 */
export async function pruneMissing(
  deps: Pick<IngestDependencies, 'catalog' | 'chunks'>,
  root: string | undefined,
  recursive = true,
): Promise<PrunedDocument[]> {
  const prefix = root === undefined ? undefined : root.endsWith(sep) ? root : root + sep;
  const pruned: PrunedDocument[] = [];
  for (const entry of await deps.catalog.listPaths(prefix)) {
    if (root !== undefined && !recursive && dirname(entry.path) !== root) continue;
    let gone = false;
    try {
      const stats = await lstat(entry.path);
      gone = !stats.isFile();
    } catch {
      gone = true;
    }
    if (!gone) continue;
    const chunksRemoved = await deps.chunks.deleteDocuments([entry.id]);
    await deps.catalog.delete(entry.id);
    pruned.push({ documentId: entry.id, path: entry.path, chunksRemoved });
  }
  return pruned;
}
