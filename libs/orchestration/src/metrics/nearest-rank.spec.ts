import { describe, expect, it } from '@jest/globals';
import { nearestRanks } from './nearest-rank.js';

/** The definition: sort, then read the nearest rank. */
function bySorting(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] as number;
}

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('nearestRanks', () => {
  const fractions = [0.5, 0.95];

  it('gives what sorting gives, on random, repetitive, sorted and reversed values of every small size', () => {
    const random = generator(7);
    for (let size = 1; size <= 60; size += 1) {
      const shapes = [
        Array.from({ length: size }, () => random() * 1_000),
        Array.from({ length: size }, () => Math.floor(random() * 4)),
        Array.from({ length: size }, (_, i) => i),
        Array.from({ length: size }, (_, i) => size - i),
        Array.from({ length: size }, () => 42),
      ];
      for (const values of shapes) expect(nearestRanks(values, fractions)).toEqual(fractions.map((fraction) => bySorting(values, fraction)));
    }
  });

  it('gives what sorting gives on a month of durations, with many repeats, and leaves the input as it was', () => {
    const random = generator(11);
    const durations = Array.from({ length: 20_000 }, () => 20 + Math.floor(random() * 200));
    const copy = [...durations];
    expect(nearestRanks(durations, [0.5, 0.95, 1])).toEqual([bySorting(durations, 0.5), bySorting(durations, 0.95), bySorting(durations, 1)]);
    expect(durations).toEqual(copy);
  });

  it('has nothing to give for no values', () => {
    expect(nearestRanks([], [0.5])).toEqual([Number.NaN]);
  });
});
