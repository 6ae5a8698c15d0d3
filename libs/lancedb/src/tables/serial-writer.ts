/**
 * One writer per table per process (docs/reference/data-model.md#storage): writes run one after another, and a write
 * that loses a commit race against another process (LanceDB's optimistic concurrency) is retried with backoff.
 */

const RETRYABLE = /conflict|retry|concurrent|commit/i;

export class SerialWriter {
  #tail: Promise<unknown> = Promise.resolve();
  readonly #attempts: number;
  readonly #baseDelayMs: number;

  constructor(options: { attempts?: number; baseDelayMs?: number } = {}) {
    this.#attempts = options.attempts ?? 5;
    this.#baseDelayMs = options.baseDelayMs ?? 25;
  }

  /** Runs `write` after every earlier write has settled; retries it on commit conflicts. */
  run<T>(write: () => Promise<T>): Promise<T> {
    const next = this.#tail.then(
      () => this.#withRetry(write),
      () => this.#withRetry(write),
    );
    this.#tail = next.catch(() => undefined);
    return next;
  }

  async #withRetry<T>(write: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await write();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (attempt >= this.#attempts || !RETRYABLE.test(message)) throw error;
        const delay = this.#baseDelayMs * 2 ** (attempt - 1) * (1 + Math.random());
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}
