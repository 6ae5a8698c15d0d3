/**
 * Progress while a tool runs: nothing for quick answers; after the tool's feedback delay "<Verb> with <Tool>…", then
 * the same every few seconds for slow tools, so a person waiting on research knows it is still going.
 */
import type { ProgressReporter } from '@chief-of-staff/core';
import type { ToolIntelligence } from '../registry/tool-intelligence.js';

const SLOW_TYPICAL_MS = 15_000;

export function startProgress(report: ProgressReporter, intelligence: ToolIntelligence, title: string, intervalMs: number): () => void {
  const started = performance.now();
  let repeat: NodeJS.Timeout | undefined;
  const say = () => {
    const seconds = Math.round((performance.now() - started) / 1000);
    try {
      report(`${intelligence.progressVerb} with ${title}…${seconds >= 2 ? ` (${seconds} s)` : ''}`);
    } catch {
      // A progress channel that fails must not fail the call.
    }
  };
  const first = setTimeout(() => {
    say();
    if (intelligence.latency.typicalMs >= SLOW_TYPICAL_MS) repeat = setInterval(say, intervalMs);
  }, intelligence.latency.userFeedbackDelayMs);
  return () => {
    clearTimeout(first);
    clearInterval(repeat);
  };
}
