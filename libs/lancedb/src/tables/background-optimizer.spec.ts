import { describe, expect, it } from '@jest/globals';
import { BackgroundOptimizer } from './background-optimizer.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('BackgroundOptimizer', () => {
  it('runs once enough rows were written and writes have paused, never twice at once', async () => {
    let runs = 0;
    let active = 0;
    let maxActive = 0;
    const optimizer = new BackgroundOptimizer(
      async () => {
        runs += 1;
        active += 1;
        maxActive = Math.max(maxActive, active);
        await sleep(40);
        active -= 1;
      },
      { afterRows: 10, delayMs: 10 },
    );
    optimizer.noteWritten(6);
    await sleep(30);
    expect(runs).toBe(0);
    optimizer.noteWritten(6);
    await sleep(30);
    expect(runs).toBe(1);
    optimizer.noteWritten(20);
    await sleep(120);
    expect(runs).toBe(2);
    expect(maxActive).toBe(1);
    await optimizer.stop();
  });

  it('runs after many small commits, long before their rows add up to afterRows', async () => {
    let runs = 0;
    const optimizer = new BackgroundOptimizer(
      async () => {
        runs += 1;
      },
      { afterRows: 1_000, afterCommits: 5, delayMs: 10 },
    );
    for (let n = 0; n < 4; n += 1) optimizer.noteWritten(1);
    await sleep(30);
    expect(runs).toBe(0);
    optimizer.noteWritten(1);
    await sleep(30);
    expect(runs).toBe(1);
    await optimizer.stop();
  });

  it('runs within maxWaitMs even when writes never pause', async () => {
    let runs = 0;
    const optimizer = new BackgroundOptimizer(
      async () => {
        runs += 1;
      },
      { afterRows: 5, delayMs: 50, maxWaitMs: 150 },
    );
    // A write every 10 ms: the 50 ms quiet period never comes.
    for (let n = 0; n < 40; n += 1) {
      optimizer.noteWritten(1);
      await sleep(10);
    }
    expect(runs).toBeGreaterThanOrEqual(1);
    await optimizer.stop();
  });

  it('reports a failure and tries again after the next writes', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const optimizer = new BackgroundOptimizer(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('commit conflict');
      },
      { afterRows: 5, delayMs: 5, onError: (error) => errors.push(error) },
    );
    optimizer.noteWritten(5);
    await sleep(30);
    expect(errors).toHaveLength(1);
    optimizer.noteWritten(1);
    await sleep(30);
    expect(runs).toBe(2);
    await optimizer.stop();
  });

  it('stop() cancels a scheduled run and waits for a running one', async () => {
    let finished = false;
    const optimizer = new BackgroundOptimizer(
      async () => {
        await sleep(30);
        finished = true;
      },
      { afterRows: 1, delayMs: 0 },
    );
    optimizer.noteWritten(1);
    await sleep(5);
    await optimizer.stop();
    expect(finished).toBe(true);
    let ran = false;
    const cancelled = new BackgroundOptimizer(
      async () => {
        ran = true;
      },
      { afterRows: 1, delayMs: 10 },
    );
    cancelled.noteWritten(1);
    await cancelled.stop();
    await sleep(30);
    expect(ran).toBe(false);
  });
});
