/**
 * `npm run bench [--check] [filter…]`: discovers every `*.bench.ts` in apps/, libs/ and tools/, runs each exported
 * benchmark with tinybench, prints a table and writes tools/bench/results/latest.json. A filter keeps benchmarks whose
 * file path or name contains it. tinybench's warm-up is off: every reported sample is a timed run, and a benchmark's
 * own warm-up calls are flagged so self-recorded figures can leave them out. `--check` exits 1 when a goal is missed.
 * The load average and CPU model are printed and stored, so figures from different hosts are not compared blindly.
 * Each file runs in a fresh child process, so the figures of a file do not depend on which files ran before it.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, platform, totalmem } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { BenchmarkGoal, BenchmarkResult } from './benchmark-spec.js';
import { runFileInChild } from './run-file-in-child.js';

const workspaceRoot = resolve(import.meta.dirname, '..', '..', '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', 'out-tsc', '.nx', 'tmp', 'coverage', '.git']);

function findBenchFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) findBenchFiles(join(dir, entry.name), out);
    } else if (entry.name.endsWith('.bench.ts')) {
      out.push(join(dir, entry.name));
    }
  }
  return out;
}

function fmt(value: number | undefined, digits = 3): string {
  if (value === undefined || Number.isNaN(value)) return '-';
  return value >= 1000 ? value.toFixed(0) : value.toPrecision(digits);
}

/** `p95≤100`, `ingestShare≥0.85`, or `0.5≤x≤2`. */
function goalBounds(goal: BenchmarkGoal): string {
  const lower = goal.min === undefined ? '' : `${goal.min}≤`;
  const upper = goal.max === undefined ? '' : `≤${goal.max}`;
  return goal.max === undefined && goal.min !== undefined ? `${goal.metric}≥${goal.min}` : `${lower}${goal.metric}${upper}`;
}

function printTable(results: BenchmarkResult[]): void {
  const rows = results.map((r) => [
    r.name,
    r.error ? 'ERROR' : fmt(r.opsPerSec),
    fmt(r.p50),
    fmt(r.p95),
    fmt(r.p99),
    String(r.samples),
    r.ratio === undefined ? '' : r.ratio.toFixed(3),
    [
      ...Object.entries(r.metrics ?? {}).map(([k, v]) => `${k}=${fmt(v)}`),
      ...(r.goals ?? []).map((goal) => `goal ${goalBounds(goal)}: ${goal.met ? 'met' : 'MISSED'} (${fmt(goal.value ?? NaN)})`),
      r.error ?? '',
      r.teardownError ? `teardown failed: ${r.teardownError}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  ]);
  const header = ['benchmark', 'ops/s', 'p50 ms', 'p95 ms', 'p99 ms', 'samples', 'ratio', 'notes'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

function hostLine(): string {
  const [one, five] = loadavg();
  return `host: ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, load average ${one?.toFixed(2)} (1 min) ${five?.toFixed(2)} (5 min), node ${process.version}`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const filters = args.filter((arg) => arg !== '--check');
  console.log(hostLine());
  const files = ['apps', 'libs', 'tools']
    .map((dir) => join(workspaceRoot, dir))
    .flatMap((dir) => findBenchFiles(dir))
    .sort();
  const results: BenchmarkResult[] = [];
  for (const file of files) results.push(...(await runFileInChild(file, filters, workspaceRoot)));
  printTable(results);
  const cpu = cpus()[0];
  const report = {
    generatedAt: new Date().toISOString(),
    node: process.version,
    machine: { platform: platform(), arch: arch(), cpus: cpus().length, cpuModel: cpu?.model ?? 'unknown', memoryGiB: Math.round(totalmem() / 2 ** 30), loadAverage: loadavg() },
    results,
  };
  const outDir = join(workspaceRoot, 'tools', 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'latest.json'), JSON.stringify(report, null, 2) + '\n');
  console.log(`\n${results.length} benchmarks; results written to ${relative(workspaceRoot, join(outDir, 'latest.json'))}`);
  // A teardown that throws is a fault of the bench file (it may leave files or processes behind), so the run fails too.
  if (results.some((r) => r.error || r.teardownError)) process.exitCode = 1;
  const missed = results.filter((r) => (r.goals ?? []).some((goal) => !goal.met));
  if (check && missed.length > 0) {
    console.log(`--check: ${missed.length} goal(s) missed: ${missed.map((r) => r.name).join('; ')}`);
    process.exitCode = 1;
  }
}

await main();
