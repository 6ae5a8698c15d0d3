/**
 * MCP server cold start (spawn → tools/list answered), ours against the reference `@modelcontextprotocol/server-memory`
 * measured in the same run: 15 spawns each, medians compared. Goal: ours ≤ 1.2 × the reference, with every tool listed.
 * Needs the built server (`npx nx bundle @chief-of-staff/mcp-server`); the reference server is installed into a temporary
 * folder from the npm registry on first use.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { percentile } from '../percentile.js';
import { measureColdStart } from './cold-start.js';

const RUNS = 15;
const ourServer = resolve(import.meta.dirname, '..', '..', '..', '..', 'apps', 'mcp-server', 'dist', 'main.js');
const referenceDir = join(tmpdir(), 'cos-bench-server-memory');
const referenceServer = join(referenceDir, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');

const ours: number[] = [];
const reference: number[] = [];
let tools = 0;
let dataDir = '';

function ensureReferenceServer(): void {
  if (existsSync(referenceServer)) return;
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', referenceDir, '@modelcontextprotocol/server-memory'], {
    stdio: 'ignore',
  });
}

function median(samples: number[]): number {
  return percentile([...samples].sort((a, b) => a - b), 0.5);
}

export const benchmarks = [
  {
    name: 'mcp: cold start, reference server-memory (spawn → tools/list)',
    iterations: RUNS,
    time: 0,
    setup: () => {
      if (!existsSync(ourServer)) throw new Error('Build the server first: npx nx bundle @chief-of-staff/mcp-server');
      ensureReferenceServer();
    },
    fn: async () => {
      const run = await measureColdStart(process.execPath, [referenceServer], {
        PATH: process.env.PATH,
        MEMORY_FILE_PATH: join(tmpdir(), 'cos-bench-reference-memory.jsonl'),
      });
      reference.push(run.ms);
    },
  },
  {
    name: 'mcp: cold start, chief-of-staff (spawn → tools/list)',
    iterations: RUNS,
    time: 0,
    setup: () => {
      dataDir = mkdtempSync(join(tmpdir(), 'cos-bench-cold-'));
    },
    fn: async () => {
      const run = await measureColdStart(process.execPath, [ourServer], {
        PATH: process.env.PATH,
        COS_DATA_DIR: dataDir,
        COS_LOG_LEVEL: 'warn',
      });
      ours.push(run.ms);
      tools = run.tools;
    },
    teardown: () => rmSync(dataDir, { recursive: true, force: true }),
    peer: 'mcp: cold start, reference server-memory (spawn → tools/list)',
    metrics: () => ({
      medianMs: median(ours),
      referenceMedianMs: median(reference),
      medianRatio: median(ours) / median(reference),
      tools,
    }),
    goal: { metric: 'medianRatio', max: 1.2 },
  },
];
