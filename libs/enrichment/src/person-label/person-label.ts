/**
 * `personLabel(name)` (docs/enrichment.md#what-comes-back): the inline label for a person, e.g. "Jane Smith — VP
 * Engineering", built from the same identity and fact sources as `enrich_person` so the two never disagree. Unknown
 * people keep their name.
 */
import { enrichPerson, type EnrichPersonDeps } from '../enrich-person/enrich-person.js';

export interface PersonLabelOptions {
  signal?: AbortSignal | undefined;
}

export async function personLabel(deps: EnrichPersonDeps, name: string, options: PersonLabelOptions = {}): Promise<string> {
  const result = await enrichPerson(deps, { name }, { signal: options.signal, sections: ['identities', 'facts'] });
  return result.label;
}
