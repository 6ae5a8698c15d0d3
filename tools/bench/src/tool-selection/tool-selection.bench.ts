/**
 * `npm run bench -- tool-selection`: how well the right few tools are chosen, on every request set (the intent set,
 * the own-tools requests, the third-party requests) and split, for our scorer and for Lunr and MiniSearch indexing the
 * same catalogue in the same run. Prints the table and the goal checks and writes tools/bench/results/tool-selection.json;
 * `--check` fails when a goal is missed on a dev half. Our scorer is given the request-to-tool similarity of the offline
 * embedder (vectors cached between runs; `COS_BENCH_SEMANTIC=0` leaves it out). Also `scoreAllTools` over 500 tools of
 * the real catalogue (built-in, fake and recorded third-party tools) with recorded requests, their vectors at hand: the
 * goal is the steady state, after a process has scored its first few hundred requests; the first calls of a process
 * (code not yet optimised by V8: single calls of 4–8 ms among ~1 ms ones) are reported beside it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createToolIntelligenceRegistry, scoreAllTools } from '@chief-of-staff/orchestration';
import { percentile } from '../percentile.js';
import { requestSetsSemanticSource } from './request-sets-semantic-source.js';
import type { SemanticSource, ToolSimilarity } from './semantic-similarity.js';
import {
  evaluateToolSelection,
  flatSelectionMetrics,
  formatGoalLines,
  formatSelectionTable,
  loadRequestSets,
  type SelectionEvaluation,
} from './evaluate-tool-selection.js';
import { catalogueToolInfo, type SelectionCatalogueTool } from './tool-selection-catalogue.js';

const RESULTS = resolve(import.meta.dirname, '..', '..', 'results');
let evaluation: SelectionEvaluation | undefined;

let semantic: Promise<SemanticSource | undefined> | undefined;
/** Both benchmarks of the file share one source, built on first use. */
const semanticSource = (): Promise<SemanticSource | undefined> => (semantic ??= buildSemantic());

/** Every tool of every set's catalogue and every request, embedded (or read from the cache) once. */
async function buildSemantic(): Promise<SemanticSource | undefined> {
  if (process.env['COS_BENCH_SEMANTIC'] === '0') return undefined;
  return requestSetsSemanticSource();
}

const SPEED_TOOLS = 500;
let speed:
  | {
      names: string[];
      queries: string[];
      registry: ReturnType<typeof createToolIntelligenceRegistry>;
      semantic?: SemanticSource;
    }
  | undefined;
let next = 0;
/** Calls before the timed ones: V8 has optimised the scorer's code by then (the tail of the first 300 is its compiling). */
const WARM_UP_CALLS = 600;
/** How long each of the first calls of the process took. */
const firstCalls: number[] = [];

/** The largest catalogue on hand, cut or padded (with plain synthetic external tools) to exactly `count` tools. */
function speedCatalogue(count: number): NonNullable<typeof speed> {
  const { sets } = loadRequestSets();
  const largest = sets.reduce((a, b) => (b.catalogue.tools.length > a.catalogue.tools.length ? b : a));
  const padding: SelectionCatalogueTool[] = Array.from(
    { length: Math.max(0, count - largest.catalogue.tools.length) },
    (_, i) => ({
      name: `server${i % 40}__tool_${i}`,
      title: `Tool ${i}`,
      description: `External tool number ${i} for reports and lookups.`,
      source: 'third-party',
    }),
  );
  const tools = [...largest.catalogue.tools, ...padding].slice(0, count);
  return {
    names: tools.map((tool) => tool.name),
    queries: sets.flatMap((set) => set.requests.map((request) => request.q)),
    registry: createToolIntelligenceRegistry({
      tools: tools.map(catalogueToolInfo),
      overrides: largest.catalogue.overrides,
    }),
  };
}

export const benchmarks = [
  {
    name: 'tool-selection: recall, MRR@10 and abstention per set and split (ours, Lunr, MiniSearch)',
    async setup() {
      evaluation = evaluateToolSelection({}, { semantic: await semanticSource() });
      console.log(formatSelectionTable(evaluation));
      console.log(formatGoalLines(evaluation.goals));
      mkdirSync(RESULTS, { recursive: true });
      writeFileSync(
        join(RESULTS, 'tool-selection.json'),
        `${JSON.stringify({ generatedAt: new Date().toISOString(), ...evaluation }, null, 2)}\n`,
      );
    },
    fn: () => undefined,
    iterations: 1,
    time: 0,
    metrics: () => (evaluation ? flatSelectionMetrics(evaluation) : {}),
    goal: { metric: 'dev_goals_missed', max: 0 },
  },
  {
    name: `tool-selection: scoreAllTools over ${SPEED_TOOLS} tools of the real catalogue`,
    async setup() {
      const source = await semanticSource();
      speed = { ...speedCatalogue(SPEED_TOOLS), ...(source ? { semantic: source } : {}) };
    },
    fn: (run?: { warmup: boolean }) => {
      if (!speed) return;
      const started = performance.now();
      // Every timed request is a different one from the warm-up's: nothing it looks up was looked up before.
      const query = speed.queries[next++ % speed.queries.length] as string;
      // The request's vector is at hand, as the goal states: the similarity lookup is part of what is timed.
      const similarity = speed.semantic?.forQuery(query);
      const options: Parameters<typeof scoreAllTools>[2] & { semanticSimilarity?: ToolSimilarity } = {
        registry: speed.registry,
        ...(similarity ? { semanticSimilarity: similarity } : {}),
      };
      scoreAllTools(query, speed.names, options);
      if (run?.warmup === true && firstCalls.length < 300) firstCalls.push(performance.now() - started);
    },
    // The first calls build the registry's entries and inverted vocabulary, and V8 compiles the scorer's hot code: that
    // cost belongs to a process's start, and is reported as `first_calls_p95_ms`.
    warmupIterations: WARM_UP_CALLS,
    iterations: 300,
    metrics: () => ({ first_calls_p95_ms: percentile([...firstCalls].sort((a, b) => a - b), 0.95) }),
    goal: { metric: 'p95', max: 2 },
  },
];

// `--misses` prints our worst misses on the development halves; `--misses=test` on the held-out halves (to report).
const missesArgument = process.argv.find((argument) => argument.startsWith('--misses'));
if (missesArgument) {
  const evaluated = evaluateToolSelection({}, { semantic: await semanticSource() });
  const misses = missesArgument === '--misses=test' ? evaluated.testMisses : evaluated.devMisses;
  console.log(JSON.stringify(misses.slice(0, 30), null, 2));
}
