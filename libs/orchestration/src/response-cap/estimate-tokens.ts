/**
 * The response-size estimate of docs/reference/conventions.md#pagination-and-size-caps: tokens ≈ characters of the
 * compact JSON / 4, rounded up.
 */

/** The cap when configuration says nothing (`responses.maxTokens`). */
export const DEFAULT_MAX_RESPONSE_TOKENS = 25_000;

export const CHARS_PER_TOKEN = 4;

export function estimateJsonTokens(value: unknown): number {
  const json = JSON.stringify(value) ?? '';
  return Math.ceil(json.length / CHARS_PER_TOKEN);
}
