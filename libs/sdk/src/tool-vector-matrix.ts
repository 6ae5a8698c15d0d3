/**
 * The tool vectors as one contiguous matrix, and a request's similarity to every tool computed whole: one pass of dot
 * products over the rows, then a look-up per tool. At 2,000 tools a call compares the request with every tool; a map
 * of per-tool vector objects and a product per look-up made that the largest part of a `tool_search` call
 * (docs/adr/0094). Values are those of the per-tool cosine, bit for bit: the same products in the same order, divided
 * by the same norms.
 */
import { toolSimilarity } from '@chief-of-staff/orchestration';

/** Cosine similarity of the request to one tool; undefined while that tool has no vector. */
export type SemanticSimilarity = (tool: string) => number | undefined;

/** A tool's vectors: its description's, and the unit-length centroid of its examples when it has some. */
export interface ToolVectorRow {
  description: Float32Array;
  examples?: Float32Array;
}

export interface ToolVectorMatrix {
  /** Tools in the matrix. */
  readonly size: number;
  /** The request's similarity to every tool, computed in one pass; undefined for a request vector of no length. */
  similarity(query: Float32Array): SemanticSimilarity | undefined;
}

function norm(vector: Float32Array, offset = 0, length = vector.length): number {
  let sum = 0;
  for (let i = offset; i < offset + length; i++) sum += (vector[i] as number) * (vector[i] as number);
  return Math.sqrt(sum);
}

/** Four running sums, as independent sums pipeline better; the order of the products is the per-tool cosine's. */
function dotAt(query: Float32Array, matrix: Float32Array, offset: number): number {
  const length = query.length;
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = 0;
  for (; i + 3 < length; i += 4) {
    a += (query[i] as number) * (matrix[offset + i] as number);
    b += (query[i + 1] as number) * (matrix[offset + i + 1] as number);
    c += (query[i + 2] as number) * (matrix[offset + i + 2] as number);
    d += (query[i + 3] as number) * (matrix[offset + i + 3] as number);
  }
  for (; i < length; i++) a += (query[i] as number) * (matrix[offset + i] as number);
  return a + b + c + d;
}

/**
 * Packs the tools whose description vector has a length (and the dimension of the first one) into one matrix:
 * description rows first, in the tools' order, then the example centroids. A centroid is of unit length, so its norm
 * is taken as 1, as the per-tool comparison took it.
 */
export function toolVectorMatrix(tools: ReadonlyMap<string, ToolVectorRow>): ToolVectorMatrix {
  const first = tools.values().next().value as ToolVectorRow | undefined;
  const dims = first?.description.length ?? 0;
  const names: string[] = [];
  const kept: ToolVectorRow[] = [];
  let exampled = 0;
  for (const [name, row] of tools) {
    if (row.description.length !== dims || (row.examples && row.examples.length !== dims) || norm(row.description) === 0) continue;
    names.push(name);
    kept.push(row);
    if (row.examples) exampled += 1;
  }
  const count = kept.length;
  const vectors = new Float32Array((count + exampled) * dims);
  const norms = new Float64Array(count + exampled);
  // Per tool, the row of its examples' centroid, or -1.
  const exampleRow = new Int32Array(count).fill(-1);
  let next = count;
  kept.forEach((row, index) => {
    vectors.set(row.description, index * dims);
    norms[index] = norm(row.description);
    if (row.examples) {
      vectors.set(row.examples, next * dims);
      norms[next] = 1;
      exampleRow[index] = next++;
    }
  });
  const rowOf = new Map(names.map((name, index) => [name, index] as const));
  return {
    size: count,
    similarity(query) {
      const queryNorm = norm(query);
      if (queryNorm === 0 || query.length !== dims) return undefined;
      const similarities = new Float64Array(count);
      for (let index = 0; index < count; index++) {
        const description = dotAt(query, vectors, index * dims) / (queryNorm * (norms[index] as number));
        const examples = exampleRow[index] as number;
        similarities[index] = toolSimilarity(description, examples < 0 ? undefined : dotAt(query, vectors, examples * dims) / (queryNorm * (norms[examples] as number))) as number;
      }
      return (tool) => {
        const index = rowOf.get(tool);
        return index === undefined ? undefined : similarities[index];
      };
    },
  };
}
