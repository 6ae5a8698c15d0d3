/**
 * External MCP servers that crash, hang or fail, joined by the real MCP server (the bundle, over stdio) and re-served
 * to the client: every call answers within its time limit (by falling back along the default chain from
 * perplexity_search to the healthy tavily_search, or with a plain-words error), no upstream error text or stack reaches the caller, the breaker of a
 * server that keeps failing opens and then answers at once, a crashed server is restarted and answers again, and our
 * server stays up throughout.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { SERVER_MAIN } from './app-mains.js';
import { scanDataDir, scanLog, SUITE_MODEL_KEY } from './secret-scan.js';
import { sleep } from './stored-rows.js';
import { toolText } from './tool-text.js';

/** The scripted server the orchestration tests use: lists the tools it is given and behaves as its control file says. */
const SCRIPTED_SERVER = resolve(import.meta.dirname, '..', '..', '..', 'libs', 'orchestration', 'src', 'testing', 'fixtures', 'scripted-mcp-server.mjs');
const SERVER_TIMEOUT_MS = 2_000;
const BREAKER_THRESHOLD = 3;
/** Each call must be answered within its attempts' limits plus this margin for the fallback and the answer. */
const ANSWER_MARGIN_MS = 3_000;

type Mode = 'ok' | 'hang' | 'crash' | 'fail' | 'throw';

export interface ExternalFaultReport {
  calls: number;
  /** Calls answered by falling back to the healthy server. */
  recoveredByFallback: number;
  /** Calls that did not answer within their time limit. */
  lateAnswers: number;
  /** Answers that show upstream error text, a stack trace or a transport error to the caller. */
  rawErrorsShown: number;
  breakerOpened: boolean;
  /** Milliseconds to answer once the breaker is open. */
  openBreakerAnswerMs: number;
  restartedAfterCrash: boolean;
  serverCrashes: number;
  details: string[];
}

const RAW = /trace 7f3a9c|502 Bad Gateway|internal failure in scripted|\n\s+at\s|MCP error|ECONN|EPIPE|Error:/;


export async function runExternalServerFaults(): Promise<ExternalFaultReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-reliability-external-'));
  const control = { tavily: join(dataDir, 'tavily-control.json'), perplexity: join(dataDir, 'perplexity-control.json') };
  const entry = (name: 'tavily' | 'perplexity', tool: string) => ({
    command: process.execPath,
    args: [SCRIPTED_SERVER],
    env: { SCRIPT_SERVER_NAME: name, SCRIPT_TOOLS: JSON.stringify({ [tool]: {} }), SCRIPT_CONTROL: control[name], SCRIPT_CALLS: join(dataDir, `${name}-calls.txt`) },
    timeoutMs: SERVER_TIMEOUT_MS,
  });
  const setMode = (name: 'tavily' | 'perplexity', tool: string, mode: Mode) => writeFileSync(control[name], JSON.stringify({ [tool]: { mode } }));
  setMode('tavily', 'tavily_search', 'ok');
  setMode('perplexity', 'perplexity_search', 'ok');
  writeFileSync(join(dataDir, 'mcp-servers.json'), JSON.stringify({ mcpServers: { tavily: entry('tavily', 'tavily_search'), perplexity: entry('perplexity', 'perplexity_search') } }));

  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_MAIN],
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: dataDir,
      COS_DATA_DIR: dataDir,
      COS_LOG_LEVEL: 'info',
      COS_SCHEDULER_RUN_IN_SERVER: 'never',
      COS_ORCHESTRATION_REEXPORTEXTERNAL: 'true',
      COS_ORCHESTRATION_BREAKERTHRESHOLD: String(BREAKER_THRESHOLD),
      COS_ORCHESTRATION_BREAKERHALFOPENMS: '600000',
      ANTHROPIC_API_KEY: SUITE_MODEL_KEY,
    },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'reliability-external', version: '1' });
  const report: ExternalFaultReport = {
    calls: 0,
    recoveredByFallback: 0,
    lateAnswers: 0,
    rawErrorsShown: 0,
    breakerOpened: false,
    openBreakerAnswerMs: NaN,
    restartedAfterCrash: false,
    serverCrashes: 0,
    details: [],
  };
  let serverExited = false;
  try {
    let listChanges = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      listChanges += 1;
    });
    await client.connect(transport);
    transport.onclose = () => (serverExited = true);
    // A fresh data directory knows nothing of the servers' tools until they have joined; clients hear of them through
    // tools/list_changed (ADR 0057) and list again.
    const wanted = ['tavily__tavily_search', 'perplexity__perplexity_search'];
    let tools = (await client.listTools()).tools.map((tool) => tool.name);
    for (let waited = 0; !wanted.every((name) => tools.includes(name)) && waited < 20_000; waited += 100) {
      const seen = listChanges;
      await sleep(100);
      if (listChanges !== seen) tools = (await client.listTools()).tools.map((tool) => tool.name);
    }
    for (const name of wanted) {
      if (!tools.includes(name)) throw new Error(`the server did not re-serve ${name}; tools: ${tools.filter((t) => t.includes('__')).join(', ')}\n${stderr.slice(-2000)}`);
    }
    const call = async (label: string, attempts: number) => {
      const started = performance.now();
      const result = await client.callTool({ name: 'perplexity__perplexity_search', arguments: { query: `reliability ${label}` } }, undefined, { timeout: 60_000 });
      const ms = performance.now() - started;
      const text = toolText(result);
      report.calls += 1;
      if (ms > attempts * SERVER_TIMEOUT_MS + ANSWER_MARGIN_MS) {
        report.lateAnswers += 1;
        report.details.push(`${label}: answered after ${Math.round(ms)} ms`);
      }
      if (RAW.test(text)) {
        report.rawErrorsShown += 1;
        report.details.push(`${label}: raw error shown: ${text.slice(0, 200)}`);
      }
      if (!result.isError && text.includes('tavily_search answered')) report.recoveredByFallback += 1;
      return { result, text, ms };
    };

    // A crashing server, called directly: a plain error, then restarted with backoff and answering again.
    setMode('tavily', 'tavily_search', 'crash');
    const crashStarted = performance.now();
    const crashed = await client.callTool({ name: 'tavily__tavily_search', arguments: { query: 'crash' } }, undefined, { timeout: 60_000 });
    report.calls += 1;
    if (RAW.test(toolText(crashed))) {
      report.rawErrorsShown += 1;
      report.details.push(`crash: raw error shown: ${toolText(crashed).slice(0, 200)}`);
    }
    if (performance.now() - crashStarted > SERVER_TIMEOUT_MS + ANSWER_MARGIN_MS) report.lateAnswers += 1;
    setMode('tavily', 'tavily_search', 'ok');
    // Restarted with backoff (1 s doubling), so look for an answer for 20 s.
    const deadline = performance.now() + 20_000;
    while (performance.now() < deadline && !report.restartedAfterCrash) {
      await sleep(1_000);
      const again = await client.callTool({ name: 'tavily__tavily_search', arguments: { query: 'after crash' } }, undefined, { timeout: 60_000 });
      report.calls += 1;
      if (RAW.test(toolText(again))) report.rawErrorsShown += 1;
      report.restartedAfterCrash = !again.isError && toolText(again).includes('tavily_search answered');
    }
    if (!report.restartedAfterCrash) report.details.push(`crash: the server did not answer again within 20 s\n${stderr.slice(-1500)}`);
    // A hanging server: the attempt times out and the chain falls back to the healthy server.
    setMode('perplexity', 'perplexity_search', 'hang');
    await call('hang', 2);
    // A server that fails with upstream text, or throws: the caller sees the fallback's answer, not the failure.
    setMode('perplexity', 'perplexity_search', 'fail');
    await call('fail', 2);
    setMode('perplexity', 'perplexity_search', 'throw');
    await call('throw', 2);
    // Both down: a plain-words error; and after the threshold the breaker answers at once.
    setMode('tavily', 'tavily_search', 'fail');
    for (let n = 0; n < BREAKER_THRESHOLD; n += 1) await call(`both-fail-${n}`, 2);
    const open = await call('breaker', 2);
    report.openBreakerAnswerMs = Math.round(open.ms);
    report.breakerOpened = open.result.isError === true && open.ms < SERVER_TIMEOUT_MS;
    if (!report.breakerOpened) report.details.push(`breaker: not open after ${BREAKER_THRESHOLD} failures (${Math.round(open.ms)} ms): ${open.text.slice(0, 200)}`);

    // Our own server is still up and serving its own tools.
    await client.callTool({ name: 'list_facts', arguments: {} });
  } finally {
    if (serverExited) report.serverCrashes += 1;
    await client.close().catch(() => undefined);
    scanLog('external servers', stderr);
    scanDataDir('external servers', dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return report;
}
