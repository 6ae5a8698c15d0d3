/**
 * The document catalogue on the SQLite `documents` table (docs/reference/data-model.md#tables): the embedded adapter of
 * the `DocumentCatalogStore` port of `@chief-of-staff/stores`. SQLite calls are synchronous; the port's promises
 * only wrap them, so the embedded path does no extra waiting.
 */
import { and, asc, count, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { CosDatabase } from '../db/open-database.js';
import { documents } from '../db/schema/documents.js';
import { PENDING_CONTENT_HASH, type DocumentCatalogStore, type DocumentFileFacts, type DocumentListFilter, type DocumentRow } from '@chief-of-staff/stores';


function filterConditions(filter: DocumentListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.pathPrefix !== undefined && filter.pathPrefix !== '') {
    // substr over code points with a bound parameter: exact and case-sensitive, no LIKE pattern characters.
    conditions.push(sql`substr(${documents.path}, 1, ${[...filter.pathPrefix].length}) = ${filter.pathPrefix}`);
  }
  if (filter.docType !== undefined) conditions.push(eq(documents.docType, filter.docType));
  if (filter.pendingOnly) conditions.push(eq(documents.contentHash, PENDING_CONTENT_HASH));
  return conditions;
}

export class SqliteDocumentCatalog implements DocumentCatalogStore {
  readonly #database: CosDatabase;

  constructor(database: CosDatabase) {
    this.#database = database;
  }

  async findByPath(path: string): Promise<DocumentRow | undefined> {
    return this.#findByPath(path);
  }

  #findByPath(path: string): DocumentRow | undefined {
    return this.#database.db.select().from(documents).where(eq(documents.path, path)).get();
  }

  async findById(id: number): Promise<DocumentRow | undefined> {
    return this.#database.db.select().from(documents).where(eq(documents.id, id)).get();
  }

  /** The row for `path`, created (pending) when absent; `created` says which. */
  async reserve(facts: DocumentFileFacts, nowIso: string): Promise<{ row: DocumentRow; created: boolean }> {
    return this.#database.writeTransaction(() => {
      const existing = this.#findByPath(facts.path);
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
  async markIngested(
    id: number,
    facts: DocumentFileFacts & { contentHash: string; chunkCount: number; hasSummary: boolean },
    nowIso: string,
  ): Promise<DocumentRow | undefined> {
    return this.#database.db
      .update(documents)
      .set({ ...facts, ingestedAt: nowIso, updatedAt: nowIso })
      .where(eq(documents.id, id))
      .returning()
      .get();
  }

  /** Forgets every content hash so the next ingest of each file redoes it (re-indexing). */
  async markAllPending(): Promise<void> {
    this.#database.db.update(documents).set({ contentHash: PENDING_CONTENT_HASH }).run();
  }

  async delete(id: number): Promise<boolean> {
    return this.#database.db.delete(documents).where(eq(documents.id, id)).run().changes > 0;
  }

  /** One page ordered by path then id, starting after `after` (keyset pagination). */
  async list(filter: DocumentListFilter, limit: number, after?: { path: string; id: number }): Promise<DocumentRow[]> {
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

  async count(filter: DocumentListFilter): Promise<number> {
    const row = this.#database.db
      .select({ total: count() })
      .from(documents)
      .where(and(...filterConditions(filter)))
      .get();
    return row?.total ?? 0;
  }

  /** Id, path and hash of every document under the prefix (all documents when omitted), ordered by path. */
  async listPaths(pathPrefix?: string): Promise<{ id: number; path: string; contentHash: string }[]> {
    return this.#database.db
      .select({ id: documents.id, path: documents.path, contentHash: documents.contentHash })
      .from(documents)
      .where(and(...filterConditions({ pathPrefix })))
      .orderBy(asc(documents.path), asc(documents.id))
      .all();
  }
}
