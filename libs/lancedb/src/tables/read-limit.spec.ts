import { describe, expect, it } from '@jest/globals';
import { ReadLimit } from './read-limit.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ReadLimit', () => {
  it('runs at most the limit at once, in the order they came, and frees a slot when a read fails', async () => {
    const limit = new ReadLimit(2);
    let active = 0;
    let maxActive = 0;
    const started: number[] = [];
    const read = (id: number, fail = false) =>
      limit.run(async () => {
        started.push(id);
        active += 1;
        maxActive = Math.max(maxActive, active);
        await sleep(10);
        active -= 1;
        if (fail) throw new Error(`read ${id} failed`);
        return id;
      });
    const results = await Promise.allSettled([read(1, true), read(2), read(3), read(4), read(5)]);
    expect(maxActive).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    // Every slot came back: a later read starts at once.
    expect(await limit.run(async () => 'again')).toBe('again');
  });
});
