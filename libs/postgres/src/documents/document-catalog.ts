/**
 * The documents' `DocumentCatalogStore` port on PostgreSQL (ADR 0067): the `documents` table, with the same rows,
 * order and pending-hash protocol as the SQLite catalogue. Paths are compared and ordered byte by byte (`COLLATE
 * "C"`), as SQLite does, so listing order and keyset cursors do not depend on the database's collation.
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  PENDING_CONTENT_HASH,
  type DocumentCatalogStore,
  type DocumentFileFacts,
  type DocumentListFilter,
  type DocumentRow,
} from '@chief-of-staff/documents';
import type { PostgresDatabase } from '../open-postgres.js';
import { documents } from '../schema/documents.js';
import { rowColumns } from '../row-columns.js';

/** No stored path holds U+0000 (file systems refuse it), and PostgreSQL refuses it as a parameter. */
function holdsNul(text: string | undefined): boolean {
  return text !== undefined && text.includes('\0');
}

function filterConditions(filter: DocumentListFilter): SQL[] | undefined {
  const conditions: SQL[] = [];
  if (filter.pathPrefix !== undefined && filter.pathPrefix !== '') {
    if (holdsNul(filter.pathPrefix)) return undefined;
    // starts_with with a bound parameter: exact and case-sensitive, no LIKE pattern characters.
    conditions.push(sql`starts_with(${documents.path}, ${filter.pathPrefix})`);
  }
  if (filter.docType !== undefined) conditions.push(eq(documents.docType, filter.docType));
  if (filter.pendingOnly) conditions.push(eq(documents.contentHash, PENDING_CONTENT_HASH));
  return conditions;
}

const BY_PATH = [sql`${documents.path} COLLATE "C"`, asc(documents.id)];

export class PostgresDocumentCatalog implements DocumentCatalogStore {
  readonly #database: PostgresDatabase;

  constructor(database: PostgresDatabase) {
    this.#database = database;
  }

  async findByPath(path: string): Promise<DocumentRow | undefined> {
    if (holdsNul(path)) return undefined;
    const rows = await this.#database.db.select(rowColumns(documents)).from(documents).where(eq(documents.path, path)).limit(1);
    return rows[0];
  }

  async findById(id: number): Promise<DocumentRow | undefined> {
    const rows = await this.#database.db.select(rowColumns(documents)).from(documents).where(eq(documents.id, id)).limit(1);
    return rows[0];
  }

  async reserve(facts: DocumentFileFacts, nowIso: string): Promise<{ row: DocumentRow; created: boolean }> {
    // One statement decides: of two processes reserving the same new path, one inserts and the other reads its row.
    const inserted = await this.#database.db
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
      .onConflictDoNothing({ target: [documents.path, documents.principalId] })
      .returning(rowColumns(documents));
    const row = inserted[0];
    if (row) return { row, created: true };
    const existing = await this.findByPath(facts.path);
    if (!existing) throw new Error(`The document row of ${facts.path} was deleted while it was being reserved; ingest the file again.`);
    return { row: existing, created: false };
  }

  async markIngested(
    id: number,
    facts: DocumentFileFacts & { contentHash: string; chunkCount: number; hasSummary: boolean },
    nowIso: string,
  ): Promise<DocumentRow | undefined> {
    const rows = await this.#database.db
      .update(documents)
      .set({ ...facts, ingestedAt: nowIso, updatedAt: nowIso })
      .where(eq(documents.id, id))
      .returning(rowColumns(documents));
    return rows[0];
  }

  async markAllPending(): Promise<void> {
    await this.#database.db.update(documents).set({ contentHash: PENDING_CONTENT_HASH });
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.#database.db.delete(documents).where(eq(documents.id, id)).returning({ id: documents.id });
    return rows.length > 0;
  }

  async list(filter: DocumentListFilter, limit: number, after?: { path: string; id: number }): Promise<DocumentRow[]> {
    const conditions = filterConditions(filter);
    if (!conditions || holdsNul(after?.path)) return [];
    if (after) {
      conditions.push(
        sql`(${documents.path} COLLATE "C" > ${after.path} OR (${documents.path} = ${after.path} AND ${documents.id} > ${after.id}))`,
      );
    }
    return this.#database.db
      .select(rowColumns(documents))
      .from(documents)
      .where(and(...conditions))
      .orderBy(...BY_PATH)
      .limit(limit);
  }

  async count(filter: DocumentListFilter): Promise<number> {
    const conditions = filterConditions(filter);
    if (!conditions) return 0;
    const rows = await this.#database.db
      .select({ total: count() })
      .from(documents)
      .where(and(...conditions));
    return rows[0]?.total ?? 0;
  }

  async listPaths(pathPrefix?: string): Promise<{ id: number; path: string; contentHash: string }[]> {
    const conditions = filterConditions({ pathPrefix });
    if (!conditions) return [];
    return this.#database.db
      .select({ id: documents.id, path: documents.path, contentHash: documents.contentHash })
      .from(documents)
      .where(and(...conditions))
      .orderBy(...BY_PATH);
  }
}
