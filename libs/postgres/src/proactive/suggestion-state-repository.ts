/**
 * Suggestion state on PostgreSQL: the same `SuggestionStateRepository` port, records and errors as the SQLite adapter
 * of `@chief-of-staff/stores`, checked by the same contract suite (ADR 0065). Every write is an upsert on the key,
 * so concurrent pushes and dismissals of one suggestion keep one row and each keeps what the other set.
 */
import { sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { SuggestionCategory, SuggestionStateRecord, SuggestionStateRepository } from '@chief-of-staff/stores';
import { assertSuggestionKey, nowIso } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { holdsNul, refuseNulCharacters } from '../nul-characters.js';
import { suggestionState } from '../schema/proactive.js';
import { rowColumns } from '../row-columns.js';

type StateChanges = Partial<Pick<SuggestionStateRecord, 'dismissedAt' | 'snoozeUntil' | 'lastPushedAt'>>;

export function createPostgresSuggestionStateRepository(database: PostgresDatabase, clock: Clock): SuggestionStateRepository {
  const { db } = database;
  const upsert = async (entries: ReadonlyArray<{ key: string; category: SuggestionCategory }>, changes: StateChanges): Promise<SuggestionStateRecord[]> => {
    const now = nowIso(clock);
    const rows = await db
      .insert(suggestionState)
      .values(entries.map(({ key, category }) => ({ key, category, ...changes, createdAt: now, updatedAt: now })))
      .onConflictDoUpdate({ target: [suggestionState.key, suggestionState.principalId], set: { ...changes, updatedAt: now } })
      .returning(rowColumns(suggestionState));
    return rows as SuggestionStateRecord[];
  };

  return {
    async getMany(keys) {
      const found = new Map<string, SuggestionStateRecord>();
      const readable = [...new Set(keys)].filter((key) => !holdsNul(key));
      if (readable.length === 0) return found;
      // One array parameter, however many keys (SQLite reads them in chunks under its parameter limit).
      const rows = await db
        .select(rowColumns(suggestionState))
        .from(suggestionState)
        .where(sql`${suggestionState.key} = ANY(${sql.param(readable)}::text[])`);
      for (const row of rows) found.set(row.key, row as SuggestionStateRecord);
      return found;
    },

    async dismiss(key, category, until) {
      assertSuggestionKey(key, category);
      refuseNulCharacters({ key, until });
      const changes = until === undefined ? { dismissedAt: nowIso(clock), snoozeUntil: null } : { dismissedAt: null, snoozeUntil: until };
      const [row] = await upsert([{ key, category }], changes);
      if (row === undefined) throw new Error(`suggestion state ${key} upsert returned no row`);
      return row;
    },

    async markPushed(entries) {
      // One statement may not update a row twice: a key listed again is already pushed by its first entry, whose
      // category a new row keeps (as SQLite's one upsert per entry does).
      const firstOfKey = new Map<string, { key: string; category: SuggestionCategory }>();
      for (const entry of entries) {
        refuseNulCharacters({ key: entry.key });
        if (!firstOfKey.has(entry.key)) firstOfKey.set(entry.key, entry);
      }
      if (firstOfKey.size === 0) return;
      await upsert([...firstOfKey.values()], { lastPushedAt: nowIso(clock) });
    },
  };
}
