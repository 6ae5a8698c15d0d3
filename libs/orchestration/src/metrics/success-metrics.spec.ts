import { describe, expect, it } from '@jest/globals';
import { computeSuccessMetrics, formatSuccessMetrics, type UsageSample } from './success-metrics.js';

const call = (overrides: Partial<UsageSample> = {}): UsageSample => ({ toolName: 'search', success: true, errorCode: null, durationMs: 100, estimatedMs: 100, truncated: false, ...overrides });

describe('computeSuccessMetrics', () => {
  it('has no values and no verdicts without samples', () => {
    const stats = computeSuccessMetrics([], []);
    expect(stats.metrics.map((entry) => [entry.name, entry.value, entry.pass, entry.sample_size])).toEqual([
      ['tool_error_rate', null, null, 0],
      ['fallback_recovery', null, null, 0],
      ['latency_accuracy', null, null, 0],
      ['truncation_rate', null, null, 0],
    ]);
  });

  it('counts service failures as errors and caller faults apart', () => {
    const calls = [
      ...Array.from({ length: 36 }, () => call()),
      call({ success: false, errorCode: 'TIMEOUT' }),
      call({ success: false, errorCode: 'UNAVAILABLE' }),
      call({ success: false, errorCode: 'INVALID_ARGUMENT' }),
    ];
    const stats = computeSuccessMetrics(calls, []);
    expect(stats.metrics[0]).toEqual({ name: 'tool_error_rate', value: 2 / 38, target: '< 5%', pass: false, sample_size: 38, min_samples: 20 });
    expect(stats.caller_faults).toBe(1);
  });

  it('measures recovery over chains whose first tool failed', () => {
    const stats = computeSuccessMetrics([], [
      { chainId: 'a', attempt: 0, outcome: 'timeout' },
      { chainId: 'a', attempt: 1, outcome: 'success' },
      { chainId: 'b', attempt: 0, outcome: 'error' },
      { chainId: 'b', attempt: 1, outcome: 'error' },
      { chainId: 'c', attempt: 0, outcome: 'empty_result' },
      { chainId: 'c', attempt: 1, outcome: 'empty_result' },
      { chainId: 'c', attempt: 2, outcome: 'success' },
    ]);
    expect(stats.metrics[1]).toMatchObject({ value: 2 / 3, pass: null, sample_size: 3 });
  });

  it('takes the median relative latency error and the truncation share of answers', () => {
    const stats = computeSuccessMetrics([call({ durationMs: 100 }), call({ durationMs: 150 }), call({ durationMs: 400, truncated: true }), call({ estimatedMs: null })], []);
    expect(stats.metrics[2]).toMatchObject({ value: 0.5, sample_size: 3 });
    expect(stats.metrics[3]).toMatchObject({ value: 0.25, sample_size: 4 });
  });

  it('judges a metric only from 20 samples on: a fresh install says "not enough samples", not FAIL', () => {
    const slow = (count: number) => Array.from({ length: count }, () => call({ durationMs: 189 }));
    const few = computeSuccessMetrics(slow(2), []);
    expect(few.metrics[2]).toEqual({ name: 'latency_accuracy', value: 0.89, target: '≤ 0.5', pass: null, sample_size: 2, min_samples: 20 });
    expect(formatSuccessMetrics(few)).toMatch(/latency_accuracy\s+0\.89\s+target ≤ 0\.5\s+not enough samples \(needs 20\)\s+\(n=2\)/);
    expect(formatSuccessMetrics(few)).not.toContain('FAIL');

    const enough = computeSuccessMetrics(slow(20), []);
    expect(enough.metrics[2]).toMatchObject({ value: 0.89, pass: false, sample_size: 20 });
    expect(formatSuccessMetrics(enough)).toMatch(/latency_accuracy\s+0\.89\s+target ≤ 0\.5\s+FAIL/);
  });

  it('lists the slowest tools and formats a readable table', () => {
    const stats = computeSuccessMetrics([call({ toolName: 'slow', durationMs: 9_000 }), call({ toolName: 'fast', durationMs: 5 })], []);
    expect(stats.slowest_tools.map((tool) => tool.tool)).toEqual(['slow', 'fast']);
    const text = formatSuccessMetrics({ ...stats, breakers: [{ name: 'tavily', scope: 'server', state: 'open' }] });
    expect(text).toMatch(/tool_error_rate\s+0\.0%\s+target < 5%\s+not enough samples/);
    expect(text).toContain('tavily (server) open');
  });

  it('gives one point per UTC day of the window, each day from its own calls and the chains begun that day', () => {
    const at = (day: string) => `${day}T10:00:00.000Z`;
    const stats = computeSuccessMetrics(
      [
        call({ createdAt: at('2026-04-28') }),
        call({ createdAt: at('2026-04-28'), success: false, errorCode: 'TIMEOUT' }),
        call({ createdAt: at('2026-04-28'), success: false, errorCode: 'NOT_FOUND' }),
        call({ createdAt: at('2026-04-30'), durationMs: 150, truncated: true }),
        call({ createdAt: '2026-04-30T23:59:59.000Z', estimatedMs: null }),
      ],
      [
        { chainId: 'a', attempt: 0, outcome: 'error', createdAt: '2026-04-28T23:59:59.000Z' },
        { chainId: 'a', attempt: 1, outcome: 'success', createdAt: '2026-04-29T00:00:01.000Z' },
        { chainId: 'b', attempt: 0, outcome: 'timeout', createdAt: at('2026-04-30') },
      ],
      { byDay: { from: '2026-04-27T12:00:00.000Z', to: '2026-04-30T12:00:00.000Z' } },
    );
    expect(stats.series).toEqual([
      { day: '2026-04-27', calls: 0, tool_error_rate: null, fallback_recovery: null, latency_accuracy: null, truncation_rate: null },
      { day: '2026-04-28', calls: 3, tool_error_rate: 0.5, fallback_recovery: 1, latency_accuracy: 0, truncation_rate: 0 },
      { day: '2026-04-29', calls: 0, tool_error_rate: null, fallback_recovery: null, latency_accuracy: null, truncation_rate: null },
      { day: '2026-04-30', calls: 2, tool_error_rate: 0, fallback_recovery: 0, latency_accuracy: 0.5, truncation_rate: 0.5 },
    ]);
    // The window's own figures: 1 service failure in 4 counted calls (the NOT_FOUND is the caller's), 1 of 2 chains.
    expect(stats.metrics[0]).toMatchObject({ value: 1 / 4, sample_size: 4 });
    expect(stats.metrics[1]).toMatchObject({ value: 1 / 2, sample_size: 2 });
    expect(computeSuccessMetrics([call()], []).series).toBeUndefined();
  });

  it('stays linear on a large window: 200,000 calls of one tool (quadratic copying took minutes)', () => {
    const calls = Array.from({ length: 200_000 }, (_, i) => call({ durationMs: i % 900, createdAt: `2026-04-${String(1 + (i % 30)).padStart(2, '0')}T10:00:00.000Z` }));
    const started = performance.now();
    const stats = computeSuccessMetrics(calls, [], { byDay: { from: '2026-04-01T00:00:00.000Z', to: '2026-04-30T23:00:00.000Z' } });
    // About 0.2 s on an idle machine; the bound leaves room for a busy one and still catches the quadratic version.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(stats.slowest_tools[0]).toMatchObject({ tool: 'search', calls: 200_000 });
    expect(stats.series).toHaveLength(30);
  });
});
