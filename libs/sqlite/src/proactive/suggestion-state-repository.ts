/**
 * The SQLite adapter of `SuggestionStateRepository` (the port and its shared rules are in
 * `@chief-of-staff/stores`).
 */
import { inArray } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { suggestionState } from '../db/schema/proactive.js';
import type { SuggestionCategory, SuggestionStateRecord, SuggestionStateRepository } from '@chief-of-staff/stores';
import { assertSuggestionKey, nowIso } from '@chief-of-staff/stores/adapter-kit';

/** SQLite allows 999 bound parameters; key lists are read in chunks below that. */
const CHUNK = 500;

export function createSuggestionStateRepository(database: CosDatabase, clock: Clock): SuggestionStateRepository {
  const { db } = database;
  const upsert = (key: string, category: SuggestionCategory, changes: Partial<Pick<SuggestionStateRecord, 'dismissedAt' | 'snoozeUntil' | 'lastPushedAt'>>) => {
    const now = nowIso(clock);
    return db
      .insert(suggestionState)
      .values({ key, category, ...changes, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: suggestionState.key, set: { ...changes, updatedAt: now } })
      .returning()
      .get();
  };
  return {
    async getMany(keys) {
      const found = new Map<string, SuggestionStateRecord>();
      for (let start = 0; start < keys.length; start += CHUNK) {
        const chunk = keys.slice(start, start + CHUNK);
        for (const row of db.select().from(suggestionState).where(inArray(suggestionState.key, chunk)).all()) found.set(row.key, row);
      }
      return found;
    },
    async dismiss(key, category, until) {
      assertSuggestionKey(key, category);
      return until === undefined ? upsert(key, category, { dismissedAt: nowIso(clock), snoozeUntil: null }) : upsert(key, category, { dismissedAt: null, snoozeUntil: until });
    },
    async markPushed(entries) {
      const now = nowIso(clock);
      database.writeTransaction(() => {
        for (const entry of entries) upsert(entry.key, entry.category, { lastPushedAt: now });
      });
    },
  };
}
