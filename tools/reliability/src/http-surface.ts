/**
 * The HTTP surfaces from outside, as real processes: the MCP server's Streamable HTTP endpoint and the worker's
 * webhook receiver. Each refusal a browser page, a rebinding attack or a careless client would meet (no or wrong
 * credentials, a foreign Origin or Host, an oversized body, a body that trickles in) is checked for its status, then
 * 1,000 requests are sent at once, round after round: every one must get an HTTP answer (no reset or refused
 * connection, no 5xx), and the server's memory must settle rather than climb from round to round (the MCP server's
 * measured after a full garbage collection, see memory-probe.cjs, with its live heap as well as its RSS).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request as httpRequest } from 'node:http';
import { memoryAfterGc, rssMb, startHttpServer, TOKEN } from './http-load.js';
import { scanDataDir, scanLog } from './secret-scan.js';
import { sleep } from './stored-rows.js';
import { githubSignature, SECRET, startWorker } from './worker-kill-rounds.js';

const REQUEST_TIMEOUT_MS = 1_500;
const CONCURRENT = 1_000;
/** Memory may grow in the first rounds (buffers, caches) but not from round 2 to the last by more than this. */
const RSS_SETTLED_LIMIT_MB = 40;
/** The live JS heap after a full collection, where measured: 3,000 requests that each kept 3 KB would exceed it. */
const HEAP_SETTLED_LIMIT_MB = 10;

/** A process's memory after a round: RSS, and (when the process can be asked to collect first) its live heap. */
interface RoundMemory {
  rssMb: number;
  heapUsedMb?: number;
}

export interface SurfaceCheck {
  surface: string;
  check: string;
  expected: string;
  got: string;
  ok: boolean;
}

export interface BurstReport {
  surface: string;
  requests: number;
  /** Requests without an HTTP answer (reset, refused, timed out) or answered 5xx. */
  errors: number;
  statuses: Record<string, number>;
  p95Ms: number;
  rssByRoundMb: number[];
  rssSettled: boolean;
  /** The live JS heap after a full collection, per round (empty when the process cannot be asked to collect). */
  heapUsedByRoundMb: number[];
  heapSettled: boolean;
}

export interface HttpSurfaceReport {
  checks: SurfaceCheck[];
  bursts: BurstReport[];
}

/** Opens a connection, sends the start of a request, then one byte every 200 ms; resolves with what came back. */
function slowBody(url: URL, headers: Record<string, string>): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    let drip: NodeJS.Timeout | undefined;
    const done = () => {
      clearInterval(drip);
      socket.destroy();
      resolve({ answer: answer.split('\r\n')[0] ?? '', ms: Math.round(performance.now() - started) });
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', done);
    socket.on('error', done);
    socket.on('connect', () => {
      const head = [`POST ${url.pathname} HTTP/1.1`, `Host: ${url.host}`, 'Content-Type: application/json', 'Content-Length: 100000', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), '', ''];
      socket.write(head.join('\r\n'));
      drip = setInterval(() => socket.write('x'), 200);
    });
    // Past twice the server's limit the check has failed anyway.
    setTimeout(done, REQUEST_TIMEOUT_MS * 4).unref();
  });
}

/** POSTs and resolves with the status code, or the error code when no HTTP answer came back. */
function post(url: string, headers: Record<string, string>, body: string, agent?: Agent): Promise<string> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const outgoing = httpRequest(
      { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: 'POST', headers: { 'content-length': String(Buffer.byteLength(body)), ...headers }, agent, timeout: 60_000 },
      (response) => {
        response.resume();
        response.on('end', () => resolve(String(response.statusCode)));
        response.on('error', () => resolve(String(response.statusCode)));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error('timed out'), { code: 'TIMEOUT' })));
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    outgoing.end(body);
  });
}

const statusOf = (url: string, init: { headers?: Record<string, string>; body?: string }): Promise<string> => post(url, init.headers ?? {}, init.body ?? '{}');

async function burst(surface: string, measure: () => Promise<RoundMemory>, rounds: number, send: (agent: Agent, index: number) => Promise<string>): Promise<BurstReport> {
  // One connection per request: 1,000 sockets arrive at the listener together, as 1,000 clients would.
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const rssByRound: number[] = [];
  const heapByRound: number[] = [];
  let errors = 0;
  try {
    for (let round = 0; round < rounds; round += 1) {
      await Promise.all(
        Array.from({ length: CONCURRENT }, async (_, index) => {
          const started = performance.now();
          const status = await send(agent, round * CONCURRENT + index);
          latencies.push(performance.now() - started);
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (!/^[1-4]\d\d$/.test(status)) errors += 1;
        }),
      );
      await sleep(500);
      const memory = await measure();
      rssByRound.push(memory.rssMb);
      if (memory.heapUsedMb !== undefined) heapByRound.push(memory.heapUsedMb);
    }
  } finally {
    agent.destroy();
  }
  const sorted = latencies.sort((a, b) => a - b);
  const settled = (rssByRound.at(-1) ?? NaN) - (rssByRound[1] ?? NaN);
  const heapGrowth = (heapByRound.at(-1) ?? NaN) - (heapByRound[1] ?? NaN);
  return {
    surface,
    requests: CONCURRENT * rounds,
    errors,
    statuses,
    p95Ms: Math.round(sorted[Math.ceil(0.95 * sorted.length) - 1] ?? NaN),
    rssByRoundMb: rssByRound,
    rssSettled: settled <= RSS_SETTLED_LIMIT_MB,
    heapUsedByRoundMb: heapByRound,
    heapSettled: heapByRound.length === 0 || heapGrowth <= HEAP_SETTLED_LIMIT_MB,
  };
}

interface Started {
  child: ChildProcess;
  url: string;
  log(): string;
}

/**
 * Runs `body` against a process started on a fresh data directory, then stops it, scans its log and files for the
 * suite's secrets and removes the directory.
 */
async function withProcess(label: string, start: (dataDir: string) => Promise<Started>, body: (started: Started) => Promise<void>, config?: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-reliability-surface-'));
  if (config) writeFileSync(join(dataDir, 'cos.config.yaml'), config);
  const started = await start(dataDir);
  try {
    await body(started);
  } finally {
    started.child.kill('SIGTERM');
    await new Promise((done) => started.child.once('exit', done));
    scanLog(label, started.log());
    scanDataDir(label, dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The refusals run against a process with a short request time limit, so a trickling body is cut within seconds; the
// bursts run against one with the default limit, as users run it (on a loaded machine 1,000 bodies can take longer
// than 1.5 s to be read, and cutting those would be the short limit at work, not a fault).
async function checkMcp(report: HttpSurfaceReport, rounds: number): Promise<void> {
  const rpc = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: {} });
  const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const authorized = { ...base, authorization: `Bearer ${TOKEN}` };
  const check = (check: string, expected: string, got: string) => report.checks.push({ surface: 'MCP HTTP', check, expected, got, ok: got === expected });
  await withProcess('http surface (MCP)', (dataDir) => startHttpServer(dataDir, { COS_MCP_HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) }), async ({ url }) => {
    const target = new URL(url);
    check('no token', '401', await statusOf(url, { headers: base, body: rpc(1) }));
    check('wrong token', '401', await statusOf(url, { headers: { ...base, authorization: `Bearer ${TOKEN.slice(0, -1)}x` }, body: rpc(1) }));
    check('token in the query string', '401', await statusOf(`${url}?token=${TOKEN}`, { headers: base, body: rpc(1) }));
    check('foreign Origin', '403', await statusOf(url, { headers: { ...authorized, origin: 'https://evil.example' }, body: rpc(1) }));
    check('foreign Host (DNS rebinding)', '421', await statusOf(url, { headers: { ...authorized, host: `rebind.attacker.test:${target.port}` }, body: rpc(1) }));
    check('body over the limit (2 MB)', '413', await statusOf(url, { headers: authorized, body: `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}` }));
    const slow = await slowBody(target, { Authorization: `Bearer ${TOKEN}` });
    check(`body trickling in (cut within ${REQUEST_TIMEOUT_MS * 2} ms)`, 'closed', slow.ms <= REQUEST_TIMEOUT_MS * 2 ? 'closed' : `${slow.answer || 'open'} after ${slow.ms} ms`);
    check('valid request', '200', await statusOf(url, { headers: authorized, body: rpc(1) }));
  });
  // The burst measures what requests leave behind, so its server runs without the one background job of a new data
  // directory: embedding the tool descriptions in a worker thread (1,264 texts). Idle, with no request at all, that
  // takes a server from 113 to 333 MB of RSS over ~35 s and back to 132 MB when the worker stops a minute later; it
  // starts 2 s after start-up, so it ran through the rounds and read as growth. The HTTP load and the soak run with it.
  await withProcess('http surface (MCP burst)', (dataDir) => startHttpServer(dataDir, { COS_ORCHESTRATION_SEMANTIC: 'false' }, { memoryProbe: true }), async (server) => {
    report.bursts.push(await burst('MCP HTTP tools/list', () => memoryAfterGc(server), rounds, (agent, index) => post(server.url, authorized, rpc(index), agent)));
  });
}

async function checkWebhooks(report: HttpSurfaceReport, rounds: number): Promise<void> {
  const config = (timeoutMs?: number) =>
    ['webhooks:', '  http:', '    port: 0', ...(timeoutMs ? [`    requestTimeoutMs: ${timeoutMs}`] : []), '  sources:', '    github:', `      secret: ${SECRET}`, ''].join('\n');
  const body = (n: number) => JSON.stringify({ action: 'opened', issue: { number: n, title: 'Surface check' } });
  const signed = (payload: string, delivery: string) => ({ 'content-type': 'application/json', 'x-github-event': 'issues', 'x-github-delivery': delivery, 'x-hub-signature-256': githubSignature(payload) });
  const check = (check: string, expected: string, got: string) => report.checks.push({ surface: 'webhooks', check, expected, got, ok: got === expected });
  await withProcess(
    'http surface (webhooks)',
    (dataDir) => startWorker(dataDir),
    async ({ url }) => {
      const endpoint = `${url}/github`;
      check('no signature', '401', await statusOf(endpoint, { headers: { 'content-type': 'application/json', 'x-github-event': 'issues', 'x-github-delivery': 'unsigned' }, body: body(1) }));
      check('wrong signature', '401', await statusOf(endpoint, { headers: { ...signed(body(1), 'forged'), 'x-hub-signature-256': githubSignature(body(2)) }, body: body(1) }));
      check('body over the limit (2 MB)', '413', await statusOf(endpoint, { headers: signed('x', 'big'), body: 'a'.repeat(2 * 1024 * 1024) }));
      const slow = await slowBody(new URL(endpoint), {});
      check(`body trickling in (cut within ${REQUEST_TIMEOUT_MS * 2} ms)`, 'closed', slow.ms <= REQUEST_TIMEOUT_MS * 2 ? 'closed' : `${slow.answer || 'open'} after ${slow.ms} ms`);
      check('signed delivery', '202', await statusOf(endpoint, { headers: signed(body(3), 'valid'), body: body(3) }));
    },
    config(REQUEST_TIMEOUT_MS),
  );
  await withProcess(
    'http surface (webhook burst)',
    (dataDir) => startWorker(dataDir),
    async ({ child, url }) => {
      report.bursts.push(
        await burst('webhook deliveries (429 past 60 a minute is an answer)', () => Promise.resolve({ rssMb: rssMb(child.pid) }), rounds, (agent, index) => {
          const payload = body(1_000 + index);
          return post(`${url}/github`, signed(payload, `burst-${index}`), payload, agent);
        }),
      );
    },
    config(),
  );
}

/** `rounds` bursts of 1,000 concurrent requests per surface (5 in the full run; memory is compared from round 2 on). */
export async function runHttpSurface(options: { rounds: number } = { rounds: 5 }): Promise<HttpSurfaceReport> {
  const report: HttpSurfaceReport = { checks: [], bursts: [] };
  await checkMcp(report, options.rounds);
  await checkWebhooks(report, options.rounds);
  return report;
}
