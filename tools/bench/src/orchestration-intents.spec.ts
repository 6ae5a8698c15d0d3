/**
 * Guards the tool-selection goals on the labelled intent set, so a change to the scorer or the keyword tables that
 * costs recall fails the tests rather than waiting for someone to run the benchmark.
 */
import { describe, expect, it } from '@jest/globals';
import { evaluateIntents } from './orchestration-intents.bench.js';

describe('tool selection on the intent set', () => {
  it('meets the recall and abstention goals in English and Hebrew', () => {
    const figures = evaluateIntents();
    expect(figures['intents']).toBeGreaterThanOrEqual(150);
    expect(figures['recall_at_1']).toBeGreaterThanOrEqual(0.7);
    expect(figures['recall_at_4']).toBeGreaterThanOrEqual(0.9);
    expect(figures['hebrew_recall_at_4']).toBeGreaterThanOrEqual(0.85);
    expect(figures['abstain_rate']).toBeGreaterThanOrEqual(0.8);
  });
});
