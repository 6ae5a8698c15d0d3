/**
 * Facts from the memory store (SPEC §6): the §4.1 ranked search with the name as query (no MMR) — the store's
 * own ranking, never a second one — merged with every fact keyed `person.<canonical>.*`, which count as fully
 * relevant and are scored by the same function.
 */
import {
  compareScored,
  DEFAULT_HALF_LIFE_DAYS,
  round4,
  scoreFacts,
  searchFacts,
  type FactRecord,
  type MemoryStore,
  type ScoredFact,
} from '@chief-of-staff/stores';
import { SECTION_ITEM_CAP } from '../enrich-person/sections.js';
import { personFactKey } from '../person-label/format-person-label.js';
import type { PersonSource } from '../enrich-person/source-ports.js';
import type { FactItem } from '../enrich-person/section-items.js';

/** Facts kept per person prefix (the listing's maximum page). */
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

export function createFactsSource(memory: FactsSourceMemory, options: FactsSourceOptions = {}): PersonSource<FactItem> {
  const halfLifeDays = options.halfLifeDays ?? DEFAULT_HALF_LIFE_DAYS;
  return async ({ name, person, signal }) => {
    // The ranked search needs only the name, so it runs while identities are still resolving.
    const ranked = await searchFacts(
      { facts: memory.facts, vectors: memory.factVectors, clock: memory.clock, logger: memory.logger },
      { query: name, halfLifeDays, ...(options.rrfK === undefined ? {} : { rrfK: options.rrfK }) },
      { limit: SECTION_ITEM_CAP },
    );
    const { canonicalNames } = await person;
    signal.throwIfAborted();
    const personFacts = canonicalNames.flatMap(
      (canonical) => memory.facts.list({ prefix: personFactKey(canonical, '') }, { limit: PERSON_FACTS_LIMIT }).items,
    );
    const fullyRelevant = scoreFacts(personFacts, new Map(personFacts.map((fact) => [fact.id, 1])), {
      now: memory.clock.now(),
      halfLifeDays,
    });

    // One entry per fact, keeping its better score; then the §4.1 order (score, updated_at, id).
    const merged = new Map<number, ScoredFact<FactRecord>>();
    for (const entry of [
      ...ranked.items.map((item) => ({ fact: item.fact, relevance: item.relevance, decay: 1, score: item.score })),
      ...fullyRelevant.map((entry) => ({ ...entry, score: round4(entry.score) })),
    ]) {
      const known = merged.get(entry.fact.id);
      if (!known || entry.score > known.score) merged.set(entry.fact.id, entry);
    }
    return [...merged.values()].sort(compareScored).map((entry) => toFactItem(entry.fact, entry.score));
  };
}
