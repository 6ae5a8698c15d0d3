/**
 * `createEnrichmentService`: the enrichment service over the real memory store and provider registry, configured
 * from `enrichment.sourceTimeoutMs`, `facts.halfLifeDays` and `search.rrfK`. This is what the composition root
 * puts under the `enrichment` services key.
 */
import type { CosConfig, Logger } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import { createStoreSources, type EnrichmentProviders } from '../sources/store-sources.js';
import { enrichmentServiceFromSources, type EnrichmentService } from './enrichment-service.js';

export interface CreateEnrichmentServiceOptions {
  memory: MemoryStore;
  /** The provider registry; without it (or with mail/messages off) those sections are `unavailable`. */
  providers?: EnrichmentProviders | undefined;
  config?: Pick<CosConfig, 'enrichment' | 'facts' | 'search'> | undefined;
  /** Overrides `enrichment.sourceTimeoutMs`. */
  sourceTimeoutMs?: number | undefined;
  logger?: Logger | undefined;
}

export function createEnrichmentService(options: CreateEnrichmentServiceOptions): EnrichmentService {
  const { memory, config } = options;
  const sources = createStoreSources(memory, options.providers, {
    halfLifeDays: config?.facts.halfLifeDays,
    rrfK: config?.search.rrfK,
  });
  return enrichmentServiceFromSources({
    ...sources,
    sourceTimeoutMs: options.sourceTimeoutMs ?? config?.enrichment.sourceTimeoutMs,
    clock: memory.clock,
    logger: options.logger ?? memory.logger,
  });
}
