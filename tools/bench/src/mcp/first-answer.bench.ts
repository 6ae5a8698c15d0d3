/**
 * Time to first answer, as a client feels it: spawn → initialize → tools/list → the first real tools/call answered
 * (`query_memory` on ours, `search_nodes` on the reference `@modelcontextprotocol/server-memory`), interleaved in one
 * run, 9 rounds each, medians compared — on a fresh data directory (every spawn its own) and on a used one (the
 * same directory every time, holding memories with their vectors and an indexed document, so the first
 * `query_memory` is a semantic query that needs the embedder). And the wall time of common `cos` commands as whole
 * processes on that used directory. Needs the bundled server and CLI (`npx nx run-many -t bundle`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

const ours = (dataDir: string): Promise<FirstAnswer> =>
  measureFirstAnswer(process.execPath, [ourServer], { PATH: process.env.PATH, COS_DATA_DIR: dataDir, COS_LOG_LEVEL: 'warn' }, { name: 'query_memory', arguments: { query: 'budget' } });
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
    fn: () => {
      const dir = freshDir();
      prepareUsedDir(dir);
      for (let i = 0; i < 5; i += 1) for (const [label, args] of CLI_COMMANDS) record(label, cliWall(args, dir));
    },
    metrics: () => Object.fromEntries(CLI_COMMANDS.map(([label]) => [cliMetric(label), median(label)])),
    goals: [
      { metric: cliMetric('cos --help'), max: 150 },
      { metric: cliMetric('cos memory search'), max: 350 },
      { metric: cliMetric('cos memory add'), max: 350 },
      { metric: cliMetric('cos docs search'), max: 700 },
    ],
    teardown: () => {
      for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
    },
  },
];
