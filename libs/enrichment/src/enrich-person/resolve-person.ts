/**
 * Identity resolution (docs/enrichment.md#where-each-section-comes-from): from the identities that match a name, the
 * person's search terms — the input name, at most three canonical names, their display names, emails and provider
 * ids. Comparison is by Unicode case folding, so "JANE smith" and "Jane Smith" are one term.
 */
import { foldCase } from '@chief-of-staff/stores';
import type { ResolvedPerson } from './source-ports.js';
import type { IdentityItem } from './section-items.js';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** At most this many distinct canonical names feed the search terms. */
export const MAX_CANONICAL_NAMES = 3;

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

export interface Resolution {
  person: ResolvedPerson;
  /** The identities of the chosen canonical names, in section order. */
  identities: IdentityItem[];
}

export function resolvePerson(query: string, found: readonly IdentityItem[]): Resolution {
  const ordered = [...found].sort(compareIdentities(query));
  const canonicalNames = distinct(ordered.map((identity) => identity.canonical_name)).slice(0, MAX_CANONICAL_NAMES);
  const chosen = new Set(canonicalNames.map(foldCase));
  const identities = ordered.filter((identity) => chosen.has(foldCase(identity.canonical_name.trim())));
  const displayNames = distinct(identities.map((identity) => identity.display_name));
  // An email-shaped provider id (email providers, iMessage by address) is an address too.
  const emails = distinct(
    identities.flatMap((identity) => [identity.email, EMAIL_SHAPE.test(identity.provider_id) ? identity.provider_id : null]),
  ).map((email) => email.toLowerCase());
  const emailSet = new Set(emails.map(foldCase));
  const handles = distinct(identities.map((identity) => identity.provider_id)).filter(
    (handle) => !emailSet.has(foldCase(handle)),
  );
  return {
    person: {
      query,
      canonicalNames,
      displayNames,
      names: distinct([query, ...canonicalNames, ...displayNames]),
      emails,
      handles,
    },
    identities,
  };
}
