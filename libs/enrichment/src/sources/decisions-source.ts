/**
 * Decisions from the memory store (docs/enrichment.md#where-each-section-comes-from): the decision search (title,
 * description, context, tags, owner, decided_by, case-folded substring) for each of the person's names, newest first.
 * A name that contains another is not searched separately: the shorter name's search already finds it.
 */
import type { DecisionRecord, DecisionsRepository } from '@chief-of-staff/stores';
import { SECTION_ITEM_CAP } from '../enrich-person/sections.js';
import type { PersonSource } from '../enrich-person/source-ports.js';
import type { DecisionItem } from '../enrich-person/section-items.js';
import { substringSearchTerms } from './person-matching.js';

function toDecisionItem(record: DecisionRecord): DecisionItem {
  return { title: record.title, status: record.status, created_at: record.createdAt, id: record.id };
}

export function createDecisionsSource(decisions: Pick<DecisionsRepository, 'search'>): PersonSource<DecisionItem> {
  return async ({ person, signal }) => {
    const { names } = await person;
    const items: DecisionItem[] = [];
    for (const name of substringSearchTerms(names)) {
      signal.throwIfAborted();
      // Newest first per name, so the ten newest of each suffice for the ten newest overall.
      items.push(...(await decisions.search({ query: name }, { limit: SECTION_ITEM_CAP })).items.map(toDecisionItem));
    }
    return items;
  };
}
