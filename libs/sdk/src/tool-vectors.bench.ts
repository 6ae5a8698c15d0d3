/**
 * What the semantic half of tool selection costs: embedding 300 tool descriptions from nothing (the background pass of
 * a first start beside a large external server; the built-in catalogue, then its descriptions again under other
 * server names and reworded, so every text is new), reading them back from the cache (what every later start does),
 * and the per-call similarity over 500 tools with the request's vector at hand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import { WorkerPoolEmbedder } from '@chief-of-staff/documents';
import { builtInToolGroups } from './tool-groups.js';
import { createToolVectorIndex, type ToolDescriptionText, type ToolVectorIndex } from './tool-vectors.js';

const TOOLS = 300;
const dir = mkdtempSync(join(tmpdir(), 'cos-bench-tool-vectors-'));
const file = join(dir, 'tool-vectors', 'use-lite.json');
let embedder: WorkerPoolEmbedder | undefined;
let coldMs = Number.NaN;
let atHand: ToolVectorIndex | undefined;
let names: string[] = [];
const REQUEST = 'every weekday at 7:30 send me a briefing';

function catalogueOf(size: number): ToolDescriptionText[] {
  const builtIn = builtInToolGroups().flatMap((group) => group.tools.map((tool) => ({ name: tool.name, title: tool.title, description: tool.description })));
  const tools: ToolDescriptionText[] = [];
  for (let round = 0; tools.length < size; round++) {
    for (const tool of builtIn) {
      if (tools.length >= size) break;
      const sentences = tool.description.split(/(?<=\.)\s+/);
      tools.push(round === 0 ? tool : { name: `server${round}__${tool.name}`, title: tool.title, description: [...sentences.slice(round % sentences.length), ...sentences.slice(0, round % sentences.length)].join(' ') });
    }
  }
  return tools;
}

function indexOver(tools: readonly ToolDescriptionText[]): ToolVectorIndex {
  embedder ??= new WorkerPoolEmbedder();
  return createToolVectorIndex({ embedder, file, tools: () => tools, logger: createSilentLogger() });
}

export const benchmarks = [
  {
    name: `tool vectors: embed ${TOOLS} tool descriptions from nothing (background pass, model load included)`,
    fn: async () => {
      rmSync(file, { force: true });
      const started = performance.now();
      const status = await indexOver(catalogueOf(TOOLS)).refresh();
      coldMs = performance.now() - started;
      if (status.computed !== TOOLS) throw new Error(`computed ${status.computed} of ${TOOLS}: ${status.problem ?? ''}`);
    },
    iterations: 1,
    time: 0,
    metrics: () => ({ descriptionsPerSecond: TOOLS / (coldMs / 1000) }),
  },
  {
    name: `tool vectors: a restart reads ${TOOLS} cached vectors (nothing embedded)`,
    fn: async () => {
      const status = await indexOver(catalogueOf(TOOLS)).refresh();
      if (status.computed !== 0) throw new Error('a restart embedded again');
    },
    iterations: 20,
    time: 0,
  },
  {
    name: 'tool vectors: similarity of one request to 500 tools, its vector at hand',
    setup: async () => {
      const tools = catalogueOf(500);
      names = tools.map((tool) => tool.name);
      atHand = indexOver(tools);
      await atHand.refresh();
      if (!(await atHand.similarity(REQUEST, 10_000))) throw new Error('no similarity');
    },
    fn: () => {
      // A fresh provider, as each call gets: nothing memoised from the last one.
      const similarity = atHand?.similarityAtHand(REQUEST);
      let sum = 0;
      for (const name of names) sum += similarity?.(name) ?? 0;
      return sum;
    },
    iterations: 200,
    teardown: async () => {
      await embedder?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  },
];
