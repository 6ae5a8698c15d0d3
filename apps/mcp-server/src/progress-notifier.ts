/**
 * Relays a tool's `ctx.progress(message, fraction?)` as MCP `notifications/progress`, only when the client sent a
 * progress token. `progress` must strictly increase (docs/orchestration.md#progress): fractions are used when given,
 * otherwise elapsed seconds, and a value that would not increase is nudged up.
 */
import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { ProgressReporter } from '@chief-of-staff/core';

export function createProgressNotifier(
  progressToken: string | number | undefined,
  send: (notification: ServerNotification) => Promise<void>,
  now: () => number = Date.now,
): ProgressReporter | undefined {
  if (progressToken === undefined) return undefined;
  const started = now();
  let last = 0;
  return (message, fraction) => {
    const usesFraction = typeof fraction === 'number' && Number.isFinite(fraction);
    let progress = usesFraction ? Math.min(Math.max(fraction, 0), 1) : (now() - started) / 1000;
    if (progress <= last) progress = last + 1e-6;
    last = progress;
    void send({
      method: 'notifications/progress',
      params: { progressToken, progress, ...(usesFraction ? { total: 1 } : {}), message },
    }).catch(() => undefined);
  };
}
