import { describe, expect, it } from '@jest/globals';
import { join, resolve } from 'node:path';
import { runFileInChild } from './run-file-in-child.js';

const root = resolve(import.meta.dirname, '..', '..', '..');
const fixture = (name: string) => join(import.meta.dirname, 'testing', 'fixtures', name);

describe('runFileInChild', () => {
  it("runs each file in a fresh process: one file's leftovers (globals, open timers) neither reach nor hold up the next", async () => {
    const first = await runFileInChild(fixture('leaves-state.ts'), [], root);
    const second = await runFileInChild(fixture('reads-state.ts'), [], root);

    expect(first).toEqual([expect.objectContaining({ name: 'isolation: leaves state', samples: 1 })]);
    expect(second).toEqual([expect.objectContaining({ name: 'isolation: reads state', metrics: { sawLeftover: 0 } })]);
  }, 60_000);

  it('passes the filters on and reports goals as the in-process runner does', async () => {
    const results = await runFileInChild(fixture('sample-benchmarks.ts'), ['own figures'], root);
    expect(results.map((result) => result.name)).toEqual(['sample: own figures']);
    expect(results[0]?.goals?.map((goal) => goal.met)).toEqual([false, true, true, false]);
  }, 60_000);

  it("keeps a thrown benchmark's figures as NaN across the process boundary", async () => {
    const [broken] = await runFileInChild(fixture('sample-benchmarks.ts'), ['broken'], root);
    expect(broken).toMatchObject({ name: 'sample: broken', error: expect.stringContaining('boom') });
    expect(broken?.p95).toBeNaN();
  }, 60_000);

  it('turns a process that dies before reporting into one ERROR row, so the run goes on', async () => {
    const results = await runFileInChild(fixture('exits-early.ts'), [], root);
    expect(results).toEqual([
      expect.objectContaining({ name: 'tools/bench/src/testing/fixtures/exits-early.ts', samples: 0, error: expect.stringContaining('code 3') }),
    ]);
  }, 60_000);
});
