/**
 * @chief-of-staff/enrichment — person enrichment (SPEC §6): `enrichPerson` over six source ports, the adapters
 * from the stores and providers to those ports, the `enrich_person` tool and the inline person label.
 */

// Gathering a profile.
export { communicationsWindow, DEFAULT_SOURCE_TIMEOUT_MS, enrichPerson } from './enrich-person/enrich-person.js';
export type { EnrichPersonDeps, EnrichPersonOptions } from './enrich-person/enrich-person.js';
export {
  DAYS_BACK_DEFAULT,
  DAYS_BACK_MAX,
  enrichPersonInputSchema,
  enrichPersonResultSchema,
  NAME_MAX_CHARS,
  parseEnrichPersonInput,
  sourceReportSchema,
} from './enrich-person/enrich-person-schemas.js';
export type {
  EnrichPersonInput,
  EnrichPersonRequest,
  EnrichPersonResult,
  SourceReport,
} from './enrich-person/enrich-person-schemas.js';
export {
  ENRICHMENT_SECTIONS,
  MESSAGE_TEXT_MAX_CHARS,
  SECTION_CAPABILITIES,
  SECTION_ITEM_CAP,
  SOURCE_STATUSES,
} from './enrich-person/sections.js';
export type { EnrichmentSection, SourceStatus } from './enrich-person/sections.js';
export { allowedSections } from './enrich-person/allowed-sections.js';
export { MAX_CANONICAL_NAMES, resolvePerson, unresolvedPerson } from './enrich-person/resolve-person.js';
export type { Resolution } from './enrich-person/resolve-person.js';
export { sourceUnavailable } from './enrich-person/source-errors.js';

// Ports and section items.
export type {
  EnrichmentSources,
  IdentitiesSource,
  IdentitiesSourceRequest,
  PersonSource,
  PersonSourceRequest,
  ResolvedPerson,
  TimeWindow,
} from './enrich-person/source-ports.js';
export {
  decisionItemSchema,
  delegationItemSchema,
  emailItemSchema,
  factItemSchema,
  identityItemSchema,
  messageItemSchema,
} from './enrich-person/section-items.js';
export type {
  DecisionItem,
  DelegationItem,
  EmailItem,
  FactItem,
  IdentityItem,
  MessageItem,
} from './enrich-person/section-items.js';

// Person label.
export { formatPersonLabel, personFactKey } from './person-label/format-person-label.js';
export type { PersonLabelParts } from './person-label/format-person-label.js';
export { personLabel } from './person-label/person-label.js';
export type { PersonLabelOptions } from './person-label/person-label.js';

// Adapters from the stores and providers to the ports.
export { createStoreSources } from './sources/store-sources.js';
export type { EnrichmentProviders, StoreSources } from './sources/store-sources.js';
export { createIdentitiesSource } from './sources/identities-source.js';
export { createFactsSource } from './sources/facts-source.js';
export type { FactsSourceMemory, FactsSourceOptions } from './sources/facts-source.js';
export { createDelegationsSource } from './sources/delegations-source.js';
export { createDecisionsSource } from './sources/decisions-source.js';
export { createMessagesSource } from './sources/messages-source.js';
export { createMailSource } from './sources/mail-source.js';

// Service and tool.
export { enrichmentServiceFromSources } from './service/enrichment-service.js';
export type { EnrichmentService } from './service/enrichment-service.js';
export { createEnrichmentService } from './service/create-enrichment-service.js';
export type { CreateEnrichmentServiceOptions } from './service/create-enrichment-service.js';
export { enrichmentTools, enrichPersonTool } from './tools/enrich-person-tool.js';
export type { EnrichPersonToolServices } from './tools/enrich-person-tool.js';
