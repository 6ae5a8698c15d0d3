/**
 * The document catalogue port: one row per ingested file, the source of truth for listing (never a vector scan) and
 * for "unchanged" detection by content hash. A row is reserved before its chunks are written (chunk ids need the
 * document id) with an empty hash, and gets its real hash only after the chunks are committed, so a crash in between
 * makes the next ingest redo the file instead of skipping it. Adapters: the SQLite `documents` table
 * (`@chief-of-staff/sqlite`) and PostgreSQL's (`@chief-of-staff/postgres`).
 */
import type { DocType } from '../db/enums.js';

export interface DocumentRow {
  id: number;
  path: string;
  sourceName: string;
  docType: DocType;
  sizeBytes: number;
  contentHash: string;
  /** ISO-8601 (UTC, milliseconds). */
  modifiedAt: string;
  chunkCount: number;
  hasSummary: boolean;
  ingestedAt: string;
  createdAt: string;
  updatedAt: string;
}

export interface DocumentListFilter {
  /** Literal, case-sensitive path prefix. */
  pathPrefix?: string;
  docType?: DocType;
  /** Only documents whose ingest has not completed (their content hash is still `PENDING_CONTENT_HASH`). */
  pendingOnly?: boolean;
}

export interface DocumentFileFacts {
  path: string;
  sourceName: string;
  docType: DocType;
  sizeBytes: number;
  /** ISO-8601 (UTC, milliseconds). */
  modifiedAt: string;
}

/** Hash value of a row whose chunks are not (yet) complete; never equal to a real SHA-256. */
export const PENDING_CONTENT_HASH = '';

export interface DocumentCatalogStore {
  findByPath(path: string): Promise<DocumentRow | undefined>;
  findById(id: number): Promise<DocumentRow | undefined>;
  /** The row for `path`, created (pending) when absent; `created` says which. Ids are never reused. */
  reserve(facts: DocumentFileFacts, nowIso: string): Promise<{ row: DocumentRow; created: boolean }>;
  /** Records a completed ingest: called only after the chunks are committed. */
  markIngested(
    id: number,
    facts: DocumentFileFacts & { contentHash: string; chunkCount: number; hasSummary: boolean },
    nowIso: string,
  ): Promise<DocumentRow | undefined>;
  /** Forgets every content hash so the next ingest of each file redoes it (re-indexing). */
  markAllPending(): Promise<void>;
  delete(id: number): Promise<boolean>;
  /** One page ordered by path then id, starting after `after` (keyset pagination). */
  list(filter: DocumentListFilter, limit: number, after?: { path: string; id: number }): Promise<DocumentRow[]>;
  count(filter: DocumentListFilter): Promise<number>;
  /** Id, path and hash of every document under the prefix (all documents when omitted), ordered by path then id. */
  listPaths(pathPrefix?: string): Promise<{ id: number; path: string; contentHash: string }[]>;
}
