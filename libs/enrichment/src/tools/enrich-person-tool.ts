/**
 * The `enrich_person` tool (docs/reference/tool-catalogue.md#skills-telemetry-orchestration-and-enrichment,
 * docs/enrichment.md): one read-only call that returns a person's identities, facts, delegations, decisions and
 * recent messages and email, gathered in parallel. Sections the caller may not read are skipped, per the caller's
 * capabilities.
 */
import { defineTool, type ToolContext } from '@chief-of-staff/core';
import { allowedSections } from '../enrich-person/allowed-sections.js';
import { enrichPersonInputSchema, enrichPersonResultSchema } from '../enrich-person/enrich-person-schemas.js';
import { ENRICHMENT_SECTIONS } from '../enrich-person/sections.js';
import type { EnrichmentService } from '../service/enrichment-service.js';
import { ENRICH_PERSON_EXAMPLES } from './enrich-person-tool.examples.js';

export interface EnrichPersonToolServices {
  enrichment: EnrichmentService;
}

export const enrichPersonTool = defineTool({
  name: 'enrich_person',
  examples: ENRICH_PERSON_EXAMPLES,
  title: 'Enrich person',
  description:
    'Builds a profile of one person in a single call: linked identities, ranked facts, delegations to them, ' +
    'decisions that mention them, and their recent messages and emails (last `days_back` days), fetched in ' +
    'parallel. Use it before writing about, meeting or messaging someone instead of calling the memory, ' +
    'delegation, decision, message and mail tools one by one. Empty or unavailable sections are omitted; ' +
    '`sources` says what each source did and `label` is a short "Name — role" for inline use. ' +
    'When the name fits several people (e.g. "Tom"), `candidates` lists them and no profile comes back: ask which ' +
    'one is meant and call again with its canonical_name. ' +
    'Example: {"name": "Jane Smith", "days_back": 14}.',
  input: enrichPersonInputSchema,
  output: enrichPersonResultSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  latency: 'medium',
  handler: async (input, ctx: ToolContext<EnrichPersonToolServices>) => {
    let settled = 0;
    return ctx.services.enrichment.enrich(input, {
      now: ctx.clock.now(),
      signal: ctx.signal,
      sections: allowedSections(ctx.caller),
      onSourceDone: (section, report) => {
        settled += 1;
        ctx.progress(`${section}: ${report.status}`, settled / ENRICHMENT_SECTIONS.length);
      },
    });
  },
});

/** The enrichment tool group. */
export const enrichmentTools = [enrichPersonTool] as const;
