/**
 * The four success metrics of tool orchestration, computed from the usage log and the fallback events of a window:
 *   tool_error_rate   failed calls / all calls (< 5%); calls that failed because of how they were asked are
 *                     counted apart as caller faults, since no executor can fix those
 *   fallback_recovery chains whose first tool failed and a later one answered / chains whose first tool failed (> 80%)
 *   latency_accuracy  median of |actual − estimated| / estimated over calls with an estimate (≤ 0.5)
 *   truncation_rate   shortened answers / answers (< 5%)
 * With no samples a metric has no value and neither passes nor fails. With fewer than MIN_SAMPLES_FOR_VERDICT it has a
 * value but still no verdict: on a fresh install two calls would otherwise make latency_accuracy "0.89 FAIL".
 */
export interface UsageSample {
  toolName: string;
  success: boolean;
  errorCode: string | null;
  durationMs: number;
  estimatedMs: number | null;
  truncated: boolean;
}

export interface FallbackSample {
  chainId: string;
  attempt: number;
  outcome: string;
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

export interface SuccessMetrics {
  metrics: SuccessMetric[];
  caller_faults: number;
  slowest_tools: SlowTool[];
}

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

function nearestRank(sorted: readonly number[], fraction: number): number {
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

function metric(name: SuccessMetric['name'], numerator: number, denominator: number, target: string, passes: (value: number) => boolean): SuccessMetric {
  return withVerdict(name, denominator === 0 ? null : numerator / denominator, denominator, target, passes);
}

function withVerdict(name: SuccessMetric['name'], value: number | null, samples: number, target: string, passes: (value: number) => boolean): SuccessMetric {
  const pass = value === null || samples < MIN_SAMPLES_FOR_VERDICT ? null : passes(value);
  return { name, value, target, pass, sample_size: samples, min_samples: MIN_SAMPLES_FOR_VERDICT };
}

export function computeSuccessMetrics(calls: readonly UsageSample[], fallbacks: readonly FallbackSample[]): SuccessMetrics {
  const callerFaults = calls.filter((call) => !call.success && CALLER_FAULT_CODES.has(call.errorCode ?? '')).length;
  const counted = calls.length - callerFaults;
  const failed = calls.filter((call) => !call.success && !CALLER_FAULT_CODES.has(call.errorCode ?? '')).length;

  const chains = new Map<string, FallbackSample[]>();
  for (const event of fallbacks) chains.set(event.chainId, [...(chains.get(event.chainId) ?? []), event]);
  let primaryFailed = 0;
  let recovered = 0;
  for (const events of chains.values()) {
    const primary = events.find((event) => event.attempt === 0);
    if (!primary || primary.outcome === 'success') continue;
    primaryFailed += 1;
    if (events.some((event) => event.attempt > 0 && event.outcome === 'success')) recovered += 1;
  }

  const errors = calls
    .filter((call) => call.estimatedMs !== null && call.estimatedMs > 0)
    .map((call) => Math.abs(call.durationMs - (call.estimatedMs as number)) / (call.estimatedMs as number))
    .sort((a, b) => a - b);
  const accuracy = withVerdict('latency_accuracy', errors.length === 0 ? null : nearestRank(errors, 0.5), errors.length, '≤ 0.5', (value) => value <= 0.5);

  const answers = calls.filter((call) => call.success);
  const durations = new Map<string, number[]>();
  for (const call of answers) durations.set(call.toolName, [...(durations.get(call.toolName) ?? []), call.durationMs]);
  const slowest = [...durations.entries()]
    .map(([tool, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { tool, p50_ms: Math.round(nearestRank(sorted, 0.5)), p95_ms: Math.round(nearestRank(sorted, 0.95)), calls: sorted.length };
    })
    .sort((a, b) => b.p50_ms - a.p50_ms || b.p95_ms - a.p95_ms)
    .slice(0, 5);

  return {
    metrics: [
      metric('tool_error_rate', failed, counted, '< 5%', (value) => value < 0.05),
      metric('fallback_recovery', recovered, primaryFailed, '> 80%', (value) => value > 0.8),
      accuracy,
      metric('truncation_rate', answers.filter((call) => call.truncated).length, answers.length, '< 5%', (value) => value < 0.05),
    ],
    caller_faults: callerFaults,
    slowest_tools: slowest,
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
