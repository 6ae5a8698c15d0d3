/**
 * The limits an agent run is held to whatever the model asks for: a wall-clock deadline that aborts in-flight work,
 * a cap on outbound messages, and a share of the context window for each tool result.
 */
import { fitsInContextWindow } from '@chief-of-staff/orchestration';

const CHARS_PER_TOKEN = 4;

/** Context window of the Claude models agents run on; results are cut so a request stays within 80% of it. */
const CONTEXT_WINDOW_TOKENS = 200_000;

const OUTBOUND_GROUPS: Record<string, { group: string; label: string }> = {
  send_email: { group: 'email', label: 'emails' },
  reply_to_email: { group: 'email', label: 'emails' },
  send_notification: { group: 'notification', label: 'notifications' },
};
const OUTBOUND_LIMIT = 5;

/** A run's abort signal: it fires at the deadline or when the caller cancels; `release` stops listening. */
export interface RunDeadline {
  signal: AbortSignal;
  release(): void;
}

export function startRunDeadline(startedMs: number, deadlineAt: number, callerSignal: AbortSignal | undefined): RunDeadline {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The run reached its deadline.', 'TimeoutError')),
    Math.max(0, deadlineAt - startedMs),
  );
  const onCallerAbort = () => controller.abort(new DOMException('The caller cancelled the run.', 'TimeoutError'));
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    release: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

/**
 * Counts one outbound call (an email, a notification) against the run's cap; returns why it is refused once the cap
 * is reached, or undefined for tools that send nothing or calls still within it.
 */
export function claimOutbound(outbound: Map<string, number>, toolName: string): string | undefined {
  const kind = OUTBOUND_GROUPS[toolName];
  if (kind === undefined) return undefined;
  const used = outbound.get(kind.group) ?? 0;
  if (used >= OUTBOUND_LIMIT) return `A run may send at most ${OUTBOUND_LIMIT} ${kind.label}; this one already has.`;
  outbound.set(kind.group, used + 1);
  return undefined;
}

/**
 * How many characters each result of this round may take: the configured limit, or less when the conversation is
 * near the context window, so the next request still fits in 80% of it.
 */
export function resultBudgetChars(maxChars: number, contextTokens: number, results: number): number {
  const share = Math.ceil(maxChars / CHARS_PER_TOKEN);
  if (fitsInContextWindow(contextTokens, share * results, CONTEXT_WINDOW_TOKENS)) return maxChars;
  const room = Math.max(0, Math.floor(CONTEXT_WINDOW_TOKENS * 0.8) - contextTokens);
  return Math.max(200, Math.floor((room * CHARS_PER_TOKEN) / Math.max(1, results)));
}
