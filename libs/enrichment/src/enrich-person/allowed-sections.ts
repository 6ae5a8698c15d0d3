/**
 * Which sections a caller may see (docs/enrichment.md#agents-and-capabilities): an agent caller needs, per section,
 * the capability that grants the matching read tool; a host or CLI caller sees everything. Any caller that carries an
 * explicit capability list (a scheduled or webhook-triggered run acting for an agent) is held to it too — never wider
 * than granted.
 */
import type { ToolCaller } from '@chief-of-staff/core';
import { ENRICHMENT_SECTIONS, SECTION_CAPABILITIES, type EnrichmentSection } from './sections.js';

export function allowedSections(caller: ToolCaller): EnrichmentSection[] {
  if (caller.kind !== 'agent' && caller.capabilities === undefined) return [...ENRICHMENT_SECTIONS];
  const granted = new Set(caller.capabilities ?? []);
  return ENRICHMENT_SECTIONS.filter((section) => granted.has(SECTION_CAPABILITIES[section]));
}
