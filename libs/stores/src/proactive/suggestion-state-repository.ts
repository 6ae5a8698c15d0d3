/**
 * What the user did with proactive suggestions, by the suggestion's stable key (`<category>:<entity id>`):
 * dismissed for good, snoozed until a time, and when it was last pushed. Kept apart from facts, so dismissing a
 * suggestion never changes what is remembered.
 */
import { inArray } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { suggestionState } from '../db/schema/proactive.js';
import { SUGGESTION_CATEGORIES, type SuggestionCategory } from '../db/schema/enums.js';
import { assertEnum, assertText, nowIso } from '../db/validation.js';

export interface SuggestionStateRecord {
  key: string;
  category: SuggestionCategory;
  dismissedAt: string | null;
  snoozeUntil: string | null;
  lastPushedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SuggestionStateRepository {
  /** States of these keys (absent keys have none). */
  getMany(keys: readonly string[]): Promise<Map<string, SuggestionStateRecord>>;
  /** Dismisses a key; with `until` it is a snooze that ends then. */
  dismiss(key: string, category: SuggestionCategory, until?: string): Promise<SuggestionStateRecord>;
  /** Records that these suggestions were pushed now. */
  markPushed(entries: ReadonlyArray<{ key: string; category: SuggestionCategory }>): Promise<void>;
}

export const MAX_SUGGESTION_KEY_LENGTH = 200;
/** SQLite allows 999 bound parameters; key lists are read in chunks below that. */
const CHUNK = 500;

/** Checks the key and category of a dismissal (the same errors on every adapter). */
export function assertSuggestionKey(key: string, category: SuggestionCategory): void {
  assertText('key', key, MAX_SUGGESTION_KEY_LENGTH);
  assertEnum('category', category, SUGGESTION_CATEGORIES);
}

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

/** True when the key is hidden now: dismissed for good, or snoozed until later. */
export function isSuggestionHidden(state: SuggestionStateRecord | undefined, nowIsoString: string): boolean {
  if (!state) return false;
  if (state.dismissedAt) return true;
  return state.snoozeUntil !== null && state.snoozeUntil > nowIsoString;
}

