/**
 * The six sections of a person profile (docs/enrichment.md#agents-and-capabilities), the capability an agent caller
 * needs for each, and the statuses a section's source can end in. Kept in one place so the orchestrator, the output
 * schema and the capability gate can never disagree about the list.
 */

export const ENRICHMENT_SECTIONS = [
  'identities',
  'facts',
  'delegations',
  'decisions',
  'recent_messages',
  'recent_emails',
] as const;

export type EnrichmentSection = (typeof ENRICHMENT_SECTIONS)[number];

/** Most items any section returns. */
export const SECTION_ITEM_CAP = 10;

/** Longest message text returned in `recent_messages`. */
export const MESSAGE_TEXT_MAX_CHARS = 500;

/**
 * How a section's source ended: `ok` (items found), `empty` (ran, found nothing), `unavailable` (not configured or
 * the backing service is down), `error`, `timeout`, or `skipped` (the caller may not read this kind of data).
 */
export const SOURCE_STATUSES = ['ok', 'empty', 'unavailable', 'error', 'timeout', 'skipped'] as const;

export type SourceStatus = (typeof SOURCE_STATUSES)[number];

/**
 * For agent callers every section needs a capability (docs/enrichment.md#agents-and-capabilities); host callers get
 * all sections.
 */
export const SECTION_CAPABILITIES: Readonly<Record<EnrichmentSection, string>> = {
  identities: 'memory_read',
  facts: 'memory_read',
  delegations: 'delegation_read',
  decisions: 'decision_read',
  recent_messages: 'messages_read',
  recent_emails: 'mail_read',
};
