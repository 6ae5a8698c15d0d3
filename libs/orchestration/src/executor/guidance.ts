/**
 * What a person reads when a chain is exhausted: what was tried, in plain words, and how to improve the request —
 * never the upstream error text (that is in the log under the reference).
 */
import type { ToolErrorPayload } from '@chief-of-staff/core';

export interface AttemptSummary {
  /** The tool's title, as a person would name it. */
  title: string;
  outcome: 'success' | 'empty_result' | 'timeout' | 'error' | 'circuit_open' | 'skipped';
  durationMs: number;
}

const OUTCOME_WORDS: Record<AttemptSummary['outcome'], (attempt: AttemptSummary) => string> = {
  success: () => 'answered',
  empty_result: () => 'found nothing',
  timeout: (attempt) => `did not answer within ${Math.max(1, Math.round(attempt.durationMs / 1000))} s`,
  error: () => 'was not available',
  circuit_open: () => 'is paused after repeated failures',
  skipped: () => 'was skipped',
};

const DOMAIN_ADVICE: Record<string, string> = {
  official_data: 'Name the statistic, the place and the period (e.g. "unemployment rate in Israel, 2024"), or try again in a few minutes.',
  web_research: 'Try narrower wording, name the company or topic exactly, or add a time frame; if no search server answers, check them with `cos doctor`.',
  files: 'Check the path and that the file server is connected (`cos doctor`).',
};

export function exhaustedChainError(domain: string, attempts: readonly AttemptSummary[], ref: string): ToolErrorPayload {
  const tried = attempts.map((attempt) => `${attempt.title} ${OUTCOME_WORDS[attempt.outcome](attempt)}`).join('; ');
  const allEmpty = attempts.length > 0 && attempts.every((attempt) => attempt.outcome === 'empty_result');
  const allTimedOut = attempts.length > 0 && attempts.every((attempt) => attempt.outcome === 'timeout');
  return {
    code: allEmpty ? 'NO_RESULT' : allTimedOut ? 'TIMEOUT' : 'UNAVAILABLE',
    message: `${allEmpty ? 'No source had an answer' : 'I could not get an answer'}: ${tried}. (ref ${ref})`,
    hint: DOMAIN_ADVICE[domain] ?? 'Try narrower wording or a shorter date range, or try again in a few minutes.',
  };
}
