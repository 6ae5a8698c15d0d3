/**
 * The one retry layer for model calls (docs/reference/algorithms.md#model-call-retry), built on cockatiel: retries
 * 429, 500, 502, 503, 504, 529 and connection failures, honours `retry-after` (capped), otherwise backs off 1 s, 2 s,
 * 4 s ±25 %, and never sleeps past the run deadline — a wait that would cross it ends the call as a deadline failure
 * instead.
 */
import { DelegateBackoff, handleWhen, retry } from 'cockatiel';
import { isModelCallError, ModelCallError } from './model-client.js';

export interface ModelRetrySettings {
  /** Retries after the first attempt (default 3). */
  maxRetries: number;
  /** First back-off delay; doubles each retry (default 1,000 ms). */
  initialDelayMs: number;
  /** Longest `retry-after` honoured (default 60 s). */
  maxRetryAfterSeconds: number;
}

export const DEFAULT_MODEL_RETRY: ModelRetrySettings = Object.freeze({
  maxRetries: 3,
  initialDelayMs: 1_000,
  maxRetryAfterSeconds: 60,
});

const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504, 529]);

/** Parses `retry-after-ms` or `retry-after` (seconds or an HTTP date) into milliseconds from now. */
export function parseRetryAfter(
  retryAfterMs: string | null | undefined,
  retryAfter: string | null | undefined,
  nowMs: number = Date.now(),
): number | undefined {
  if (retryAfterMs) {
    const ms = Number(retryAfterMs);
    if (Number.isFinite(ms) && ms >= 0) return ms;
  }
  if (!retryAfter) return undefined;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1_000;
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

export function isRetryableModelError(error: unknown): error is ModelCallError {
  if (!isModelCallError(error)) return false;
  if (error.kind === 'connection') return true;
  return error.kind === 'status' && error.status !== undefined && RETRYABLE_STATUSES.has(error.status);
}

/** The wait before retry number `attempt` (1-based). */
export function retryDelayMs(
  error: ModelCallError,
  attempt: number,
  settings: ModelRetrySettings,
  random: () => number = Math.random,
): number {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, settings.maxRetryAfterSeconds * 1_000);
  const base = settings.initialDelayMs * 2 ** (attempt - 1);
  return Math.round(base * (0.75 + random() * 0.5));
}

/** The call could not finish before the deadline (during a retry wait or because the signal fired). */
export class ModelDeadlineError extends Error {
  constructor(message = 'The model call could not finish before the run deadline.') {
    super(message);
    this.name = 'ModelDeadlineError';
  }
}

export interface ModelRetryEvent {
  attempt: number;
  delayMs: number;
  error: ModelCallError;
}

export interface CallModelWithRetryOptions {
  signal: AbortSignal;
  /** Epoch ms (same clock as `now`) after which no attempt may start or wait. */
  deadlineAt: number;
  settings?: ModelRetrySettings;
  now?: () => number;
  random?: () => number;
  onRetry?: (event: ModelRetryEvent) => void;
}

/** Rejects when the signal fires; `dispose` removes the listener so long runs do not pile them up. */
function abortPromise(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
  let dispose = () => undefined as void;
  const promise = new Promise<never>((_, reject) => {
    const fail = () => reject(new ModelDeadlineError('The model call was aborted.'));
    if (signal.aborted) {
      fail();
      return;
    }
    signal.addEventListener('abort', fail, { once: true });
    dispose = () => signal.removeEventListener('abort', fail);
  });
  promise.catch(() => undefined);
  return { promise, dispose };
}

/**
 * Runs `call` with retries. Throws the last `ModelCallError` for non-retryable failures or exhausted retries,
 * and `ModelDeadlineError` when the deadline or the signal ends the call.
 */
export async function callModelWithRetry<T>(
  call: (signal: AbortSignal, attempt: number) => Promise<T>,
  options: CallModelWithRetryOptions,
): Promise<T> {
  const settings = options.settings ?? DEFAULT_MODEL_RETRY;
  const now = options.now ?? Date.now;
  let attempt = 0;
  let plannedDelay = 0;
  let deadlineHit = false;
  const policy = retry(
    handleWhen((error) => {
      if (!isRetryableModelError(error) || options.signal.aborted) return false;
      const delay = retryDelayMs(error, attempt, settings, options.random);
      if (now() + delay >= options.deadlineAt) {
        deadlineHit = true;
        return false;
      }
      plannedDelay = delay;
      options.onRetry?.({ attempt, delayMs: delay, error });
      return true;
    }),
    { maxAttempts: settings.maxRetries, backoff: new DelegateBackoff(() => plannedDelay) },
  );
  // cockatiel's back-off sleep ignores the signal; racing it keeps a cancelled run from waiting it out.
  const execution = policy.execute(({ signal }) => {
    attempt += 1;
    if (options.signal.aborted) throw new ModelDeadlineError();
    return call(signal, attempt);
  }, options.signal);
  const aborted = abortPromise(options.signal);
  try {
    return await Promise.race([execution, aborted.promise]);
  } catch (error) {
    execution.catch(() => undefined);
    if (deadlineHit || options.signal.aborted) throw new ModelDeadlineError();
    if (isModelCallError(error) && error.kind === 'aborted') throw new ModelDeadlineError();
    throw error;
  } finally {
    aborted.dispose();
  }
}
