/**
 * Load on the MCP HTTP transport: many concurrent MCP clients (the SDK's Streamable HTTP client, each its own
 * session) call a write tool (`store_fact`) and read tools (`query_memory`, `list_facts`) against the bundled server
 * for a fixed time. Every acknowledged write must be in the database afterwards, no call may fail, and the server's
 * resident memory is sampled after a warm-up round and at the end of the load. The server runs with a bearer token
 * and a model key that must appear in neither its log nor any file it wrote.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SERVER_MAIN } from './app-mains.js';
import { registerSecret, scanDataDir, scanLog, secretScanSummary } from './secret-scan.js';
import { readStoredRows, sleep } from './stored-rows.js';

export const TOKEN = 'reliability-load-token-0123456789abcdef';
/** A model key the server is started with; it must never reach a log or a file. */
export const API_KEY = 'sk-ant-api03-reliability-canary-key-never-logged';
const RSS_SAMPLE_MS = 10_000;
registerSecret(TOKEN);
registerSecret(API_KEY);

export interface LoadOptions {
  clients: number;
  seconds: number;
  /** Think time of each client between its rounds (0: back to back). The soak uses it to run long at a steady rate. */
  pauseMs?: number;
}

export interface LoadReport {
  clients: number;
  seconds: number;
  calls: number;
  callsPerSecond: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
  /** p95 per tool, to see which call the tail belongs to. */
  p95ByTool: Record<string, number>;
  acknowledgedWrites: number;
  lostWrites: number;
  rssStartMb: number;
  rssEndMb: number;
  /** The server's RSS every 10 s of the timed run, to tell a leak (steady climb) from a plateau. */
  rssSamplesMb: number[];
  integrity: string;
  /** Places (the server's log, files in the data dir) where the token or the model key was found. */
  secretsFound: string[];
  firstErrors: string[];
}

/** Preloaded into a server started with `memoryProbe` (memory-probe.cjs). */
const MEMORY_PROBE = resolve(import.meta.dirname, 'memory-probe.cjs');
// Not anchored to a line start: the server's own log may be written to the same stderr around it.
const MEMORY_PROBE_LINE = /memory-probe (\{[^{}\n]*\})/g;

export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

export interface StartedServer {
  child: ChildProcess;
  url: string;
  /** Everything the server wrote to stderr so far (its log). */
  log(): string;
}

export interface StartHttpServerOptions {
  /** Preload memory-probe.cjs (with `--expose-gc`), so `memoryAfterGc` can read the server's memory. */
  memoryProbe?: boolean;
}

export function startHttpServer(dataDir: string, env: Record<string, string> = {}, options: StartHttpServerOptions = {}): Promise<StartedServer> {
  const nodeArgs = options.memoryProbe ? ['--expose-gc', '--require', MEMORY_PROBE] : [];
  const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN, '--http', '--port', '0', '--host', '127.0.0.1'], {
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: dataDir,
      COS_DATA_DIR: dataDir,
      COS_MCP_HTTP_TOKEN: TOKEN,
      ANTHROPIC_API_KEY: API_KEY,
      COS_LOG_LEVEL: 'info',
      COS_SCHEDULER_RUN_IN_SERVER: 'never',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${text}`)), 60_000);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      text += chunk;
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(text);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], log: () => text });
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${text}`)));
  });
}

export interface MemoryAfterGc {
  rssMb: number;
  /** The JS heap still in use after a full collection: what the process keeps. */
  heapUsedMb: number;
}

/** Asks a server started with `memoryProbe` to collect its garbage, and returns its memory afterwards. */
export async function memoryAfterGc(server: StartedServer, timeoutMs = 15_000): Promise<MemoryAfterGc> {
  const reported = () => [...server.log().matchAll(MEMORY_PROBE_LINE)].map((match) => JSON.parse(match[1] as string) as MemoryAfterGc & { collected: boolean });
  const before = reported().length;
  server.child.kill('SIGUSR2');
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const answer = reported()[before];
    if (answer) {
      if (!answer.collected) throw new Error('the memory probe could not collect garbage: start the server with --expose-gc');
      return { rssMb: answer.rssMb, heapUsedMb: answer.heapUsedMb };
    }
    await sleep(100);
  }
  throw new Error(`the server did not report its memory within ${timeoutMs} ms (started without memoryProbe?)`);
}

/** Where the test token or model key (or any other secret of the suite) appears: the server's log, or files in its data dir. */
export function findSecrets(label: string, log: string, dataDir: string): string[] {
  const before = secretScanSummary().findings.length;
  scanLog(label, log);
  scanDataDir(label, dataDir);
  return secretScanSummary().findings.slice(before);
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

export async function runHttpLoad(options: LoadOptions): Promise<LoadReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-reliability-load-'));
  const { child, url, log } = await startHttpServer(dataDir);
  const latencies: number[] = [];
  const byTool = new Map<string, number[]>();
  const acknowledged: string[] = [];
  const errors: string[] = [];
  let rssStart = NaN;
  try {
    const clients = await Promise.all(
      Array.from({ length: options.clients }, async () => {
        const client = new Client({ name: 'reliability-load', version: '1' });
        await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } }));
        return client;
      }),
    );
    // One untimed round per client first: the memory baseline is taken with the model and the stores loaded, so the
    // drift measures what the load itself leaves behind.
    await Promise.all(
      clients.map((client, index) =>
        Promise.all([
          client.callTool({ name: 'store_fact', arguments: { category: 'work', key: `warm_${index}`, value: 'warm-up fact' } }),
          client.callTool({ name: 'query_memory', arguments: { query: 'warm up' } }),
        ]),
      ),
    );
    rssStart = rssMb(child.pid);
    const rssSamples = [rssStart];
    const sampler = setInterval(() => rssSamples.push(rssMb(child.pid)), RSS_SAMPLE_MS);
    const deadline = performance.now() + options.seconds * 1000;
    await Promise.all(
      clients.map(async (client, index) => {
        for (let round = 0; performance.now() < deadline; round += 1) {
          const key = `load_${index}_${round}`;
          const calls: Array<[string, Record<string, unknown>]> = [
            ['store_fact', { category: 'work', key, value: `Load fact ${index}.${round}: the quarterly budget review` }],
            ['query_memory', { query: `budget review ${round % 50}`, limit: 5 }],
            ['list_facts', { category: 'work', limit: 10 }],
          ];
          for (const [name, args] of calls) {
            const started = performance.now();
            const record = () => {
              const ms = performance.now() - started;
              latencies.push(ms);
              byTool.set(name, [...(byTool.get(name) ?? []), ms]);
            };
            try {
              const result = await client.callTool({ name, arguments: args });
              record();
              if (result.isError) errors.push(`${name}: ${JSON.stringify(result.content).slice(0, 200)}`);
              else if (name === 'store_fact') acknowledged.push(key);
            } catch (error) {
              record();
              errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
            }
          }
          if (options.pauseMs) await sleep(options.pauseMs);
        }
      }),
    );
    clearInterval(sampler);
    const rssEnd = rssMb(child.pid);
    rssSamples.push(rssEnd);
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
    const { keys: stored, integrity } = readStoredRows(dataDir, `SELECT key FROM facts WHERE key LIKE 'load\\_%' ESCAPE '\\'`);
    const secretsFound = findSecrets('http load', log(), dataDir);
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      clients: options.clients,
      seconds: options.seconds,
      calls: latencies.length,
      callsPerSecond: Math.round(latencies.length / options.seconds),
      errors: errors.length,
      p50Ms: Math.round(percentile(sorted, 0.5) * 10) / 10,
      p95Ms: Math.round(percentile(sorted, 0.95) * 10) / 10,
      p95ByTool: Object.fromEntries([...byTool].map(([name, values]) => [name, Math.round(percentile([...values].sort((a, b) => a - b), 0.95))])),
      acknowledgedWrites: acknowledged.length,
      lostWrites: acknowledged.filter((key) => !stored.has(key)).length,
      rssStartMb: rssStart,
      rssEndMb: rssEnd,
      rssSamplesMb: rssSamples,
      integrity,
      secretsFound,
      firstErrors: errors.slice(0, 5),
    };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
