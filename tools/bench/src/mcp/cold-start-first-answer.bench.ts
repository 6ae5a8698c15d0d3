/**
 * Time to first answer, as a client feels it: spawn → initialize → tools/list → the first real tools/call answered
 * (`query_memory` on ours, `search_nodes` on the reference `@modelcontextprotocol/server-memory`), interleaved in one
 * run, 9 rounds each, medians compared — on a fresh data directory (every spawn its own) and on a used one (the
 * same directory every time, holding memories with their vectors and an indexed document, so the first
 * `query_memory` is a semantic query that needs the embedder). Both run with the code cache an earlier start left
 * (the user's case from the second start on); `first_install_call_ms` is a fresh directory with the cache off, as
 * the very first start after an install. And the wall time of common `cos` commands as whole processes on that used
 * directory, without a server (the goals) and, for the searches, with the MCP server running for that directory
 * (they are handed to it). Needs the bundled server and CLI (`npx nx run-many -t bundle`).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stopChildProcess } from '@chief-of-staff/core';
import { percentile } from '../percentile.js';
import { measureFirstAnswer, type FirstAnswer } from './cold-start.js';

const ROUNDS = 9;
const root = resolve(import.meta.dirname, '..', '..', '..', '..');
const ourServer = join(root, 'apps', 'mcp-server', 'dist', 'main.js');
const cli = join(root, 'apps', 'cli', 'dist', 'main.js');
const referenceDir = join(tmpdir(), 'cos-bench-server-memory');
const referenceServer = join(referenceDir, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');

const figures: Record<string, number[]> = {};
const record = (name: string, value: number) => (figures[name] ??= []).push(value);
const median = (name: string) => percentile([...(figures[name] ?? [])].sort((a, b) => a - b), 0.5);
const scratch: string[] = [];
let usedDir = '';

function referencePath(): string {
  try {
    return resolve(root, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
  } catch {
    return referenceServer;
  }
}

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cos-bench-first-'));
  scratch.push(dir);
  return dir;
}

const ours = (dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<FirstAnswer> =>
  measureFirstAnswer(process.execPath, [ourServer], { PATH: process.env.PATH, COS_DATA_DIR: dataDir, COS_LOG_LEVEL: 'warn', ...env }, { name: 'query_memory', arguments: { query: 'budget' } });
const reference = (dataDir: string): Promise<FirstAnswer> =>
  measureFirstAnswer(process.execPath, [referencePath()], { PATH: process.env.PATH, MEMORY_FILE_PATH: join(dataDir, 'memory.jsonl') }, { name: 'search_nodes', arguments: { query: 'budget' } });

const USED_FACTS: Array<[string, string, string]> = [
  ['work', 'budget.q3', 'The Q3 marketing budget is 40k, approved by Dana'],
  ['work', 'offsite.venue', 'The team offsite is at the Haifa office in March'],
  ['personal', 'dentist', 'Dentist appointment every six months at Dr. Levi'],
];

/**
 * A data directory as a user's looks after some use: memories whose vectors are written (a search embeds pending
 * ones) and one indexed document; the reference server gets the same memories as entities.
 */
function prepareUsedDir(dir: string): void {
  for (const [category, key, value] of USED_FACTS) cliWall(['memory', 'add', category, key, value], dir);
  mkdirSync(join(dir, 'documents'), { recursive: true });
  writeFileSync(join(dir, 'documents', 'quarterly-plan.md'), '# Quarterly plan\n\nThe quarterly plan sets the marketing budget and the hiring targets for Q3.\n');
  cliWall(['docs', 'ingest', join(dir, 'documents')], dir);
  cliWall(['memory', 'search', 'budget'], dir);
  writeFileSync(
    join(dir, 'memory.jsonl'),
    USED_FACTS.map(([, key, value]) => JSON.stringify({ type: 'entity', name: key, entityType: 'fact', observations: [value] })).join('\n') + '\n',
  );
}

async function round(): Promise<void> {
  for (const [label, dir] of [['fresh', freshDir()], ['used', usedDir]] as const) {
    const mine = await ours(dir);
    const theirs = await reference(dir);
    record(`${label}_list_ms`, mine.listMs);
    record(`${label}_call_ms`, mine.callMs);
    record(`${label}_reference_list_ms`, theirs.listMs);
    record(`${label}_reference_call_ms`, theirs.callMs);
  }
  // The very first start after an install or upgrade, before the code cache exists (docs/adr/0024-code-cache.md).
  record('first_install_call_ms', (await ours(freshDir(), { COS_CODE_CACHE: 'off' })).callMs);
}

function cliWall(args: string[], dataDir: string): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH ?? '', COS_DATA_DIR: dataDir, HOME: dataDir }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`cos ${args.join(' ')} exited ${run.status}: ${run.stderr.slice(0, 300)}`);
  return performance.now() - started;
}

const CLI_COMMANDS: Array<[string, string[]]> = [
  ['cos --help', ['--help']],
  ['cos memory search', ['memory', 'search', 'budget']],
  ['cos memory add', ['memory', 'add', 'work', 'bench.key', 'a value']],
  ['cos docs search', ['docs', 'search', 'quarterly plan']],
  ['cos tools', ['tools']],
  ['cos call get_calendar_events', ['call', 'get_calendar_events', '{"start_date":"2026-03-09","end_date":"2026-03-16"}']],
];

function nodeWall(): number {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - started;
}

const SERVER_UP_COMMANDS = CLI_COMMANDS.filter(([label]) => label.endsWith(' search'));

/** The MCP server on `dir`, as a client keeps it running, once it takes calls from cos (its socket exists). */
async function startServer(dir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, [ourServer], { env: { PATH: process.env.PATH, COS_DATA_DIR: dir, HOME: dir }, stdio: ['pipe', 'ignore', 'ignore'] });
  const deadline = Date.now() + 30_000;
  while (!existsSync(join(dir, 'cos.sock'))) {
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error('the server did not open its socket for cos within 30 s');
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  return server;
}

const cliMetric = (label: string) => `${label.replace(/^cos /, '').replace(/\W+/g, '_').replace(/^_/, '')}_ms`;

export const benchmarks = [
  {
    name: 'first answer: spawn → tools/list → first tools/call, ours and server-memory interleaved',
    iterations: ROUNDS,
    time: 0,
    setup: async () => {
      if (!existsSync(ourServer) || !existsSync(cli)) throw new Error('Bundle first: npx nx run-many -t bundle');
      if (!existsSync(referencePath()) && !existsSync(referenceServer)) {
        execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', referenceDir, '@modelcontextprotocol/server-memory'], { stdio: 'ignore' });
      }
      usedDir = freshDir();
      prepareUsedDir(usedDir);
      await ours(usedDir);
      await reference(usedDir);
    },
    fn: round,
    metrics: () => {
      const out: Record<string, number> = {};
      for (const label of ['fresh', 'used']) {
        out[`${label}_call_ms`] = median(`${label}_call_ms`);
        out[`${label}_call_ratio`] = median(`${label}_call_ms`) / median(`${label}_reference_call_ms`);
        out[`${label}_list_ratio`] = median(`${label}_list_ms`) / median(`${label}_reference_list_ms`);
      }
      out['first_install_call_ms'] = median('first_install_call_ms');
      out['first_install_call_ratio'] = median('first_install_call_ms') / median('fresh_reference_call_ms');
      return out;
    },
    goals: [
      { metric: 'fresh_call_ratio', max: 1.5 },
      { metric: 'used_call_ratio', max: 1.5 },
      { metric: 'fresh_list_ratio', max: 1.2 },
      { metric: 'used_list_ratio', max: 1.2 },
      // The used directory's first query_memory is the first semantic query of the process.
      { metric: 'used_call_ms', max: 900 },
    ],
  },
  {
    name: 'first answer: cos commands as whole processes (medians of 5, used data dir)',
    iterations: 1,
    time: 0,
    fn: async () => {
      const dir = freshDir();
      prepareUsedDir(dir);
      // The default: no server running, every command loads what it needs (the model included) itself. Beside it, the
      // floor any Node command line pays on this machine: starting Node itself.
      for (let i = 0; i < 5; i += 1) {
        for (const [label, args] of CLI_COMMANDS) record(label, cliWall(args, dir));
        record('node -e 0', nodeWall());
      }
      // With the MCP server running for the same directory (Claude Desktop open): searches are handed to it.
      const server = await startServer(dir);
      try {
        for (let i = 0; i < 5; i += 1) for (const [label, args] of SERVER_UP_COMMANDS) record(`${label} (server up)`, cliWall(args, dir));
      } finally {
        // Waits until it has exited, so nothing is still writing into its directory when that is removed.
        await stopChildProcess(server, 10_000);
      }
    },
    metrics: () =>
      Object.fromEntries([
        ['node_baseline_ms', median('node -e 0')],
        ...CLI_COMMANDS.map(([label]) => [cliMetric(label), median(label)]),
        ...SERVER_UP_COMMANDS.map(([label]) => [cliMetric(label).replace(/_ms$/, '_server_up_ms'), median(`${label} (server up)`)]),
      ]),
    goals: [
      { metric: cliMetric('cos --help'), max: 150 },
      { metric: cliMetric('cos memory search'), max: 350 },
      { metric: cliMetric('cos memory add'), max: 350 },
      { metric: cliMetric('cos docs search'), max: 700 },
    ],
    teardown: () => {
      // Every server started here has exited (stopChildProcess); retried all the same, as a last write may still be landing.
      for (const dir of scratch) rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  },
];
