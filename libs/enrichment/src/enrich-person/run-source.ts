/**
 * Runs one source under its own deadline. The source gets a signal that fires on its timeout or when the whole
 * call is cancelled; whichever comes first ends the wait, so a source that ignores its signal can delay nothing.
 * Failures never escape: they become an outcome with a status, which is what keeps the sections isolated.
 */
import type { Logger } from '@chief-of-staff/core';
import { classifySourceFailure } from './source-errors.js';
import type { SourceStatus } from './sections.js';

export interface SourceOutcome<TItem> {
  status: Exclude<SourceStatus, 'skipped'>;
  items: readonly TItem[];
  durationMs: number;
  message?: string;
}

export interface RunSourceOptions {
  /** Section name, for messages and logs. */
  section: string;
  timeoutMs: number;
  /** The whole call's signal (caller cancellation). */
  signal?: AbortSignal | undefined;
  logger?: Logger | undefined;
}

type Settled<TItem> =
  | { kind: 'done'; items: readonly TItem[] }
  | { kind: 'failed'; error: unknown }
  | { kind: 'timeout' }
  | { kind: 'cancelled' };

function timeoutError(section: string, timeoutMs: number): Error {
  const error = new Error(`The ${section} source did not answer within ${timeoutMs} ms.`);
  error.name = 'TimeoutError';
  return error;
}

export async function runSource<TItem>(
  run: (signal: AbortSignal) => Promise<readonly TItem[]>,
  options: RunSourceOptions,
): Promise<SourceOutcome<TItem>> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const parent = options.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onParentAbort: (() => void) | undefined;

  const stopped = new Promise<Settled<TItem>>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(timeoutError(options.section, options.timeoutMs));
      resolve({ kind: 'timeout' });
    }, options.timeoutMs);
    if (parent) {
      onParentAbort = () => {
        controller.abort(parent.reason);
        resolve({ kind: 'cancelled' });
      };
      if (parent.aborted) onParentAbort();
      else parent.addEventListener('abort', onParentAbort, { once: true });
    }
  });

  // `then` turns a synchronous throw inside the source into a rejection, so it is isolated like any other.
  const work = Promise.resolve()
    .then(() => run(controller.signal))
    .then(
      (items): Settled<TItem> => ({ kind: 'done', items: Array.isArray(items) ? items : [] }),
      (error: unknown): Settled<TItem> => ({ kind: 'failed', error }),
    );

  try {
    const settled = await Promise.race([work, stopped]);
    switch (settled.kind) {
      case 'done':
        return { status: settled.items.length > 0 ? 'ok' : 'empty', items: settled.items, durationMs: elapsed() };
      case 'timeout':
        return {
          status: 'timeout',
          items: [],
          durationMs: elapsed(),
          message: `No answer within ${options.timeoutMs} ms.`,
        };
      case 'cancelled':
        return { status: 'error', items: [], durationMs: elapsed(), message: 'Cancelled before it finished.' };
      case 'failed': {
        const failure = classifySourceFailure(options.section, settled.error, options.logger);
        return { status: failure.status, items: [], durationMs: elapsed(), message: failure.message };
      }
    }
    return settled satisfies never;
  } finally {
    clearTimeout(timer);
    if (parent && onParentAbort) parent.removeEventListener('abort', onParentAbort);
  }
}
