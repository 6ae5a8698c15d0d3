/**
 * How an agent run (run_agent, `cos ask`) is shown to people: the answer on stdout, a one-line account of what
 * was done on stderr, and — when the run did not complete — plain guidance on how to get a better result
 * (docs/orchestration.md#guidance-instead-of-raw-errors) instead of a raw status.
 */
import { paint, plural } from './text.js';

export interface RunResultView {
  run_id: string;
  agent: string;
  model: string;
  status: 'completed' | 'max_rounds' | 'loop_detected' | 'timeout' | 'error';
  stop_reason?: string;
  text: string;
  rounds: number;
  tool_calls: { name: string; ok: boolean; error_code?: string; duration_ms: number }[];
  usage: { input_tokens: number; output_tokens: number };
  duration_ms: number;
  incomplete?: true;
  warnings: string[];
  error?: string;
}

/** What the run did, in words: rounds, tools used and which of them failed. */
export function describeRun(run: RunResultView): string {
  const failed = run.tool_calls.filter((call) => !call.ok);
  const tools = [...new Set(run.tool_calls.map((call) => call.name))];
  const parts = [
    `${run.agent} on ${run.model}`,
    `${(run.duration_ms / 1000).toFixed(1)} s`,
    plural(run.rounds, 'round'),
    run.tool_calls.length === 0 ? 'no tools used' : `${plural(run.tool_calls.length, 'tool call')} (${tools.join(', ')})`,
    `${run.usage.input_tokens + run.usage.output_tokens} tokens`,
  ];
  if (failed.length > 0) parts.push(`failed: ${failed.map((call) => `${call.name} ${call.error_code ?? 'error'}`).join(', ')}`);
  return parts.join(' · ');
}

/** Advice for a run that did not end with a complete answer; undefined when there is nothing to add. */
export function runGuidance(run: RunResultView): string | undefined {
  const notConfigured = run.tool_calls.filter((call) => call.error_code === 'NOT_CONFIGURED').map((call) => call.name);
  const configHint = notConfigured.length > 0 ? ` Some sources are not set up (${[...new Set(notConfigured)].join(', ')}); \`cos doctor\` shows what to configure.` : '';
  switch (run.status) {
    case 'completed':
      return run.incomplete
        ? `The answer was cut short (${run.stop_reason ?? 'incomplete'}). Ask for a shorter answer, or split the question into parts.${configHint}`
        : configHint.trim() || undefined;
    case 'timeout':
      return `The agent ran out of time after ${(run.duration_ms / 1000).toFixed(0)} s. Narrow the request — one person (full name or email), one project, or a date range — or allow more time with --timeout <seconds>.${configHint}`;
    case 'max_rounds':
      return `The agent used all its rounds without finishing. Ask something narrower: name the person in full, give a date range, or say which source to look in.${configHint}`;
    case 'loop_detected':
      return `The agent kept repeating the same step and was stopped. Rephrase with specifics (a full name or email, a date range, the source to use).${configHint}`;
    case 'error':
      return `The run failed: ${run.error ?? 'the model call did not succeed'}. Check the model settings with \`cos doctor\` (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL) and try again.`;
  }
}

/** Prints a run for people; returns whether it completed. */
export function printRun(run: RunResultView): boolean {
  if (run.text.trim() !== '') process.stdout.write(`${run.text.trimEnd()}\n`);
  for (const warning of run.warnings) process.stderr.write(`${paint('yellow', `! ${warning}`, process.stderr)}\n`);
  process.stderr.write(`${paint('dim', describeRun(run), process.stderr)}\n`);
  const guidance = runGuidance(run);
  if (guidance) process.stderr.write(`${guidance}\n`);
  return run.status === 'completed';
}
