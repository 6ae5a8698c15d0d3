/**
 * How a request's similarity to one tool is read from its vectors: the tool's description and its example requests.
 * A request is usually closest to the example phrased most like it, and request-to-request similarity runs higher
 * than request-to-description similarity for the same fit, so the best example counts slightly discounted (see
 * docs/adr/0050 for the figures). A tool with no vector yet has no similarity.
 */
export const EXAMPLE_SIMILARITY = {
  /** Subtracted from the best example's cosine before it is compared with the description's. */
  discount: 0.05,
};

export function toolSimilarity(description: number | undefined, examples: readonly number[]): number | undefined {
  if (examples.length === 0) return description;
  let best = -1;
  for (const value of examples) if (value > best) best = value;
  const fromExamples = best - EXAMPLE_SIMILARITY.discount;
  return description === undefined ? fromExamples : Math.max(description, fromExamples);
}
