/**
 * One attempt of a tool under its own time limit. A handler that ignores its signal is not waited for: the attempt
 * resolves with TIMEOUT as soon as the limit passes, and the handler's late result is discarded. A cancellation by
 * the caller resolves as UNAVAILABLE, never as a timeout, so it is not mistaken for a slow tool.
 */
import { runTool, type AnyToolDefinition, type ToolContext, type ToolRunResult } from '@chief-of-staff/core';

function abortResult(signal: AbortSignal): ToolRunResult {
  const reason = signal.reason as { name?: string } | undefined;
  return reason?.name === 'TimeoutError'
    ? { ok: false, error: { code: 'TIMEOUT', message: 'The tool did not finish in time.', hint: 'Try again with a narrower request.' } }
    : { ok: false, error: { code: 'UNAVAILABLE', message: 'The call was cancelled before it finished.' } };
}

export async function runWithDeadline(tool: AnyToolDefinition, args: unknown, ctx: ToolContext<unknown>, timeoutMs: number): Promise<ToolRunResult> {
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(new DOMException(`${tool.name} exceeded ${timeoutMs} ms`, 'TimeoutError')), Math.max(0, timeoutMs));
  const signal = AbortSignal.any([ctx.signal, timer.signal]);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<ToolRunResult>((resolve) => {
    onAbort = () => resolve(abortResult(signal));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([runTool(tool, args, { ...ctx, signal }), aborted]);
  } finally {
    clearTimeout(handle);
    if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
  }
}
