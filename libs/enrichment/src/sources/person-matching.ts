/**
 * How a handle or name seen in a message or email is matched against the person's terms: case-folded, and phone
 * numbers by their digits, since chat services spell the same number as "+1 (555) 123-4567" or "+15551234567".
 * Also how closely an identity fits the name a caller typed, which decides between one person and a question.
 */
import { foldCase } from '@chief-of-staff/core';
import type { IdentityItem } from '../enrich-person/section-items.js';

const PHONE_SHAPE = /^\+?[\d\s().-]{5,}$/;

/** The comparable form of a handle: digits for phone numbers, case-folded text otherwise. */
export function handleKey(handle: string): string {
  const text = handle.trim();
  return PHONE_SHAPE.test(text) ? `tel:${text.replace(/\D/g, '')}` : foldCase(text);
}

/** True when `text` contains any of the names (case-folded). */
export function mentionsAnyName(text: string | null | undefined, names: readonly string[]): boolean {
  if (!text) return false;
  const folded = foldCase(text);
  return names.some((name) => folded.includes(foldCase(name.trim())));
}

/**
 * How closely an identity fits a typed name: 3 when it is the canonical name, 2 when it is exactly the display name,
 * email or handle, 1 when it is only part of one of them, 0 when it is not found at all. Only the strongest fit
 * names a person: "Tom" is part of both "Tom Becker" and "Tom Hardy", so it names neither.
 */
export function identityMatchStrength(query: string, identity: IdentityItem): 0 | 1 | 2 | 3 {
  const folded = foldCase(query.trim());
  if (folded === '') return 0;
  if (foldCase(identity.canonical_name.trim()) === folded) return 3;
  const handles = [identity.display_name, identity.email, identity.provider_id].filter((value): value is string => !!value?.trim());
  const key = handleKey(query);
  if (handles.some((value) => foldCase(value.trim()) === folded || handleKey(value) === key)) return 2;
  const parts = [identity.canonical_name, ...handles];
  return parts.some((value) => foldCase(value).includes(folded)) ? 1 : 0;
}

/**
 * The names worth a substring search: a name that contains another (case-folded) is dropped, since everything
 * it would match the shorter one matches too. `["Jane Smith", "jane"]` → `["jane"]`. Order is kept.
 */
export function substringSearchTerms(names: readonly string[]): string[] {
  const shortestFirst = names
    .map((name) => ({ name, folded: foldCase(name.trim()) }))
    .filter((term) => term.folded !== '')
    .sort((a, b) => a.folded.length - b.folded.length);
  const kept: typeof shortestFirst = [];
  for (const term of shortestFirst) {
    if (!kept.some((other) => term.folded.includes(other.folded))) kept.push(term);
  }
  return kept.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name)).map((term) => term.name);
}
