/**
 * The enrichment service: what the `enrich_person` tool and the `cos enrich` command call, under the services key
 * `enrichment`. It binds `enrichPerson` and `personLabel` to one set of sources and one timeout.
 */
import { enrichPerson, type EnrichPersonDeps, type EnrichPersonOptions } from '../enrich-person/enrich-person.js';
import type { EnrichPersonInput, EnrichPersonResult } from '../enrich-person/enrich-person-schemas.js';
import { personLabel, type PersonLabelOptions } from '../person-label/person-label.js';

export interface EnrichmentService {
  /** Validates the input (INVALID_ARGUMENT on failure) and gathers the profile; never fails otherwise. */
  enrich(input: EnrichPersonInput, options?: EnrichPersonOptions): Promise<EnrichPersonResult>;
  /** The inline label for a person, e.g. "Jane Smith — VP Engineering"; the name itself when unknown. */
  personLabel(name: string, options?: PersonLabelOptions): Promise<string>;
}

export function enrichmentServiceFromSources(deps: EnrichPersonDeps): EnrichmentService {
  return {
    enrich: (input, options) => enrichPerson(deps, input, options),
    personLabel: (name, options) => personLabel(deps, name, options),
  };
}
