/**
 * The four success metrics of tool orchestration, computed from the usage log and the fallback events of a window:
 *   tool_error_rate   failed calls / all calls (< 5%); calls that failed because of how they were asked are
 *                     counted apart as caller faults, since no executor can fix those
 *   fallback_recovery chains whose first tool failed and a later one answered / chains whose first tool failed (> 80%)
 *   latency_accuracy  median of |actual − estimated| / estimated over calls with an estimate (≤ 0.5)
 *   truncation_rate   shortened answers / answers (< 5%)
 * The same four can be had per UTC day of the window (`byDay`), for charts of how they move.
 * With no samples a metric has no value and neither passes nor fails. With fewer than MIN_SAMPLES_FOR_VERDICT it has a
 * value but still no verdict: on a fresh install two calls would otherwise make latency_accuracy "0.89 FAIL".
 */
import { nearestRanks } from './nearest-rank.js';

export interface UsageSample {
  toolName: string;
  success: boolean;
  errorCode: string | null;
  /** null when the call recorded none (counted as 0 ms). */
  durationMs: number | null;
  estimatedMs: number | null;
  truncated: boolean;
  /** When the call was made (ISO, UTC): needed only for the day-by-day series. */
  createdAt?: string;
}

export interface FallbackSample {
  chainId: string;
  attempt: number;
  outcome: string;
  /** When the attempt was made (ISO, UTC): needed only for the day-by-day series. */
  createdAt?: string;
}

export interface SuccessMetric {
  name: 'tool_error_rate' | 'fallback_recovery' | 'latency_accuracy' | 'truncation_rate';
  value: number | null;
  target: string;
  /** null when there are no samples, or fewer than `min_samples`. */
  pass: boolean | null;
  sample_size: number;
  /** Samples needed before the metric passes or fails. */
  min_samples: number;
}

export interface SlowTool {
  tool: string;
  p50_ms: number;
  p95_ms: number;
  calls: number;
}

/** One UTC day of a window: each metric's value that day (null with no samples) and how many calls it saw. */
export interface SuccessMetricsDay {
  day: string;
  calls: number;
  tool_error_rate: number | null;
  fallback_recovery: number | null;
  latency_accuracy: number | null;
  truncation_rate: number | null;
}

export interface SuccessMetrics {
  metrics: SuccessMetric[];
  caller_faults: number;
  slowest_tools: SlowTool[];
  /** With `byDay`: one point per UTC day of the window, oldest first. */
  series?: SuccessMetricsDay[];
}

export interface SuccessMetricsOptions {
  /** Also compute one point per UTC day from `from` to `to` (ISO timestamps; at most MAX_SERIES_DAYS days). */
  byDay?: { from: string; to: string };
}

/** The most days a series holds: the tool's longest window (90 days) and the partial day it starts on. */
export const MAX_SERIES_DAYS = 91;

/** Error codes that mean the request itself was wrong. */
export const CALLER_FAULT_CODES: ReadonlySet<string> = new Set([
  'INVALID_ARGUMENT',
  'NOT_FOUND',
  'UNKNOWN_TOOL',
  'PERMISSION_DENIED',
  'REFUSED',
  'CONFLICT',
  'READ_ONLY',
  'LIMIT_EXCEEDED',
  'NOT_CONFIGURED',
  'LOOP_DETECTED',
]);

/** Samples a metric needs before it passes or fails: fewer say more about chance than about orchestration. */
export const MIN_SAMPLES_FOR_VERDICT = 20;

function metric(name: SuccessMetric['name'], numerator: number, denominator: number, target: string, passes: (value: number) => boolean): SuccessMetric {
  return withVerdict(name, denominator === 0 ? null : numerator / denominator, denominator, target, passes);
}

function withVerdict(name: SuccessMetric['name'], value: number | null, samples: number, target: string, passes: (value: number) => boolean): SuccessMetric {
  const pass = value === null || samples < MIN_SAMPLES_FOR_VERDICT ? null : passes(value);
  return { name, value, target, pass, sample_size: samples, min_samples: MIN_SAMPLES_FOR_VERDICT };
}

/** What one window (or one day of it) adds up to, gathered call by call. */
interface Tally {
  calls: number;
  callerFaults: number;
  failed: number;
  answers: number;
  truncated: number;
  latencyErrors: number[];
  primaryFailed: number;
  recovered: number;
}

const emptyTally = (): Tally => ({ calls: 0, callerFaults: 0, failed: 0, answers: 0, truncated: 0, latencyErrors: [], primaryFailed: 0, recovered: 0 });

function addCall(tally: Tally, call: UsageSample): void {
  tally.calls += 1;
  if (call.success) {
    tally.answers += 1;
    if (call.truncated) tally.truncated += 1;
  } else if (CALLER_FAULT_CODES.has(call.errorCode ?? '')) {
    tally.callerFaults += 1;
  } else {
    tally.failed += 1;
  }
  if (call.estimatedMs !== null && call.estimatedMs > 0) tally.latencyErrors.push(Math.abs((call.durationMs ?? 0) - call.estimatedMs) / call.estimatedMs);
}

function metricsOf(tally: Tally): SuccessMetric[] {
  const errors = tally.latencyErrors;
  return [
    metric('tool_error_rate', tally.failed, tally.calls - tally.callerFaults, '< 5%', (value) => value < 0.05),
    metric('fallback_recovery', tally.recovered, tally.primaryFailed, '> 80%', (value) => value > 0.8),
    withVerdict('latency_accuracy', errors.length === 0 ? null : (nearestRanks(errors, [0.5])[0] as number), errors.length, '≤ 0.5', (value) => value <= 0.5),
    metric('truncation_rate', tally.truncated, tally.answers, '< 5%', (value) => value < 0.05),
  ];
}

/** The UTC calendar day of an ISO timestamp (`2026-04-30T23:10:00.000Z` → `2026-04-30`). */
function utcDay(timestamp: string): string {
  return timestamp.slice(0, 10);
}

/** Every UTC day from `from` to `to` (inclusive), at most MAX_SERIES_DAYS of them. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const day = new Date(`${utcDay(from)}T00:00:00.000Z`);
  const last = utcDay(to);
  while (days.length < MAX_SERIES_DAYS) {
    const name = day.toISOString().slice(0, 10);
    if (name > last) break;
    days.push(name);
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return days;
}

/**
 * The metrics of a window, and with `byDay` one point per UTC day of it as well, from ONE pass over the calls and one
 * over the fallback events (each call is tallied into the window and into its day). Linear in the rows apart from
 * sorting the latency errors, so a window of hundreds of thousands of calls stays well under a second.
 */
export function computeSuccessMetrics(calls: readonly UsageSample[], fallbacks: readonly FallbackSample[], options: SuccessMetricsOptions = {}): SuccessMetrics {
  const total = emptyTally();
  const byDay = options.byDay;
  const days = byDay ? new Map(daysBetween(byDay.from, byDay.to).map((day) => [day, emptyTally()])) : undefined;
  const durations = new Map<string, number[]>();
  for (const call of calls) {
    addCall(total, call);
    if (days && call.createdAt !== undefined) {
      const tally = days.get(utcDay(call.createdAt));
      if (tally) addCall(tally, call);
    }
    if (call.success) {
      const values = durations.get(call.toolName);
      const duration = call.durationMs ?? 0;
      if (values) values.push(duration);
      else durations.set(call.toolName, [duration]);
    }
  }

  // A chain counts on the day its first tool was tried.
  const chains = new Map<string, { primaryFailed: boolean; recovered: boolean; day: string | undefined }>();
  for (const event of fallbacks) {
    let chain = chains.get(event.chainId);
    if (!chain) {
      chain = { primaryFailed: false, recovered: false, day: undefined };
      chains.set(event.chainId, chain);
    }
    if (event.attempt === 0) {
      chain.primaryFailed = event.outcome !== 'success';
      if (event.createdAt !== undefined) chain.day = utcDay(event.createdAt);
    } else if (event.outcome === 'success') {
      chain.recovered = true;
    }
  }
  for (const chain of chains.values()) {
    if (!chain.primaryFailed) continue;
    const tallies = [total, ...(days && chain.day !== undefined && days.has(chain.day) ? [days.get(chain.day) as Tally] : [])];
    for (const tally of tallies) {
      tally.primaryFailed += 1;
      if (chain.recovered) tally.recovered += 1;
    }
  }

  const slowest = [...durations.entries()]
    .map(([tool, values]) => {
      const [p50, p95] = nearestRanks(values, [0.5, 0.95]) as [number, number];
      return { tool, p50_ms: Math.round(p50), p95_ms: Math.round(p95), calls: values.length };
    })
    .sort((a, b) => b.p50_ms - a.p50_ms || b.p95_ms - a.p95_ms)
    .slice(0, 5);

  return {
    metrics: metricsOf(total),
    caller_faults: total.callerFaults,
    slowest_tools: slowest,
    ...(days
      ? {
          series: [...days.entries()].map(([day, tally]) => {
            const values = Object.fromEntries(metricsOf(tally).map((entry) => [entry.name, entry.value])) as Record<SuccessMetric['name'], number | null>;
            return { day, calls: tally.calls, ...values };
          }),
        }
      : {}),
  };
}

/** The metrics as a small table for a terminal. */
export function formatSuccessMetrics(stats: SuccessMetrics & { breakers?: ReadonlyArray<{ name: string; scope: string; state: string }> }): string {
  const shown = (entry: SuccessMetric) =>
    entry.value === null ? '—' : entry.name === 'latency_accuracy' ? entry.value.toFixed(2) : `${(entry.value * 100).toFixed(1)}%`;
  const verdict = (entry: SuccessMetric) =>
    entry.pass !== null ? (entry.pass ? 'PASS' : 'FAIL') : entry.sample_size === 0 ? 'no data' : `not enough samples (needs ${entry.min_samples})`;
  const lines = stats.metrics.map(
    (entry) => `${entry.name.padEnd(18)} ${shown(entry).padStart(7)}  target ${entry.target.padEnd(6)} ${verdict(entry)}  (n=${entry.sample_size})`,
  );
  lines.push(`caller faults (not counted as errors): ${stats.caller_faults}`);
  const tripped = (stats.breakers ?? []).filter((breaker) => breaker.state !== 'closed');
  lines.push(tripped.length === 0 ? 'breakers: all closed' : `breakers: ${tripped.map((breaker) => `${breaker.name} (${breaker.scope}) ${breaker.state}`).join(', ')}`);
  if (stats.slowest_tools.length > 0) {
    lines.push('slowest tools (p50 / p95 ms):');
    for (const tool of stats.slowest_tools) lines.push(`  ${tool.tool.padEnd(34)} ${String(tool.p50_ms).padStart(7)} / ${String(tool.p95_ms).padStart(7)}  (${tool.calls} calls)`);
  }
  return lines.join('\n');
}
