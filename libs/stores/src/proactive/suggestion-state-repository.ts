/**
 * What the user did with proactive suggestions, by the suggestion's stable key (`<category>:<entity id>`):
 * dismissed for good, snoozed until a time, and when it was last pushed. Kept apart from facts, so dismissing a
 * suggestion never changes what is remembered.
 */
import { SUGGESTION_CATEGORIES, type SuggestionCategory } from '../db/enums.js';
import { assertEnum, assertText } from '../db/validation.js';

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

/** Checks the key and category of a dismissal (the same errors on every adapter). */
export function assertSuggestionKey(key: string, category: SuggestionCategory): void {
  assertText('key', key, MAX_SUGGESTION_KEY_LENGTH);
  assertEnum('category', category, SUGGESTION_CATEGORIES);
}

/** True when the key is hidden now: dismissed for good, or snoozed until later. */
export function isSuggestionHidden(state: SuggestionStateRecord | undefined, nowIsoString: string): boolean {
  if (!state) return false;
  if (state.dismissedAt) return true;
  return state.snoozeUntil !== null && state.snoozeUntil > nowIsoString;
}
