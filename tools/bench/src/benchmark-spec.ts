/**
 * The shape a `*.bench.ts` file exports: `export const benchmarks = [ ... ]`. Kept structural so library bench files
 * need no import from tools/ (libraries must not depend on workspace tooling).
 */
export interface BenchmarkGoal {
  /** Which figure the goal is about: a latency statistic, `ratio`, or a key returned by `metrics`. */
  metric: string;
  /** The figure must be at most this value (milliseconds for latencies). */
  max?: number;
  /** The figure must be at least this value (a throughput, or a share of a peer's throughput). */
  min?: number;
}

export interface BenchmarkSpec {
  name: string;
  /**
   * The measured operation. The runner calls it `warmupIterations` times with `{ warmup: true }` first (those calls
   * are never timed); a benchmark that records its own figures (in `metrics`) must skip recording on those calls.
   */
  fn: (run?: { warmup: boolean }) => unknown;
  /** Untimed calls before measuring (default 0: tinybench's own warm-up is off, so nothing else runs untimed). */
  warmupIterations?: number;
  /** Runs once before measuring (open stores, generate data). */
  setup?: () => unknown;
  /** Runs once after measuring. */
  teardown?: () => unknown;
  /** Minimum iterations (default 50) and minimum time in ms (default 500). */
  iterations?: number;
  time?: number;
  /** Another benchmark of the same file: `ratio` = this mean latency / the peer's mean latency. */
  peer?: string;
  /** Extra figures computed after the run (e.g. a wall-time ratio measured by the benchmark itself). */
  metrics?: () => Record<string, number>;
  goal?: BenchmarkGoal;
  /** Further goals of the same benchmark (e.g. several ratios one run measures); each is checked like `goal`. */
  goals?: BenchmarkGoal[];
}

export type CheckedGoal = BenchmarkGoal & { value: number | null; met: boolean };

export interface BenchmarkResult {
  file: string;
  name: string;
  opsPerSec: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  samples: number;
  ratio?: number;
  metrics?: Record<string, number>;
  /** The first of `goals`, kept for readers of older result files. */
  goal?: CheckedGoal;
  goals?: CheckedGoal[];
  error?: string;
  /** What the benchmark's teardown threw; its figures were measured before and stand. */
  teardownError?: string;
}
