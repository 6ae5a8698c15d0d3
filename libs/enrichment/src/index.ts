/**
 * @chief-of-staff/enrichment — person enrichment (docs/enrichment.md): `enrichPerson` over six source ports, the
 * adapters from the stores and providers to those ports, the `enrich_person` tool and the inline person label.
 */

// Gathering a profile.

// Ports and section items.

// Person label.

// Adapters from the stores and providers to the ports.

// Service and tool.

export type { EnrichmentService } from './service/enrichment-service.js';
export { createEnrichmentService } from './service/create-enrichment-service.js';

export { enrichmentTools } from './tools/enrich-person-tool.js';

