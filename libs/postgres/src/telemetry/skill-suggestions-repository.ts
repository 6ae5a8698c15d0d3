/**
 * Skill suggestions on PostgreSQL: the same `SkillSuggestionsRepository` port, records and errors as the SQLite
 * adapter of `@chief-of-staff/stores`, checked by the same contract suite (ADR 0065). Refreshing a suggestion is one
 * statement on the unique signature that updates only a pending one, so concurrent analyses keep one row and never
 * re-open a rejected or accepted suggestion.
 */
import {asc, desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import { closePage, openPage, SKILL_SUGGESTION_LIST_LIMITS, SKILL_SUGGESTION_STATUSES, type SkillSuggestionRecord, type SkillSuggestionsRepository } from '@chief-of-staff/stores';
import { assertConfidence, assertEnum, assertMaxLength, nowIso, skillSuggestionAlreadyAccepted } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { refuseNulCharacters } from '../nul-characters.js';
import { skillSuggestions } from '../schema/telemetry.js';
import { rowColumns } from '../row-columns.js';

export function createPostgresSkillSuggestionsRepository(database: PostgresDatabase, clock: Clock): SkillSuggestionsRepository {
  const { db } = database;
  const s = skillSuggestions;
  const get = async (id: number): Promise<SkillSuggestionRecord | undefined> => {
    const [row] = await db.select(rowColumns(s)).from(s).where(eq(s.id, id));
    return row as SkillSuggestionRecord | undefined;
  };

  return {
    async upsertBySignature(input) {
      const confidence = assertConfidence('confidence', input.confidence);
      const now = nowIso(clock);
      const fields = refuseNulCharacters({
        toolName: input.toolName,
        patterns: input.patterns,
        description: input.description,
        suggestedName: input.suggestedName,
        suggestedCapabilities: input.suggestedCapabilities,
        occurrences: input.occurrences,
        confidence,
        updatedAt: now,
      });
      refuseNulCharacters({ signature: input.signature });
      const [row] = await db
        .insert(s)
        .values({ ...fields, signature: input.signature, status: 'pending', createdAt: now })
        .onConflictDoUpdate({ target: [s.signature, s.principalId], set: fields, setWhere: sql`${s.status} = 'pending'` })
        .returning({ ...rowColumns(s), inserted: sql<boolean>`(xmax = 0)` });
      if (row !== undefined) {
        const { inserted, ...suggestion } = row;
        return { suggestion: suggestion as SkillSuggestionRecord, created: inserted, updated: !inserted };
      }
      // Nothing written: the signature's suggestion was rejected or accepted, and stays as it is.
      const [existing] = await db.select(rowColumns(s)).from(s).where(eq(s.signature, input.signature));
      if (existing === undefined) throw new Error(`skill suggestion ${input.signature} vanished while being refreshed`);
      return { suggestion: existing as SkillSuggestionRecord, created: false, updated: false };
    },

    get,

    async list(filters, request) {
      const status = filters.status === undefined ? undefined : assertEnum('status', filters.status, SKILL_SUGGESTION_STATUSES);
      const window = openPage(request, SKILL_SUGGESTION_LIST_LIMITS, 'skill_suggestions', { status });
      const where = status === undefined ? undefined : eq(s.status, status);
      const rows = await db
        .select(rowColumns(s))
        .from(s)
        .where(where)
        .orderBy(desc(s.confidence), asc(s.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(s).where(where);
      return closePage(rows as SkillSuggestionRecord[], window, { total: count?.n ?? 0 });
    },

    async reject(id, reason) {
      const text = reason === undefined ? undefined : assertMaxLength('reason', reason.trim(), 2_000);
      refuseNulCharacters({ reason: text });
      return await db.transaction(async (tx) => {
        // Locked, so an acceptance cannot slip in between the check and the update (SQLite's write transaction).
        const [existing] = await tx.select(rowColumns(s)).from(s).where(eq(s.id, id)).for('update');
        if (existing === undefined) return undefined;
        if (existing.status === 'accepted') throw skillSuggestionAlreadyAccepted(id, existing.agentName);
        const [row] = await tx
          .update(s)
          .set({ status: 'rejected', rejectReason: text ?? existing.rejectReason, updatedAt: nowIso(clock) })
          .where(eq(s.id, id))
          .returning(rowColumns(s));
        return row as SkillSuggestionRecord | undefined;
      });
    },

    async markAccepted(id, agentName) {
      refuseNulCharacters({ agentName });
      const [row] = await db.update(s).set({ status: 'accepted', agentName, updatedAt: nowIso(clock) }).where(eq(s.id, id)).returning(rowColumns(s));
      return row as SkillSuggestionRecord | undefined;
    },
  };
}
