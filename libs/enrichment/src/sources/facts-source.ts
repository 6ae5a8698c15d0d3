/**
 * Facts from the memory store: the ranked `query_memory` search with the name as query (no MMR) — the store's
 * own ranking, never a second one — kept only where the fact mentions the person (a name, an alias, an email or a
 * handle), merged with every fact keyed `person.<canonical>.*`, which count as fully relevant and are scored by the
 * same function. A name nobody stored yields no facts.
 */
import { foldCase } from '@chief-of-staff/core';
import { compareScored, DEFAULT_HALF_LIFE_DAYS, round4, scoreFacts, searchFacts, type FactRecord, type MemoryStore, type ScoredFact } from '@chief-of-staff/stores';
import { SECTION_ITEM_CAP } from '../enrich-person/sections.js';
import { mentionsAnyName } from './person-matching.js';
import { personFactKey } from '../person-label/format-person-label.js';
import type { PersonSource } from '../enrich-person/source-ports.js';
import type { FactItem } from '../enrich-person/section-items.js';

/** Person facts looked at per canonical name. */
const PERSON_FACTS_LIMIT = 200;

export interface FactsSourceOptions {
  /** `facts.halfLifeDays`. */
  halfLifeDays?: number | undefined;
  /** `search.rrfK`. */
  rrfK?: number | undefined;
}

export type FactsSourceMemory = Pick<MemoryStore, 'facts' | 'factVectors' | 'clock' | 'logger'>;

function toFactItem(fact: FactRecord, score: number): FactItem {
  return { category: fact.category, key: fact.key, value: fact.value, confidence: fact.confidence, score };
}

/**
 * Facts keyed `person.<canonical>.*`, the canonical name matched case-insensitively. The store's substring
 * candidates come from its trigram index, where a key-prefix listing would scan every fact.
 */
async function personFactsOf(memory: FactsSourceMemory, canonical: string): Promise<FactRecord[]> {
  const prefix = personFactKey(canonical, '');
  const ids = await memory.facts.substringCandidates(prefix, { limit: PERSON_FACTS_LIMIT });
  const folded = foldCase(prefix);
  return (await memory.facts.getMany(ids)).filter((fact) => foldCase(fact.key).startsWith(folded));
}

export function createFactsSource(memory: FactsSourceMemory, options: FactsSourceOptions = {}): PersonSource<FactItem> {
  const halfLifeDays = options.halfLifeDays ?? DEFAULT_HALF_LIFE_DAYS;
  return async ({ name, person, signal }) => {
    // The ranked search needs only the name, so it runs while identities are still resolving.
    const ranked = await searchFacts(
      { facts: memory.facts, vectors: memory.factVectors, clock: memory.clock, logger: memory.logger },
      { query: name, halfLifeDays, ...(options.rrfK === undefined ? {} : { rrfK: options.rrfK }) },
      { limit: SECTION_ITEM_CAP },
    );
    const { canonicalNames, names: personNames, emails, handles } = await person;
    signal.throwIfAborted();
    // A ranked match counts only when the fact names the person: semantic recall also returns facts that are merely
    // near the name (another person's, or anything at all for a name nobody stored).
    const mentions = [...personNames, ...emails, ...handles];
    const aboutPerson = ranked.items.filter((item) => mentionsAnyName(`${item.fact.key} ${item.fact.value}`, mentions));
    // No linked identity yet: facts keyed by the name as given (`person.Dana Reed.role`) are still this person's.
    const names = canonicalNames.length > 0 ? canonicalNames : [name.trim()];
    const personFacts: FactRecord[] = [];
    for (const canonical of names) personFacts.push(...(await personFactsOf(memory, canonical)));
    const fullyRelevant = scoreFacts(personFacts, new Map(personFacts.map((fact) => [fact.id, 1])), {
      now: memory.clock.now(),
      halfLifeDays,
    });

    // One entry per fact, keeping its better score; then the order of docs/reference/algorithms.md#fact-ranking
    // (score, updated_at, id).
    const merged = new Map<number, ScoredFact<FactRecord>>();
    for (const entry of [
      ...aboutPerson.map((item) => ({ fact: item.fact, relevance: item.relevance, decay: 1, score: item.score })),
      ...fullyRelevant.map((entry) => ({ ...entry, score: round4(entry.score) })),
    ]) {
      const known = merged.get(entry.fact.id);
      if (!known || entry.score > known.score) merged.set(entry.fact.id, entry);
    }
    return [...merged.values()].sort(compareScored).map((entry) => toFactItem(entry.fact, entry.score));
  };
}
