/**
 * How a request's similarity to one tool is read from its vectors: the tool's description, and the centroid of its
 * example requests (one prototype vector, so a call pays two products per tool however many examples there are). The
 * centroid is compared a little discounted, since request-to-request similarity runs higher than
 * request-to-description similarity for the same fit; the closer of the two counts (see docs/adr/0050 for the
 * figures). A tool with no vector yet has no similarity.
 */
export const EXAMPLE_SIMILARITY = {
  /** Subtracted from the examples' cosine before it is compared with the description's. */
  discount: 0.1,
};

export function toolSimilarity(description: number | undefined, examples: number | undefined): number | undefined {
  if (examples === undefined) return description;
  const fromExamples = examples - EXAMPLE_SIMILARITY.discount;
  return description === undefined ? fromExamples : Math.max(description, fromExamples);
}

/** The unit-length mean of the example vectors (each taken at unit length), or undefined without examples. */
export function exampleCentroid(vectors: readonly Float32Array[]): Float32Array | undefined {
  const [first] = vectors;
  if (!first) return undefined;
  const sum = new Float32Array(first.length);
  for (const vector of vectors) {
    let size = 0;
    for (let i = 0; i < vector.length; i++) size += (vector[i] as number) ** 2;
    const scale = size > 0 ? 1 / Math.sqrt(size) : 0;
    for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] as number) + (vector[i] as number) * scale;
  }
  let size = 0;
  for (let i = 0; i < sum.length; i++) size += (sum[i] as number) ** 2;
  if (size === 0) return undefined;
  const scale = 1 / Math.sqrt(size);
  for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] as number) * scale;
  return sum;
}
