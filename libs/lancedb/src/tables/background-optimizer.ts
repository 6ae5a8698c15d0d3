/**
 * Keeps a vector table compacted and indexed without a separate maintenance process. LanceDB adds a fragment per
 * commit, leaves new rows out of the vector and text indexes until `optimize()`, and builds no ANN index by itself,
 * so a table only ever written to gets slower with every ingest. After `afterRows` rows or `afterCommits` commits
 * by this process, `optimize()` runs in the background once writes have paused for `delayMs` — or, when they never
 * pause (a server storing facts all day), at the latest `maxWaitMs` after it became due: without that bound a steady
 * trickle of writes postponed it forever, and fragments and versions piled up until searches took seconds. `requestSoon()` covers tables other processes (a short-lived CLI ingest) left behind. It never runs
 * twice at once, its failures are reported and retried after the next writes, and `stop()` lets a running one finish
 * before shutdown.
 */

export interface BackgroundOptimizerOptions {
  /** Rows written since the last optimize that make the next one due (default 1,000). */
  afterRows?: number;
  /**
   * Commits since the last optimize that make the next one due (default 50). Each commit adds a fragment and a
   * version, and a search opens every fragment: many small commits (facts stored one by one) slow searches long
   * before they add up to `afterRows`.
   */
  afterCommits?: number;
  /** Quiet period after the last write before it runs (default 5 s). */
  delayMs?: number;
  /** Longest it waits for that quiet period once due (default 15 s). */
  maxWaitMs?: number;
  /** Table versions older than this are deleted by the optimize (default `LANCE_KEEP_VERSIONS_MS`, ten minutes). */
  keepVersionsMs?: number;
  onError?(error: unknown): void;
}

export class BackgroundOptimizer {
  readonly #run: () => Promise<void>;
  readonly #afterRows: number;
  readonly #afterCommits: number;
  readonly #delayMs: number;
  readonly #maxWaitMs: number;
  readonly #onError: (error: unknown) => void;
  #rowsSinceOptimize = 0;
  #commitsSinceOptimize = 0;
  #timer: NodeJS.Timeout | undefined;
  /** When the pending run became due (performance.now()), for the `maxWaitMs` bound. */
  #dueSince: number | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;

  constructor(run: () => Promise<void>, options: BackgroundOptimizerOptions = {}) {
    this.#run = run;
    this.#afterRows = Math.max(1, options.afterRows ?? 1_000);
    this.#afterCommits = Math.max(1, options.afterCommits ?? 50);
    this.#delayMs = Math.max(0, options.delayMs ?? 5_000);
    this.#maxWaitMs = Math.max(this.#delayMs, options.maxWaitMs ?? 15_000);
    this.#onError = options.onError ?? (() => undefined);
  }

  /** Schedules an optimize whatever this process wrote (a table left fragmented or unindexed by another one). */
  requestSoon(): void {
    if (!this.#stopped) this.#schedule();
  }

  /** Records one commit of `rows` rows; schedules (or pushes back) an optimize once enough have accumulated. */
  noteWritten(rows: number): void {
    if (this.#stopped || rows <= 0) return;
    this.#rowsSinceOptimize += rows;
    this.#commitsSinceOptimize += 1;
    if (this.#rowsSinceOptimize >= this.#afterRows || this.#commitsSinceOptimize >= this.#afterCommits)
      this.#schedule();
  }

  /** Cancels a scheduled optimize and waits for a running one. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    const now = performance.now();
    this.#dueSince ??= now;
    const delay = Math.min(this.#delayMs, Math.max(0, this.#dueSince + this.#maxWaitMs - now));
    this.#timer = setTimeout(() => this.#start(), delay);
    // Never keeps a CLI command or a test alive.
    this.#timer.unref();
  }

  #start(): void {
    this.#timer = undefined;
    if (this.#stopped) return;
    if (this.#running) {
      // The previous optimize is still going: try again after another quiet period.
      this.#schedule();
      return;
    }
    const rows = this.#rowsSinceOptimize;
    const commits = this.#commitsSinceOptimize;
    this.#rowsSinceOptimize = 0;
    this.#commitsSinceOptimize = 0;
    this.#dueSince = undefined;
    this.#running = this.#run()
      .catch((error: unknown) => {
        this.#rowsSinceOptimize += rows;
        this.#commitsSinceOptimize += commits;
        this.#onError(error);
      })
      .finally(() => {
        this.#running = undefined;
      });
  }
}
