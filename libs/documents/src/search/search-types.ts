/** Inputs and results of document search (`search_documents` in docs/reference/tool-catalogue.md#documents). */
import type { DocType } from '../extract/doc-types.js';

/** `keyword` is accepted as another name for `fts`. */
export type SearchMode = 'hybrid' | 'vector' | 'fts';

export interface DocumentSearchOptions {
  /** Results wanted (1–50, default 5). */
  topK?: number;
  mode?: SearchMode | 'keyword';
  /** Literal path prefix; only documents whose absolute path starts with it. */
  pathPrefix?: string;
  docType?: DocType;
  /** Inclusive lower bound on the file's modification time (epoch ms). */
  modifiedFromMs?: number;
  /** Exclusive upper bound on the file's modification time (epoch ms). */
  modifiedBeforeMs?: number;
  /** Also return the top 3 document summaries, separately from the chunks. */
  includeSummaries?: boolean;
}

export interface DocumentSearchHit {
  documentId: number;
  path: string;
  sourceName: string;
  docType: DocType;
  chunkIndex: number;
  text: string;
  /** hybrid: fused RRF score normalised to (0, 1]; vector: cosine similarity; fts: BM25. Rounded to 4 dp. */
  score: number;
}

export interface DocumentSearchResult {
  items: DocumentSearchHit[];
  summaries?: DocumentSearchHit[];
  /** The mode that actually ran (hybrid falls back to `fts` when vectors are unusable). */
  mode: SearchMode;
  warnings: string[];
  /** Set when the index is empty: what to do first. */
  hint?: string;
}

export const MAX_TOP_K = 50;
export const DEFAULT_TOP_K = 5;
export const SUMMARY_RESULTS = 3;
