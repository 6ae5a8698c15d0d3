/**
 * Identity resolution (docs/enrichment.md#where-each-section-comes-from): from the identities that match a name,
 * either one person and their search terms — the canonical name, display names, emails and provider ids — or, when
 * the name fits several people equally well, those people as candidates. Two people are never merged into one
 * profile. Comparison is by Unicode case folding, so "JANE smith" and "Jane Smith" are one term.
 */
import { foldCase } from '@chief-of-staff/core';
import { identityMatchStrength } from '../sources/person-matching.js';
import type { ResolvedPerson } from './source-ports.js';
import type { IdentityItem } from './section-items.js';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** At most this many people are offered as candidates for an ambiguous name. */
export const MAX_CANDIDATES = 10;

/** Appends the values not already present (compared case-folded and trimmed), keeping first spellings. */
function distinct(values: Iterable<string | null | undefined>): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const value of values) {
    const text = value?.trim();
    if (!text) continue;
    const folded = foldCase(text);
    if (seen.has(folded)) continue;
    seen.add(folded);
    result.push(text);
  }
  return result;
}

/**
 * Identity order of docs/enrichment.md#where-each-section-comes-from: an exact (case-folded) canonical-name match
 * first, then by canonical name, then provider; the provider id breaks remaining ties so the order is total.
 */
export function compareIdentities(query: string): (a: IdentityItem, b: IdentityItem) => number {
  const folded = foldCase(query.trim());
  return (a, b) => {
    const exactA = foldCase(a.canonical_name) === folded ? 0 : 1;
    const exactB = foldCase(b.canonical_name) === folded ? 0 : 1;
    if (exactA !== exactB) return exactA - exactB;
    const byName = compareText(foldCase(a.canonical_name), foldCase(b.canonical_name));
    if (byName !== 0) return byName;
    return compareText(a.provider, b.provider) || compareText(a.provider_id, b.provider_id);
  };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The person as known by name only: what sources search for when identities are missing. */
export function unresolvedPerson(query: string): ResolvedPerson {
  return { query, canonicalNames: [], displayNames: [], names: [query], emails: [], handles: [] };
}

/** One person an ambiguous name may mean: enough to tell them apart and to ask again by full name. */
export interface PersonCandidate {
  canonical_name: string;
  /** The person's email addresses (lower-case), possibly none. */
  emails: string[];
}

export interface Resolution {
  kind: 'person';
  person: ResolvedPerson;
  /** The person's identities, in section order. */
  identities: IdentityItem[];
}

export interface Ambiguity {
  kind: 'ambiguous';
  /** The people the name fits equally well, by canonical name; at most MAX_CANDIDATES. */
  candidates: PersonCandidate[];
  /** More people than the candidates shown fit the name. */
  more: boolean;
}

function emailsOf(identities: readonly IdentityItem[]): string[] {
  // An email-shaped provider id (email providers, iMessage by address) is an address too.
  return distinct(
    identities.flatMap((identity) => [identity.email, EMAIL_SHAPE.test(identity.provider_id) ? identity.provider_id : null]),
  ).map((email) => email.toLowerCase());
}

/**
 * Picks the person a name means. Each canonical name scores its best-fitting identity (identityMatchStrength); the
 * one person with the best score is the answer, and a tie — "Tom" for Tom Becker and Tom Hardy, or two people both
 * shown as "Tom" — is an ambiguity listing the tied people.
 */
export function resolvePerson(query: string, found: readonly IdentityItem[]): Resolution | Ambiguity {
  const ordered = [...found].sort(compareIdentities(query));
  const people = new Map<string, { identities: IdentityItem[]; strength: number }>();
  for (const identity of ordered) {
    const key = foldCase(identity.canonical_name.trim());
    const entry = people.get(key) ?? { identities: [], strength: 0 };
    entry.identities.push(identity);
    entry.strength = Math.max(entry.strength, identityMatchStrength(query, identity));
    people.set(key, entry);
  }
  const best = Math.max(0, ...[...people.values()].map((entry) => entry.strength));
  const leaders = [...people.values()].filter((entry) => entry.strength === best);
  if (leaders.length > 1) {
    return {
      kind: 'ambiguous',
      candidates: leaders.slice(0, MAX_CANDIDATES).map((entry) => ({
        canonical_name: entry.identities[0]?.canonical_name.trim() ?? '',
        emails: emailsOf(entry.identities),
      })),
      more: leaders.length > MAX_CANDIDATES,
    };
  }
  const identities = leaders[0]?.identities ?? [];
  const canonicalNames = distinct(identities.map((identity) => identity.canonical_name)).slice(0, 1);
  const displayNames = distinct(identities.map((identity) => identity.display_name));
  const emails = emailsOf(identities);
  const emailSet = new Set(emails.map(foldCase));
  const handles = distinct(identities.map((identity) => identity.provider_id)).filter(
    (handle) => !emailSet.has(foldCase(handle)),
  );
  return {
    kind: 'person',
    person: {
      query,
      canonicalNames,
      displayNames,
      // The name as typed is not a term of its own: "Tom" would also find Tom Hardy's messages, or "tomorrow".
      names: distinct([...canonicalNames, ...displayNames]),
      emails,
      handles,
    },
    identities,
  };
}
