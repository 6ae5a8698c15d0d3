/**
 * The rows of `document_chunks` as the chunk store reads them: the columns a hit carries, the filters' WHERE
 * conditions, and the text PostgreSQL can store.
 */
import { escapeLike } from '@chief-of-staff/core';
import type { ChunkFilter, ChunkHit, ChunkKind } from '@chief-of-staff/documents';
import type { DocType } from '@chief-of-staff/stores';

export const RESULT_COLUMNS = 'id, document_id, chunk_index, kind, path, source_name, doc_type, text';

export interface HitRow {
  id: string;
  document_id: string | number;
  chunk_index: number;
  kind: string;
  path: string;
  source_name: string;
  doc_type: string;
  text: string;
  score: number | string;
}

/** A search's hit on the candidate sessions: the chunk's id and score, its content read on a bound session. */
export interface ScoredId {
  id: string;
  score: number | string;
}

/** `conditions` and `principal_id = <principal>` (a parameter numbered after theirs), when there is a principal. */
export function withPrincipal(conditions: { sql: string; values: unknown[] } | undefined, principal: string | undefined, firstParameter: number): { sql: string; values: unknown[] } | undefined {
  if (conditions === undefined || principal === undefined) return conditions;
  return { sql: `${conditions.sql} AND principal_id = $${firstParameter + conditions.values.length}`, values: [...conditions.values, principal] };
}

export function toHit(row: HitRow): ChunkHit {
  return {
    id: row.id,
    documentId: Number(row.document_id),
    chunkIndex: row.chunk_index,
    kind: row.kind as ChunkKind,
    path: row.path,
    sourceName: row.source_name,
    docType: row.doc_type as DocType,
    text: row.text,
    score: Number(row.score),
  };
}

/** PostgreSQL text cannot hold U+0000: stored text drops it (the text hash is of the original, so reuse still finds it). */
export function storable(text: string): string {
  return text.includes('\0') ? text.replace(/\0/g, '') : text;
}

/**
 * The WHERE conditions of a filter, their parameters numbered from `firstParameter`; undefined when nothing can
 * match (a path prefix holding U+0000, which no stored path has and PostgreSQL refuses as a parameter).
 */
export function filterConditions(filter: ChunkFilter, firstParameter: number): { sql: string; values: unknown[] } | undefined {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (condition: (parameter: string) => string, value: unknown): void => {
    values.push(value);
    conditions.push(condition(`$${firstParameter + values.length - 1}`));
  };
  add((p) => `kind = ${p}`, filter.kind);
  if (filter.pathPrefix !== undefined && filter.pathPrefix !== '') {
    if (filter.pathPrefix.includes('\0')) return undefined;
    // LIKE with the pattern characters escaped: a literal, case-sensitive prefix that the text_pattern_ops index serves.
    add((p) => `path LIKE ${p} ESCAPE '\\'`, `${escapeLike(filter.pathPrefix)}%`);
  }
  if (filter.docType !== undefined) add((p) => `doc_type = ${p}`, filter.docType);
  if (filter.modifiedFromMs !== undefined) add((p) => `modified_at_ms >= ${p}`, filter.modifiedFromMs);
  if (filter.modifiedBeforeMs !== undefined) add((p) => `modified_at_ms < ${p}`, filter.modifiedBeforeMs);
  return { sql: conditions.join(' AND '), values };
}
