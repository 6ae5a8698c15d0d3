/**
 * The SQLite adapter of `SkillSuggestionsRepository` (the port and its shared rules are in
 * `@chief-of-staff/stores`).
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { skillSuggestions } from '../db/schema/telemetry.js';
import { closePage, openPage, SKILL_SUGGESTION_LIST_LIMITS, SKILL_SUGGESTION_STATUSES, type SkillSuggestionsRepository } from '@chief-of-staff/stores';
import { assertConfidence, assertEnum, assertMaxLength, nowIso, skillSuggestionAlreadyAccepted } from '@chief-of-staff/stores/adapter-kit';

export function createSkillSuggestionsRepository(database: CosDatabase, clock: Clock): SkillSuggestionsRepository {
  const { db } = database;
  const get = (id: number) => db.select().from(skillSuggestions).where(eq(skillSuggestions.id, id)).get();

  return {
    async upsertBySignature(input) {
      const confidence = assertConfidence('confidence', input.confidence);
      return database.writeTransaction(() => {
        const now = nowIso(clock);
        const existing = db.select().from(skillSuggestions).where(eq(skillSuggestions.signature, input.signature)).get();
        const fields = {
          toolName: input.toolName,
          patterns: input.patterns,
          description: input.description,
          suggestedName: input.suggestedName,
          suggestedCapabilities: input.suggestedCapabilities,
          occurrences: input.occurrences,
          confidence,
          updatedAt: now,
        };
        if (existing) {
          if (existing.status !== 'pending') return { suggestion: existing, created: false, updated: false };
          const suggestion = db.update(skillSuggestions).set(fields).where(eq(skillSuggestions.id, existing.id)).returning().get();
          return { suggestion, created: false, updated: true };
        }
        const suggestion = db
          .insert(skillSuggestions)
          .values({ ...fields, signature: input.signature, status: 'pending', createdAt: now })
          .returning()
          .get();
        return { suggestion, created: true, updated: false };
      });
    },

    get: async (...args) => get(...args),

    async list(filters, request) {
      const status = filters.status === undefined ? undefined : assertEnum('status', filters.status, SKILL_SUGGESTION_STATUSES);
      const window = openPage(request, SKILL_SUGGESTION_LIST_LIMITS, 'skill_suggestions', { status });
      const where = status === undefined ? undefined : eq(skillSuggestions.status, status);
      const rows = db
        .select()
        .from(skillSuggestions)
        .where(where)
        .orderBy(desc(skillSuggestions.confidence), asc(skillSuggestions.id))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(*)` }).from(skillSuggestions).where(where).get()?.n ?? 0;
      return closePage(rows, window, { total });
    },

    async reject(id, reason) {
      const text = reason === undefined ? undefined : assertMaxLength('reason', reason.trim(), 2_000);
      return database.writeTransaction(() => {
        const existing = get(id);
        if (!existing) return undefined;
        if (existing.status === 'accepted') {
          throw skillSuggestionAlreadyAccepted(id, existing.agentName);
        }
        return db
          .update(skillSuggestions)
          .set({ status: 'rejected', rejectReason: text ?? existing.rejectReason, updatedAt: nowIso(clock) })
          .where(eq(skillSuggestions.id, id))
          .returning()
          .get();
      });
    },

    markAccepted: async (id, agentName) =>
      db
        .update(skillSuggestions)
        .set({ status: 'accepted', agentName, updatedAt: nowIso(clock) })
        .where(eq(skillSuggestions.id, id))
        .returning()
        .get(),
  };
}
