/**
 * Identities from the memory store (docs/enrichment.md#where-each-section-comes-from): `search_identity(name)`, then
 * every identity that shares a matched canonical name, so a match on one handle brings the person's other handles
 * with it. Up to one more canonical name than there are candidates is looked at, the best-fitting ones first, so
 * resolution can tell one person from several and say when there are more than it shows.
 */
import { foldCase } from '@chief-of-staff/core';
import type { IdentitiesRepository, IdentityRecord } from '@chief-of-staff/stores';
import { MAX_CANDIDATES } from '../enrich-person/resolve-person.js';
import type { IdentitiesSource } from '../enrich-person/source-ports.js';
import type { IdentityItem } from '../enrich-person/section-items.js';
import { identityMatchStrength } from './person-matching.js';

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
    const found = (await identities.search({ query: name }, { limit: SEARCH_LIMIT })).items.map(toIdentityItem);
    // Best fit first (a stable sort keeps the search's own order within a fit), so an exact handle is never cut.
    const matches = found
      .map((item) => ({ item, strength: identityMatchStrength(name, item) }))
      .sort((a, b) => b.strength - a.strength)
      .map(({ item }) => item.canonical_name);
    const canonicalNames: string[] = [];
    for (const match of matches) {
      if (canonicalNames.length > MAX_CANDIDATES) break;
      if (!canonicalNames.some((known) => foldCase(known) === foldCase(match))) canonicalNames.push(match);
    }
    signal.throwIfAborted();
    const records: IdentityRecord[] = [];
    for (const canonical of canonicalNames) records.push(...(await identities.listByCanonicalName(canonical)));
    return records.map(toIdentityItem);
  };
}
