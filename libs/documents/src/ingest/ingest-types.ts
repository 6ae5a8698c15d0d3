/**
 * Shapes shared by ingestion and its callers (the `ingest_documents` tool, `cos docs ingest`, re-indexing).
 */
import type { SkippedFile } from '../fs/collect-files.js';

export type { SkippedFile };

export interface IngestedDocument {
  documentId: number;
  path: string;
  chunks: number;
}

export interface PrunedDocument {
  documentId: number;
  path: string;
  chunksRemoved: number;
}

export interface IngestProgress {
  /** What is happening, for a progress line: `scanning`, `reading`, `embedding`, `writing`, `done`. */
  phase: 'scanning' | 'reading' | 'embedding' | 'writing' | 'done';
  /** Files looked at so far (ingested, unchanged or skipped) out of `filesTotal`. */
  filesDone: number;
  filesTotal: number;
  /** Chunks embedded and written so far. */
  chunksWritten: number;
  /** The file being read, when there is one. */
  path?: string;
}

export interface IngestReport {
  ingested: IngestedDocument[];
  /** Files whose content hash matched the index: left as they were. */
  unchanged: number;
  skipped: SkippedFile[];
  /** Index entries removed because their file no longer exists under the ingested folder. */
  pruned: PrunedDocument[];
  /** Supported files found (before the per-call limit). */
  files: number;
  /** Files looked at by this call: indexed, unchanged or skipped. */
  filesDone: number;
  /** True when the call stopped early (file limit or time budget): running it again continues. */
  more: boolean;
  /** Chunks written by this call. */
  chunks: number;
  /**
   * Chunks (and summaries) this call sent to the embedder. The others took the vector of an identical text already
   * indexed or embedded earlier in the call, such as the unchanged paragraphs of an edited file.
   */
  embedded: number;
  warnings: string[];
}

export interface IngestOptions {
  /** Descend into sub-folders (default true). */
  recursive?: boolean;
  /** Also store a short summary per document (needs a summarizer; see `DocumentSummarizer`). */
  summarize?: boolean;
  /** At most this many new or changed files per call (default unlimited; the tool passes 500). */
  maxFiles?: number;
  /**
   * Stop starting files once this many ms have passed since the call began (default unlimited), as long as at least
   * one new or changed file was handled — so every call moves on, and a caller with a deadline gets `more: true`
   * instead of running into it. Unchanged files are skipped by hash, so the next call quickly gets back to where this
   * one stopped.
   */
  timeBudgetMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: IngestProgress) => void;
}

/** Writes the 2–4 sentence summary of a document (a cheap model tier); injected by the composition root. */
export interface DocumentSummarizer {
  summarize(input: { path: string; text: string; signal?: AbortSignal }): Promise<string>;
}
