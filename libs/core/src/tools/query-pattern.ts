/**
 * The query pattern recorded for each tool call (docs/reference/conventions.md#usage-tracking): the first non-empty
 * string among well-known argument keys, trimmed to 100 characters. Content-bearing keys are never used, so message
 * bodies and fact values never reach the usage log.
 */
const PATTERN_KEYS = [
  'query',
  'name',
  'title',
  'task',
  'canonical_name',
  'tool_name',
  'agent_name',
  'calendar',
  'mailbox',
  'list',
  'namespace',
  'source',
] as const;

export function queryPatternOf(args: unknown): string {
  if (typeof args !== 'object' || args === null) return 'auto';
  const record = args as Record<string, unknown>;
  for (const key of PATTERN_KEYS) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 100);
  }
  return 'auto';
}
