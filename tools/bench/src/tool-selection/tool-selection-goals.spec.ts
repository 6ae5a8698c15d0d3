/**
 * The tool-selection goals as part of the test suite, so CI fails when a change misses one on a development half:
 * the whole evaluation of `npm run bench -- tool-selection` (every set, split and ranker, Lunr and MiniSearch in the
 * same run, the offline embedder's similarity), with the goal checks of `--check`. The held-out test halves are
 * measured and printed, never asserted: a test half that decided anything would no longer be held out.
 */
import { describe, expect, it } from '@jest/globals';
import { evaluateToolSelection, formatGoalLines, formatSelectionTable } from './evaluate-tool-selection.js';
import { requestSetsSemanticSource } from './request-sets-semantic-source.js';

describe('tool selection on data the scorer was not written against', () => {
  it('meets every goal on the development halves', async () => {
    const semantic = await requestSetsSemanticSource();
    const evaluation = evaluateToolSelection({}, { semantic });
    const missed = evaluation.goals.filter((goal) => goal.enforced && !goal.met);
    if (missed.length > 0) console.log(`${formatSelectionTable(evaluation)}\n${formatGoalLines(evaluation.goals)}`);
    expect(missed.map((goal) => `${goal.goal}: ${goal.value}`)).toEqual([]);
  }, 600_000);
});
