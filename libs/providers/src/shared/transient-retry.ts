/**
 * Retries a server sync after a transient failure (unreachable, timed out, dropped connection) with exponential
 * backoff: two more attempts, 0.5 s and 1 s apart. Authentication and configuration errors are never retried — they
 * will not fix themselves, and retrying a wrong password can lock an account.
 */
import { ExponentialBackoff, handleWhen, retry } from 'cockatiel';
import { isProviderError } from '../errors/provider-error.js';

export const SYNC_RETRY_ATTEMPTS = 2;

const transient = handleWhen((error) => isProviderError(error) && error.kind === 'unavailable');

export function retryTransient<T>(work: () => Promise<T>, options: { initialDelayMs?: number } = {}): Promise<T> {
  const policy = retry(transient, { maxAttempts: SYNC_RETRY_ATTEMPTS, backoff: new ExponentialBackoff({ initialDelay: options.initialDelayMs ?? 500, maxDelay: 4_000 }) });
  return policy.execute(() => work());
}
