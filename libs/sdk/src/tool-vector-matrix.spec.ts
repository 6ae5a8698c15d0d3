import { describe, expect, it } from '@jest/globals';
import { exampleCentroid, toolSimilarity } from '@chief-of-staff/orchestration';
import { toolVectorMatrix, type ToolVectorRow } from './tool-vector-matrix.js';

const DIMS = 37;

function randomVector(seed: number, dims = DIMS): Float32Array {
  const vector = new Float32Array(dims);
  let state = seed;
  for (let i = 0; i < dims; i++) {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    vector[i] = state / 2 ** 32 - 0.5;
  }
  return vector;
}

/** The per-tool comparison the matrix replaces: a cosine per vector, the closer of description and examples. */
function perToolSimilarity(query: Float32Array, row: ToolVectorRow): number | undefined {
  const cosine = (vector: Float32Array, size: number) => {
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    let i = 0;
    for (; i + 3 < query.length; i += 4) {
      a += (query[i] as number) * (vector[i] as number);
      b += (query[i + 1] as number) * (vector[i + 1] as number);
      c += (query[i + 2] as number) * (vector[i + 2] as number);
      d += (query[i + 3] as number) * (vector[i + 3] as number);
    }
    for (; i < query.length; i++) a += (query[i] as number) * (vector[i] as number);
    return (a + b + c + d) / (Math.sqrt(query.reduce((sum, value) => sum + value * value, 0)) * size);
  };
  const size = Math.sqrt(row.description.reduce((sum, value) => sum + value * value, 0));
  return toolSimilarity(cosine(row.description, size), row.examples ? cosine(row.examples, 1) : undefined);
}

describe('toolVectorMatrix', () => {
  const tools = new Map<string, ToolVectorRow>();
  for (let i = 0; i < 50; i++) {
    const examples = i % 3 === 0 ? exampleCentroid([randomVector(1_000 + i), randomVector(2_000 + i)]) : undefined;
    tools.set(`tool_${i}`, examples ? { description: randomVector(i + 1), examples } : { description: randomVector(i + 1) });
  }

  it('gives every tool the same similarity as comparing the request with its vectors one tool at a time', () => {
    const matrix = toolVectorMatrix(tools);
    for (const seed of [7, 8, 9]) {
      const query = randomVector(seed);
      const similarity = matrix.similarity(query);
      for (const [name, row] of tools) expect(similarity?.(name)).toBe(perToolSimilarity(query, row));
    }
  });

  it('has no similarity for a tool without a vector, and none at all for a request vector of no length or another dimension', () => {
    const matrix = toolVectorMatrix(new Map([...tools, ['blank', { description: new Float32Array(DIMS) }], ['other_model', { description: randomVector(3, DIMS + 1) }]]));
    expect(matrix.size).toBe(tools.size);
    const similarity = matrix.similarity(randomVector(11));
    expect(similarity?.('blank')).toBeUndefined();
    expect(similarity?.('other_model')).toBeUndefined();
    expect(similarity?.('not_a_tool')).toBeUndefined();
    expect(matrix.similarity(new Float32Array(DIMS))).toBeUndefined();
    expect(matrix.similarity(randomVector(11, DIMS + 1))).toBeUndefined();
  });
});
