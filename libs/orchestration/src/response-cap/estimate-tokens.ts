/** The response-size estimate of SPEC §1.5: tokens ≈ characters of the compact JSON / 4, rounded up. */

/** The cap when configuration says nothing (`responses.maxTokens`). */
export const DEFAULT_MAX_RESPONSE_TOKENS = 25_000;

export const CHARS_PER_TOKEN = 4;

export function estimateJsonTokens(value: unknown): number {
  const json = JSON.stringify(value) ?? '';
  return Math.ceil(json.length / CHARS_PER_TOKEN);
}
