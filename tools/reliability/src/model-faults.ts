/**
 * Model API faults through the bundled MCP server: `run_agent` (and the agent factory behind `create_agent`) against
 * a fake Messages API answering 429 with retry-after, 500, 529 overloaded, 401, a response that never comes and a
 * body that is not JSON — once (the runtime's retry must recover) and every time (the call must end with a clear
 * error). Counted: answers that show a raw error (raw-error.ts), calls that run past their time budget, and whether
 * the server still answers the next call. Retries follow model-retry.ts: 429/500/529 up to three times, honouring
 * retry-after, else 1 s, 2 s, 4 s ±25 %; never past the run deadline.
 */
import {
  hangingTurn,
  malformedTurn,
  overloadedTurn,
  rateLimitedTurn,
  serverErrorTurn,
  textTurn,
  type FakeTurn,
} from '@chief-of-staff/agents/testing';
import { startBoundaryServer, type BoundaryServer, type ToolAnswer } from './boundary-server.js';
import { rawErrorSigns } from './raw-error.js';

export interface ModelFaultReport {
  scenarios: number;
  rawErrorsShown: number;
  hungCalls: number;
  /** Calls that ended neither with the expected recovery nor with a clear error. */
  unclear: number;
  /** One line per case: how it ended and how long it took, or what went wrong. */
  details: string[];
  seconds: number;
}

interface FaultCase {
  name: string;
  /** The answer to the n-th model request of the case. */
  turn(requestIndex: number): FakeTurn;
  /** `recovers`: the run completes with the model's text; `fails`: a clear error (run status error/timeout or a tool error). */
  expect: 'recovers' | 'fails';
  /** The longest the call may take, retries included. */
  budgetMs: number;
  tool?: 'run_agent' | 'create_agent';
  timeoutSeconds?: number;
}

const RECOVERED = 'Recovered answer.';
const once = (fault: FakeTurn) => (n: number) => (n === 0 ? fault : textTurn(RECOVERED));
const always = (fault: FakeTurn) => () => fault;

const GATEWAY_CRASH =
  'TypeError: Cannot read properties of undefined (reading \'content\')\n    at forward (/srv/gateway/node_modules/llm-proxy/dist/index.js:412:17)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)';

/** 1 + 2 + 4 s of back-off at +25 %, plus the requests themselves. */
const RETRIES_EXHAUSTED_MS = 15_000;

export const FAULT_CASES: readonly FaultCase[] = [
  { name: '429 with retry-after 1, once', turn: once(rateLimitedTurn(1)), expect: 'recovers', budgetMs: 8_000 },
  { name: '500, once', turn: once(serverErrorTurn(500)), expect: 'recovers', budgetMs: 8_000 },
  { name: '529 overloaded, once', turn: once(overloadedTurn()), expect: 'recovers', budgetMs: 8_000 },
  { name: 'a body that is not JSON, once', turn: once(malformedTurn()), expect: 'fails', budgetMs: 8_000 },
  { name: '429 with retry-after 1, every time', turn: always(rateLimitedTurn(1)), expect: 'fails', budgetMs: 10_000 },
  { name: '500, every time', turn: always(serverErrorTurn(500)), expect: 'fails', budgetMs: RETRIES_EXHAUSTED_MS },
  { name: '529 overloaded, every time, 4 s run limit', turn: always(overloadedTurn()), expect: 'fails', budgetMs: 10_000, timeoutSeconds: 4 },
  { name: '401 authentication error', turn: always(serverErrorTurn(401)), expect: 'fails', budgetMs: 8_000 },
  { name: 'a response that never comes, 3 s run limit', turn: always(hangingTurn()), expect: 'fails', budgetMs: 9_000, timeoutSeconds: 3 },
  { name: 'a 200 whose JSON has no content', turn: always({ kind: 'malformed', body: '{"type":"message","id":"msg_x"}' }), expect: 'fails', budgetMs: 8_000 },
  { name: 'a 200 with an empty body', turn: always(malformedTurn('')), expect: 'fails', budgetMs: 8_000 },
  { name: 'a 200 with a proxy\'s HTML page', turn: always(malformedTurn('<html><body><h1>502 Bad Gateway</h1></body></html>')), expect: 'fails', budgetMs: 8_000 },
  // A gateway in front of the API (ANTHROPIC_BASE_URL) may put its own crash into the error message.
  { name: 'a 400 whose message is a gateway stack trace', turn: always({ kind: 'error', status: 400, message: GATEWAY_CRASH }), expect: 'fails', budgetMs: 8_000 },
  { name: 'a 502 whose message is a socket error, every time', turn: always({ kind: 'error', status: 502, message: 'read ECONNRESET' }), expect: 'fails', budgetMs: RETRIES_EXHAUSTED_MS },
  { name: 'the agent factory during 500s', tool: 'create_agent', turn: always(serverErrorTurn(500)), expect: 'fails', budgetMs: RETRIES_EXHAUSTED_MS + 5_000 },
  { name: 'the agent factory during a body that is not JSON', tool: 'create_agent', turn: always(malformedTurn()), expect: 'fails', budgetMs: 8_000 },
];

function argumentsFor(fault: FaultCase, index: number): Record<string, unknown> {
  if (fault.tool === 'create_agent') return { name: `designed_${index}`, description: 'Tracks vendor contracts and renewal dates' };
  return { name: 'faulty', instruction: 'Say hello.', ...(fault.timeoutSeconds === undefined ? {} : { timeout_seconds: fault.timeoutSeconds }) };
}

/** Whether the answer is what the case expects, and if not why. */
function judge(fault: FaultCase, answer: ToolAnswer): string | undefined {
  const run = answer.structured as { status?: string; text?: string; error?: string; warnings?: string[] } | undefined;
  if (fault.expect === 'recovers') {
    return !answer.isError && run?.status === 'completed' && run.text === RECOVERED ? undefined : `expected a recovered run, got ${answer.text.slice(0, 200)}`;
  }
  if (answer.isError) return answer.text.trim() === '' ? 'a tool error without a message' : undefined;
  if (fault.tool === 'create_agent') return `the factory reported success: ${answer.text.slice(0, 200)}`;
  if (run?.status === 'error') return run.error?.trim() ? undefined : 'status error without an error message';
  if (run?.status === 'timeout') return (run.warnings ?? []).some((warning) => /time limit/.test(warning)) ? undefined : 'a timeout without a warning saying so';
  return `expected a clear failure, got ${answer.text.slice(0, 200)}`;
}

/** One line for the report: the run's status and its error, or the tool error. */
function outcome(answer: ToolAnswer): string {
  const run = answer.structured as { status?: string; error?: string; warnings?: string[] } | undefined;
  if (answer.isError || run?.status === undefined) return answer.text.slice(0, 160);
  return [run.status, run.error, ...(run.status === 'timeout' ? (run.warnings ?? []) : [])].filter(Boolean).join(': ').slice(0, 200);
}

async function stillAnswers(server: BoundaryServer): Promise<boolean> {
  try {
    const answer = await server.call('list_facts', {}, 5_000);
    return !answer.isError && server.alive();
  } catch {
    return false;
  }
}

export async function runModelFaults(cases: readonly FaultCase[] = FAULT_CASES): Promise<ModelFaultReport> {
  const started = performance.now();
  const report: ModelFaultReport = { scenarios: 0, rawErrorsShown: 0, hungCalls: 0, unclear: 0, details: [], seconds: 0 };
  const server = await startBoundaryServer({ name: 'reliability-model-faults', agents: [{ name: 'faulty', capabilities: ['memory_read'] }] });
  try {
    for (const [index, fault] of cases.entries()) {
      report.scenarios += 1;
      server.model.sequence((n) => fault.turn(n));
      const callStarted = performance.now();
      let answer: ToolAnswer | undefined;
      try {
        // The client waits a little longer than the budget, so an overrun is measured rather than cut off at it.
        answer = await server.call(fault.tool ?? 'run_agent', argumentsFor(fault, index), fault.budgetMs + 10_000);
      } catch (error) {
        report.details.push(`${fault.name}: no answer (${error instanceof Error ? error.message : String(error)})`);
      }
      const ms = Math.round(performance.now() - callStarted);
      if (answer === undefined || ms > fault.budgetMs) {
        report.hungCalls += 1;
        report.details.push(`${fault.name}: took ${ms} ms, budget ${fault.budgetMs} ms`);
      }
      if (answer !== undefined) {
        const signs = rawErrorSigns(answer.raw);
        if (signs.length > 0) {
          report.rawErrorsShown += 1;
          report.details.push(`${fault.name}: the answer shows ${signs.join(', ')}: ${answer.text.slice(0, 300)}`);
        }
        const problem = judge(fault, answer);
        if (problem !== undefined) {
          report.unclear += 1;
          report.details.push(`${fault.name}: ${problem}`);
        } else {
          report.details.push(`${fault.name}: ${outcome(answer)} (${ms} ms)`);
        }
      }
      if (!(await stillAnswers(server))) {
        report.hungCalls += 1;
        report.details.push(`${fault.name}: the server did not answer the next call`);
        break;
      }
    }
  } finally {
    await server.close();
    report.seconds = Math.round((performance.now() - started) / 100) / 10;
  }
  return report;
}
