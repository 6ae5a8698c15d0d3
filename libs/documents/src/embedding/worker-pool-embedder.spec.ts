/**
 * How the worker pool schedules work on its threads: one model load where one will do, urgent requests ahead of
 * background ones, warm-up without a second first run. The vectors it returns are checked against the in-process
 * embedder in use-lite-embedder.spec.ts; here the model only runs in the pool's workers.
 */
import { describe, expect, it } from '@jest/globals';
import { WorkerPoolEmbedder } from './worker-pool-embedder.js';

const SHORT = 'Short.';
const BUDGET = 'The board approved the hiring budget.';
const WALKS = 'My dog loves long walks in the park.';

/** Runs `use` with a pool of these options, and closes the pool afterwards whatever happens. */
async function withPool(options: ConstructorParameters<typeof WorkerPoolEmbedder>[0], use: (pool: WorkerPoolEmbedder) => Promise<void>): Promise<void> {
  const pool = new WorkerPoolEmbedder(options);
  try {
    await use(pool);
  } finally {
    await pool.close();
  }
}

describe('WorkerPoolEmbedder scheduling', () => {
  it('lets a request wait for the busy worker rather than load the model in a second one', async () => {
    await withPool({ size: 2 }, async (pool) => {
      await pool.embed([BUDGET]);
      const [first, second] = await Promise.all([pool.embed([SHORT]), pool.embed([BUDGET])]);
      expect(pool.workerCount).toBe(1);
      expect(first).toHaveLength(1);
      expect(second).toHaveLength(1);
    });
  });

  it('hands an urgent request to the busy worker at once, so it runs while this thread is still busy', async () => {
    await withPool({ size: 2 }, async (pool) => {
      await pool.warmUp();
      const first = pool.embed([SHORT], { urgent: true });
      const second = pool.embed([BUDGET], { urgent: true });
      // A thread loading its libraries hears no replies for a while; both runs (tens of ms each) end meanwhile.
      const until = Date.now() + 1_500;
      while (Date.now() < until) {
        // Busy, as module loading is.
      }
      await first;
      // Already answered: no round trip after the first reply was heard (before, the second was only sent then).
      const answered = await Promise.race([second.then(() => true), new Promise<boolean>((resolve) => setImmediate(() => resolve(false)))]);
      expect(answered).toBe(true);
      expect(pool.workerCount).toBe(1);
    });
  });

  it('keeps background requests out of a busy worker, so an urgent one never waits behind more than one run', async () => {
    await withPool({ size: 1 }, async (pool) => {
      await pool.warmUp();
      const first = pool.embed([SHORT]);
      const second = pool.embed([BUDGET]);
      const until = Date.now() + 1_500;
      while (Date.now() < until) {
        // Busy, as module loading is.
      }
      await first;
      const answered = await Promise.race([second.then(() => true), new Promise<boolean>((resolve) => setImmediate(() => resolve(false)))]);
      expect(answered).toBe(false);
      await second;
    });
  });

  it('runs the model once when warmed up with nothing asked, so the first query pays no first run', async () => {
    await withPool({ size: 2 }, async (pool) => {
      await pool.warmUp();
      expect(pool.modelRuns).toBe(1);
      await pool.embed([WALKS]);
      expect(pool.modelRuns).toBe(2);
      expect(pool.workerCount).toBe(1);
    });
  });

  it('runs an urgent query ahead of background batches already queued', async () => {
    await withPool({ size: 1, batchSize: 1 }, async (pool) => {
      await pool.warmUp();
      const finished: string[] = [];
      const notes = Array.from({ length: 8 }, (_, index) => `Background note ${index} about the quarterly plan and its hiring targets`);
      const background = notes.map((text, index) => pool.embed([text]).then(() => finished.push(`background ${index}`)));
      const query = pool.embed(['what is the budget'], { urgent: true }).then(() => finished.push('query'));
      await Promise.all([...background, query]);
      // The first background batch was already running; the query comes right after it.
      expect(finished.indexOf('query')).toBeLessThanOrEqual(1);
    });
  });
});
