/**
 * The `documents` table (docs/reference/data-model.md#tables): one row per ingested file, the source of truth for
 * listing (never a vector scan) and for "unchanged" detection by content hash. A row is created before its chunks are
 * written (chunk ids need the document id) with an empty hash, and gets its real hash only after the chunks are
 * committed, so a crash in between makes the next ingest redo the file instead of skipping it.
 */
import { and, asc, count, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { type CosDatabase, documents } from '@chief-of-staff/stores';
import type { DocType } from '../extract/doc-types.js';

export type DocumentRow = typeof documents.$inferSelect;

export interface DocumentListFilter {
  /** Literal, case-sensitive path prefix. */
  pathPrefix?: string;
  docType?: DocType;
}

export interface DocumentFileFacts {
  path: string;
  sourceName: string;
  docType: DocType;
  sizeBytes: number;
  modifiedAt: string;
}

/** Hash value of a row whose chunks are not (yet) complete; never equal to a real SHA-256. */
export const PENDING_CONTENT_HASH = '';

function filterConditions(filter: DocumentListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.pathPrefix !== undefined && filter.pathPrefix !== '') {
    // substr over code points with a bound parameter: exact and case-sensitive, no LIKE pattern characters.
    conditions.push(sql`substr(${documents.path}, 1, ${[...filter.pathPrefix].length}) = ${filter.pathPrefix}`);
  }
  if (filter.docType !== undefined) conditions.push(eq(documents.docType, filter.docType));
  return conditions;
}

export class DocumentCatalog {
  readonly #database: CosDatabase;

  constructor(database: CosDatabase) {
    this.#database = database;
  }

  findByPath(path: string): DocumentRow | undefined {
    return this.#database.db.select().from(documents).where(eq(documents.path, path)).get();
  }

  findById(id: number): DocumentRow | undefined {
    return this.#database.db.select().from(documents).where(eq(documents.id, id)).get();
  }

  /** The row for `path`, created (pending) when absent; `created` says which. */
  reserve(facts: DocumentFileFacts, nowIso: string): { row: DocumentRow; created: boolean } {
    return this.#database.writeTransaction(() => {
      const existing = this.findByPath(facts.path);
      if (existing) return { row: existing, created: false };
      const row = this.#database.db
        .insert(documents)
        .values({
          ...facts,
          contentHash: PENDING_CONTENT_HASH,
          chunkCount: 0,
          hasSummary: false,
          ingestedAt: nowIso,
          createdAt: nowIso,
          updatedAt: nowIso,
        })
        .returning()
        .get();
      return { row, created: true };
    });
  }

  /** Records a completed ingest: called only after the chunks are committed. */
  markIngested(
    id: number,
    facts: DocumentFileFacts & { contentHash: string; chunkCount: number; hasSummary: boolean },
    nowIso: string,
  ): DocumentRow | undefined {
    return this.#database.db
      .update(documents)
      .set({ ...facts, ingestedAt: nowIso, updatedAt: nowIso })
      .where(eq(documents.id, id))
      .returning()
      .get();
  }

  /** Forgets every content hash so the next ingest of each file redoes it (re-indexing). */
  markAllPending(): void {
    this.#database.db.update(documents).set({ contentHash: PENDING_CONTENT_HASH }).run();
  }

  delete(id: number): boolean {
    return this.#database.db.delete(documents).where(eq(documents.id, id)).run().changes > 0;
  }

  /** One page ordered by path then id, starting after `after` (keyset pagination). */
  list(filter: DocumentListFilter, limit: number, after?: { path: string; id: number }): DocumentRow[] {
    const conditions = filterConditions(filter);
    if (after) {
      const afterCondition = or(
        gt(documents.path, after.path),
        and(eq(documents.path, after.path), gt(documents.id, after.id)),
      );
      if (afterCondition) conditions.push(afterCondition);
    }
    return this.#database.db
      .select()
      .from(documents)
      .where(and(...conditions))
      .orderBy(asc(documents.path), asc(documents.id))
      .limit(limit)
      .all();
  }

  count(filter: DocumentListFilter): number {
    const row = this.#database.db
      .select({ total: count() })
      .from(documents)
      .where(and(...filterConditions(filter)))
      .get();
    return row?.total ?? 0;
  }

  /** Id, path and hash of every document under the prefix (all documents when omitted), ordered by path. */
  listPaths(pathPrefix?: string): { id: number; path: string; contentHash: string }[] {
    return this.#database.db
      .select({ id: documents.id, path: documents.path, contentHash: documents.contentHash })
      .from(documents)
      .where(and(...filterConditions({ pathPrefix })))
      .orderBy(asc(documents.path), asc(documents.id))
      .all();
  }
}
