import { describe, expect, it } from '@jest/globals';
import { describeRun, runGuidance, type RunResultView } from './run-result.js';

function run(overrides: Partial<RunResultView>): RunResultView {
  return {
    run_id: '7c1d',
    agent: 'chief_of_staff',
    model: 'claude-sonnet-4-6',
    status: 'completed',
    text: 'Done.',
    rounds: 2,
    tool_calls: [],
    usage: { input_tokens: 1000, output_tokens: 200 },
    duration_ms: 3200,
    warnings: [],
    ...overrides,
  };
}

describe('describeRun', () => {
  it('says what was done: agent, model, time, rounds, tools and failures', () => {
    const text = describeRun(
      run({
        tool_calls: [
          { name: 'get_calendar_events', ok: true, duration_ms: 40 },
          { name: 'search_mail', ok: false, error_code: 'NOT_CONFIGURED', duration_ms: 2 },
        ],
      }),
    );
    expect(text).toBe(
      'chief_of_staff on claude-sonnet-4-6 · 3.2 s · 2 rounds · 2 tool calls (get_calendar_events, search_mail) · 1200 tokens · failed: search_mail NOT_CONFIGURED',
    );
  });
});

describe('runGuidance', () => {
  it('has nothing to add to a complete answer', () => {
    expect(runGuidance(run({}))).toBeUndefined();
  });

  it('suggests narrowing the request or more time after a timeout', () => {
    const advice = runGuidance(run({ status: 'timeout', duration_ms: 60_000 }));
    expect(advice).toContain('ran out of time after 60 s');
    expect(advice).toContain('date range');
    expect(advice).toContain('--timeout');
  });

  it('points at cos doctor when sources the agent tried are not configured', () => {
    const advice = runGuidance(run({ status: 'max_rounds', tool_calls: [{ name: 'search_mail', ok: false, error_code: 'NOT_CONFIGURED', duration_ms: 1 }] }));
    expect(advice).toContain('all its rounds');
    expect(advice).toContain('not set up (search_mail)');
    expect(advice).toContain('cos doctor');
  });

  it('explains a failed run with its sanitised error and where to check the model settings', () => {
    const advice = runGuidance(run({ status: 'error', error: 'The model API rejected the key (401).' }));
    expect(advice).toContain('The model API rejected the key (401).');
    expect(advice).toContain('ANTHROPIC_API_KEY');
  });

  it('flags an answer cut short by the token limit', () => {
    expect(runGuidance(run({ incomplete: true, stop_reason: 'max_tokens' }))).toContain('cut short (max_tokens)');
  });
});
