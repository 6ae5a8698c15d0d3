import { describe, expect, it } from '@jest/globals';
import { join, resolve } from 'node:path';
import { runBenchmarkFile } from './run-benchmark-file.js';
import { percentile } from './percentile.js';
import { calls } from './testing/fixtures/sample-benchmarks.js';

const root = resolve(import.meta.dirname, '..');
const file = join(import.meta.dirname, 'testing', 'fixtures', 'sample-benchmarks.ts');

describe('runBenchmarkFile', () => {
  it('times only the measured calls, checks goals, computes peer ratios and reports errors without stopping', async () => {
    const results = await runBenchmarkFile(file, [], root);
    const byName = Object.fromEntries(results.map((result) => [result.name, result]));

    expect(calls.warmup).toBe(3);
    expect(byName['sample: counted']?.samples).toBe(calls.timed);
    expect(byName['sample: counted']?.goal).toMatchObject({ metric: 'p95', met: true });

    expect(byName['sample: slow']?.goal).toMatchObject({ met: false });
    expect(byName['sample: slow']?.ratio).toBeGreaterThan(1);

    expect(byName['sample: own figures']?.goals).toEqual([
      { metric: 'recall', max: 0.4, value: 0.5, met: false },
      { metric: 'misses', max: 3, value: 2, met: true },
      { metric: 'share', min: 0.85, value: 0.9, met: true },
      { metric: 'recall', min: 0.6, value: 0.5, met: false },
    ]);

    expect(byName['sample: broken']).toMatchObject({ samples: 0, error: expect.stringContaining('boom') });
  });

  it('keeps the figures of a benchmark whose teardown throws, with the teardown error beside them, and goes on', async () => {
    const results = await runBenchmarkFile(file, [], root);
    const messy = results.find((result) => result.name === 'sample: messy teardown');
    expect(messy).toMatchObject({ samples: 3, teardownError: expect.stringContaining('left files behind') });
    expect(messy?.error).toBeUndefined();
    expect(results.map((result) => result.name)).toContain('sample: broken');
  });

  it('keeps only the benchmarks a filter names', async () => {
    const results = await runBenchmarkFile(file, ['own figures'], root);
    expect(results.map((result) => result.name)).toEqual(['sample: own figures']);
  });
});

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.95)).toBe(95);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
