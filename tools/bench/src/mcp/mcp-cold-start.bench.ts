/**
 * MCP server cold start (spawn → tools/list answered), ours against the reference `@modelcontextprotocol/server-memory`
 * measured in the same run: 15 spawns each, medians compared. Ours is measured twice, reported apart: every spawn on a
 * fresh data directory (no list cached yet, so the shipped list answers), and every spawn on one directory used before
 * (its own cached list). Goal: both ≤ 1.2 × the reference, with every tool listed. The first real answer is measured
 * by cold-start-first-answer.bench.ts (both run with `npm run bench -- cold-start`).
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

const fresh: number[] = [];
const cached: number[] = [];
const reference: number[] = [];
let tools = 0;
const dirs: string[] = [];
let usedDir = '';

function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cos-bench-cold-'));
  dirs.push(dir);
  return dir;
}

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
    name: 'mcp: cold start, chief-of-staff (spawn → tools/list; fresh and used data dir)',
    iterations: RUNS,
    time: 0,
    setup: async () => {
      usedDir = newDir();
      // The used directory gets its own cached list from one start before measuring.
      await measureColdStart(process.execPath, [ourServer], { PATH: process.env.PATH, COS_DATA_DIR: usedDir, COS_LOG_LEVEL: 'warn' });
    },
    fn: async () => {
      const first = await measureColdStart(process.execPath, [ourServer], { PATH: process.env.PATH, COS_DATA_DIR: newDir(), COS_LOG_LEVEL: 'warn' });
      fresh.push(first.ms);
      const again = await measureColdStart(process.execPath, [ourServer], { PATH: process.env.PATH, COS_DATA_DIR: usedDir, COS_LOG_LEVEL: 'warn' });
      cached.push(again.ms);
      tools = Math.min(first.tools, again.tools);
    },
    teardown: () => {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
    metrics: () => ({
      freshMedianMs: median(fresh),
      cachedMedianMs: median(cached),
      referenceMedianMs: median(reference),
      freshRatio: median(fresh) / median(reference),
      cachedRatio: median(cached) / median(reference),
      tools,
    }),
    goals: [
      { metric: 'freshRatio', max: 1.2 },
      { metric: 'cachedRatio', max: 1.2 },
    ],
  },
];
