/**
 * Identities from the memory store (docs/enrichment.md#where-each-section-comes-from): `search_identity(name)`, then
 * every identity that shares a matched canonical name, so a match on one handle brings the person's other handles
 * with it.
 */
import type { IdentitiesRepository, IdentityRecord } from '@chief-of-staff/stores';
import { foldCase } from '@chief-of-staff/stores';
import { MAX_CANONICAL_NAMES } from '../enrich-person/resolve-person.js';
import type { IdentitiesSource } from '../enrich-person/source-ports.js';
import type { IdentityItem } from '../enrich-person/section-items.js';

/** Matches looked at to find the canonical names (the search's own maximum page). */
const SEARCH_LIMIT = 100;

export function toIdentityItem(record: IdentityRecord): IdentityItem {
  return {
    provider: record.provider,
    provider_id: record.providerId,
    email: record.email,
    display_name: record.displayName,
    canonical_name: record.canonicalName,
  };
}

export function createIdentitiesSource(identities: Pick<IdentitiesRepository, 'search' | 'listByCanonicalName'>): IdentitiesSource {
  return async ({ name, signal }) => {
    const matches = identities.search({ query: name }, { limit: SEARCH_LIMIT }).items;
    // The search orders exact canonical matches first, so the first names seen are the best ones.
    const canonicalNames: string[] = [];
    for (const match of matches) {
      if (canonicalNames.length === MAX_CANONICAL_NAMES) break;
      if (!canonicalNames.some((known) => foldCase(known) === foldCase(match.canonicalName))) canonicalNames.push(match.canonicalName);
    }
    signal.throwIfAborted();
    return canonicalNames.flatMap((canonical) => identities.listByCanonicalName(canonical)).map(toIdentityItem);
  };
}
