/**
 * Agent runtime benchmarks (issue 5 goals): the loop's own cost per round with a zero-latency in-process model and
 * in-process tools (goal < 5 ms per round), the same through the real SDK and the fake HTTP Messages API (for
 * orientation), and the wall time of one turn with four 100 ms tool calls (goal < 150 ms: they run concurrently).
 */
import { createSilentLogger } from '@chief-of-staff/core';
import { agentConfig, createProbeTools, createRunnerHarness } from './testing/fixtures/runner-harness.js';
import { startFakeMessagesServer, textTurn, toolUseTurn, type FakeMessagesServer } from './testing/fake-messages-server.js';
import { AgentRunner } from './runtime/agent-runner.js';
import { createInMemoryRunLog } from './runtime/recorders.js';
import { createToolCatalogue } from './runtime/tool-port.js';
import type { ModelClient, ModelResponse } from './runtime/model-client.js';

const ROUNDS = 10;

/** A model that answers instantly: a tool call with fresh arguments each round, then a final text. */
function instantModel(rounds: number, calls: (round: number) => Array<{ name: string; input: unknown }>): ModelClient {
  return {
    async createMessage(request): Promise<ModelResponse> {
      const round = request.messages.filter((message) => message.role === 'assistant').length;
      const usage = { input_tokens: 100, output_tokens: 20, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };
      if (round >= rounds) return { id: `m${round}`, model: request.model, content: [{ type: 'text', text: 'done' }], stop_reason: 'end_turn', usage };
      return {
        id: `m${round}`,
        model: request.model,
        content: calls(round).map((call, i) => ({ type: 'tool_use', id: `t${round}_${i}`, name: call.name, input: call.input })),
        stop_reason: 'tool_use',
        usage,
      };
    },
  };
}

const log = createInMemoryRunLog();
const { tools } = createProbeTools();
const config = agentConfig();

function runnerFor(model: ModelClient): AgentRunner {
  return new AgentRunner({
    model,
    catalogue: createToolCatalogue(tools),
    services: {},
    logger: createSilentLogger(),
    runs: log,
    toolUsage: log,
    modelCalls: log.modelCallRecorder,
  });
}

const overheadRunner = runnerFor(instantModel(ROUNDS, (round) => [{ name: 'query_memory', input: { query: `topic ${round}` } }]));
const parallelRunner = runnerFor(
  instantModel(1, () => [0, 1, 2, 3].map((i) => ({ name: 'list_facts', input: { delay_ms: 100, tag: `t${i}` } }))),
);

let overheadTotalMs = 0;
let overheadRuns = 0;
let httpServer: FakeMessagesServer | undefined;
let httpRunner: AgentRunner | undefined;
let httpTotalMs = 0;
let httpRuns = 0;
let parallelWallMs: number[] = [];

function clearLog(): void {
  log.runs.length = 0;
  log.toolUsage.length = 0;
  log.modelCalls.length = 0;
}

export const benchmarks = [
  {
    name: 'agents: runtime overhead per round (in-process model and tools)',
    iterations: 200,
    fn: async () => {
      const started = performance.now();
      const result = await overheadRunner.run(config, 'bench');
      overheadTotalMs += performance.now() - started;
      overheadRuns += 1;
      if (result.status !== 'completed' || result.rounds !== ROUNDS + 1) throw new Error(`unexpected run: ${result.status}`);
      if (log.toolUsage.length > 10_000) clearLog();
    },
    metrics: () => ({ perRoundMs: overheadTotalMs / Math.max(1, overheadRuns) / (ROUNDS + 1) }),
    goal: { metric: 'perRoundMs', max: 5 },
    teardown: clearLog,
  },
  {
    name: 'agents: per round through the SDK and the fake HTTP Messages API',
    iterations: 50,
    setup: async () => {
      httpServer = await startFakeMessagesServer({
        responder: (request) => {
          const round = (request.body?.messages ?? []).filter((message) => message.role === 'assistant').length;
          return round >= ROUNDS ? textTurn('done') : toolUseTurn([{ name: 'query_memory', input: { query: `topic ${round}` } }]);
        },
      });
      httpRunner = createRunnerHarness(httpServer.url).runner;
    },
    fn: async () => {
      const started = performance.now();
      await httpRunner?.run(config, 'bench');
      httpTotalMs += performance.now() - started;
      httpRuns += 1;
    },
    metrics: () => ({ perRoundMs: httpTotalMs / Math.max(1, httpRuns) / (ROUNDS + 1) }),
    teardown: async () => {
      await httpServer?.close();
    },
  },
  {
    name: 'agents: one turn with four 100 ms tool calls (wall time)',
    iterations: 10,
    time: 200,
    setup: () => {
      parallelWallMs = [];
    },
    fn: async () => {
      const started = performance.now();
      const result = await parallelRunner.run(config, 'bench');
      parallelWallMs.push(performance.now() - started);
      if (result.tool_calls.length !== 4 || result.tool_calls.some((call) => !call.ok)) throw new Error('tool calls failed');
    },
    metrics: () => ({ wallMs: parallelWallMs.reduce((a, b) => a + b, 0) / Math.max(1, parallelWallMs.length), sequentialMs: 400 }),
    goal: { metric: 'wallMs', max: 150 },
    teardown: clearLog,
  },
];
