/**
 * The request-to-tool cosine similarity the scorer may fuse, computed for the benchmark up front: every tool's text
 * and every request embedded once with the configured offline embedder, vectors kept in a cache file keyed by embedder
 * and text (tools/bench/results/tool-selection-vectors.json, not committed), so only new or changed texts are embedded
 * on the next run. Mostly-Hebrew requests get no similarity: the offline embedder reads English only.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Embedder } from '@chief-of-staff/documents';
import {
  englishGlossOf,
  exampleCentroid,
  isMostlyHebrew,
  toolSimilarity,
} from '@chief-of-staff/orchestration';
import { nameWords, type SelectionCatalogueTool } from './tool-selection-catalogue.js';

/** What the scorer's `semanticSimilarity` option takes for one request. */
export type ToolSimilarity = (tool: string) => number | undefined;

export interface SemanticSource {
  /** The similarity of `query` to each tool, or undefined when the request has no vector (Hebrew, blank). */
  forQuery(query: string): ToolSimilarity | undefined;
  embedded: { tools: number; queries: number; fromCache: number };
}

/** The offline model reads about the first 128 tokens: the text is its name in words, title and description, cut. */
const MAX_WORDS = 100;

export function toolEmbeddingText(
  tool: Pick<SelectionCatalogueTool, 'name' | 'title' | 'description'>,
): string {
  const text = `${nameWords(tool.name)}. ${tool.title}. ${tool.description}`;
  return text.split(/\s+/).slice(0, MAX_WORDS).join(' ');
}

const keyOf = (embedderId: string, text: string) =>
  createHash('sha256').update(`${embedderId}\n${text}`).digest('hex');

function readCache(path: string): Map<string, Float32Array> {
  if (!existsSync(path)) return new Map();
  try {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
    return new Map(
      Object.entries(stored).map(([key, base64]) => [
        key,
        new Float32Array(new Uint8Array(Buffer.from(base64, 'base64')).buffer),
      ]),
    );
  } catch {
    // A damaged cache only costs embedding again.
    return new Map();
  }
}

function writeCache(path: string, vectors: ReadonlyMap<string, Float32Array>): void {
  mkdirSync(dirname(path), { recursive: true });
  const stored = Object.fromEntries(
    [...vectors].map(([key, vector]) => [
      key,
      Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64'),
    ]),
  );
  writeFileSync(path, JSON.stringify(stored));
}

function unit(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

/** Four running sums, as the MCP server's similarity loop: the benchmark times what a call pays. */
function dot(a: Float32Array, b: Float32Array): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < a.length; i += 4) {
    s0 += (a[i] as number) * (b[i] as number);
    s1 += (a[i + 1] as number) * (b[i + 1] as number);
    s2 += (a[i + 2] as number) * (b[i + 2] as number);
    s3 += (a[i + 3] as number) * (b[i + 3] as number);
  }
  for (; i < a.length; i += 1) s0 += (a[i] as number) * (b[i] as number);
  return s0 + s1 + s2 + s3;
}

export async function buildSemanticSource(options: {
  tools: readonly SelectionCatalogueTool[];
  queries: readonly string[];
  embedder: Embedder;
  cachePath: string;
  toolText?: (tool: SelectionCatalogueTool) => string;
  /** A tool's example requests (the registry's); the English ones are embedded beside its description. */
  examplesOf?: (tool: string) => readonly string[];
}): Promise<SemanticSource> {
  const { embedder } = options;
  const toolText = options.toolText ?? toolEmbeddingText;
  const cache = readCache(options.cachePath);
  const toolTexts = new Map(options.tools.map((tool) => [tool.name, toolText(tool)]));
  const exampleTexts = new Map(
    options.tools.map((tool) => [
      tool.name,
      (options.examplesOf?.(tool.name) ?? []).filter((example) => !isMostlyHebrew(example)),
    ]),
  );
  // A Hebrew request is compared through its English gloss (the embedder reads English only).
  const textOfQuery = (query: string): string | undefined => {
    const trimmed = query.trim();
    if (trimmed === '') return undefined;
    return isMostlyHebrew(trimmed) ? englishGlossOf(trimmed) : trimmed;
  };
  const queryTexts = [
    ...new Set(options.queries.map(textOfQuery).filter((q): q is string => q !== undefined)),
  ];
  const wanted = [
    ...new Set([...toolTexts.values(), ...[...exampleTexts.values()].flat(), ...queryTexts]),
  ];
  const missing = wanted.filter((text) => !cache.has(keyOf(embedder.id, text)));
  if (missing.length > 0) {
    const vectors = await embedder.embed(missing);
    missing.forEach((text, i) => cache.set(keyOf(embedder.id, text), vectors[i] as Float32Array));
    writeCache(options.cachePath, cache);
  }
  const vectorOf = (text: string) => unit(cache.get(keyOf(embedder.id, text)) as Float32Array);
  const toolVectors = new Map([...toolTexts].map(([name, text]) => [name, vectorOf(text)]));
  // The examples are read as one prototype: their centroid.
  const exampleVectors = new Map(
    [...exampleTexts].map(([name, texts]) => [name, exampleCentroid(texts.map(vectorOf))]),
  );
  const queryVectors = new Map(queryTexts.map((text) => [text, vectorOf(text)]));
  return {
    embedded: {
      tools: toolVectors.size,
      queries: queryVectors.size,
      fromCache: wanted.length - missing.length,
    },
    forQuery(query) {
      const text = textOfQuery(query);
      const vector = text === undefined ? undefined : queryVectors.get(text);
      if (!vector) return undefined;
      // Computed on each ask, as the server's is: a scoring asks once per tool, and a memo per request is garbage.
      return (tool) => {
        const toolVector = toolVectors.get(tool);
        if (!toolVector) return undefined;
        const examples = exampleVectors.get(tool);
        return toolSimilarity(dot(vector, toolVector), examples ? dot(vector, examples) : undefined) as number;
      };
    },
  };
}
