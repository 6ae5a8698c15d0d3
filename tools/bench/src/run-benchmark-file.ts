/**
 * Runs the benchmarks one `*.bench.ts` file exports: untimed warm-up calls first (flagged so self-recorded figures can
 * leave them out), then tinybench with its own warm-up off, then peer ratios and goals. A benchmark that throws is
 * reported with its error instead of stopping the run; one whose teardown throws keeps its figures, with the teardown's
 * error beside them (a teardown runs after the measuring, so its failure says nothing about the figures).
 */
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Bench } from 'tinybench';
import type { BenchmarkGoal, BenchmarkResult, BenchmarkSpec } from './benchmark-spec.js';
import { percentile } from './percentile.js';

function goalValue(result: BenchmarkResult, metric: string): number | null {
  const figures: Record<string, number | undefined> = {
    mean: result.mean,
    p50: result.p50,
    p95: result.p95,
    p99: result.p99,
    ratio: result.ratio,
    ...result.metrics,
  };
  return figures[metric] ?? null;
}

/** A goal with both bounds needs both; one with neither is a mistake in the bench file and never met. */
function meetsGoal(goal: BenchmarkGoal, value: number): boolean {
  if (goal.max === undefined && goal.min === undefined) return false;
  return (goal.max === undefined || value <= goal.max) && (goal.min === undefined || value >= goal.min);
}

/** The row of a benchmark (or a whole file) that produced no figures: NaN figures and what went wrong. */
export function errorResult(file: string, name: string, error: string): BenchmarkResult {
  return { file, name, opsPerSec: 0, mean: NaN, p50: NaN, p95: NaN, p99: NaN, samples: 0, error };
}

/** A full collection when the process was started with `--expose-gc` (as `npm run bench` starts each file); else nothing. */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Every benchmark of `file` whose name or path (relative to `root`) contains one of `filters` (all when none). */
export async function runBenchmarkFile(file: string, filters: readonly string[], root: string): Promise<BenchmarkResult[]> {
  const module = (await import(pathToFileURL(file).href)) as { benchmarks?: BenchmarkSpec[] };
  const rel = relative(root, file);
  const specs = (module.benchmarks ?? []).filter(
    (spec) => filters.length === 0 || filters.some((f) => rel.includes(f) || spec.name.includes(f)),
  );
  const results: BenchmarkResult[] = [];
  for (const spec of specs) {
    try {
      await spec.setup?.();
      for (let i = 0; i < (spec.warmupIterations ?? 0); i += 1) await spec.fn({ warmup: true });
      // The garbage setup and warm-up left is collected before timing starts, not in the middle of the timed calls.
      collectGarbage();
      const bench = new Bench({ iterations: spec.iterations ?? 50, time: spec.time ?? 500, retainSamples: true, warmup: false });
      // Declared async so tinybench does not make an extra, untimed call of its own to find out.
      bench.add(spec.name, async () => {
        await spec.fn({ warmup: false });
      }, { async: true });
      await bench.run();
      const task = bench.tasks[0];
      const result = task?.result;
      if (!result || !('latency' in result)) {
        const reason = result && 'error' in result ? String((result as { error: unknown }).error) : 'no result';
        throw new Error(reason);
      }
      const sorted = [...(result.latency.samples ?? [])].sort((a, b) => a - b);
      results.push({
        file: rel,
        name: spec.name,
        opsPerSec: result.throughput.mean,
        mean: result.latency.mean,
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        p99: percentile(sorted, 0.99),
        samples: sorted.length,
        metrics: spec.metrics?.(),
      });
    } catch (error) {
      results.push(errorResult(rel, spec.name, String(error)));
    }
    try {
      await spec.teardown?.();
    } catch (error) {
      const result = results.find((r) => r.name === spec.name);
      if (result) result.teardownError = String(error);
    }
  }
  for (const spec of specs) {
    const result = results.find((r) => r.name === spec.name);
    if (!result) continue;
    if (spec.peer) {
      const peer = results.find((r) => r.name === spec.peer);
      if (peer && peer.mean > 0) result.ratio = result.mean / peer.mean;
    }
    const goals = [...(spec.goal ? [spec.goal] : []), ...(spec.goals ?? [])];
    if (goals.length > 0) {
      result.goals = goals.map((goal) => {
        const value = goalValue(result, goal.metric);
        return { ...goal, value, met: value !== null && meetsGoal(goal, value) };
      });
      result.goal = result.goals[0];
    }
  }
  return results;
}
