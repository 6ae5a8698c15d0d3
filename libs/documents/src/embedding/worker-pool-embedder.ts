/**
 * USE-lite in a small pool of `worker_threads` (default 2) for bulk ingestion and for keeping model work off
 * the event loop of a serving process. Workers start on demand (the second only when there is queued work),
 * stay referenced only while busy, and stop after an idle period. Runs the same runtime as `UseLiteEmbedder`
 * (so the same vectors) and shares its id.
 */
import { Worker } from 'node:worker_threads';
import { embedAligned, sliceIntoBatches, type EmbedOptions, type Embedder } from './embedder.js';
import { USE_LITE_BATCH_SIZE, USE_LITE_DIMS, USE_LITE_EMBEDDER_ID } from './use-lite-embedder.js';
import { resolveUseLitePackagePaths } from './use-lite-runtime.js';

export interface WorkerPoolEmbedderOptions {
  /** Number of worker threads (default 2). */
  size?: number;
  /** Texts per worker request (default 8); the worker runs their windows of at most 128 tokens 8 per model call. */
  batchSize?: number;
  /** Idle workers stop after this many ms (default 60,000). */
  idleMs?: number;
}

interface Job {
  texts: string[];
  urgent: boolean;
  resolve(vectors: Float32Array[]): void;
  reject(error: Error): void;
}

interface PostedJob {
  job: Job;
  id: number;
}

interface PoolWorker {
  worker: Worker;
  /** Jobs posted to this worker and not yet answered, in the order it runs them (at most two; see `#pump`). */
  jobs: PostedJob[];
  /** A warm-up sent to this worker and not yet answered; the worker still takes a job meanwhile (it queues it). */
  warmUp: { id: number; resolve(): void; reject(error: Error): void } | undefined;
  /** True once the worker has answered a request, i.e. its model is loaded. */
  loaded: boolean;
  /** Graph runs of this worker, as it last reported. */
  modelRuns: number;
}

/** Prefetched vectors nobody has taken yet are dropped beyond this many (oldest first). */
const MAX_PREFETCHED = 4;

type WorkerReply = { id: number; vectors: Float32Array[]; modelRuns: number } | { id: number; error: string };

export class WorkerPoolEmbedder implements Embedder {
  readonly id = USE_LITE_EMBEDDER_ID;
  readonly dims = USE_LITE_DIMS;
  readonly #size: number;
  readonly #batchSize: number;
  readonly #idleMs: number;
  readonly #workers: PoolWorker[] = [];
  readonly #queue: Job[] = [];
  #idleTimer: NodeJS.Timeout | undefined;
  #warming: Promise<void> | undefined;
  /** Vectors asked for ahead of time (`prefetch`), each taken by the first `embed` of that one text. */
  readonly #prefetched = new Map<string, Promise<Float32Array[]>>();
  #nextJobId = 1;
  #closed = false;

  constructor(options: WorkerPoolEmbedderOptions = {}) {
    this.#size = Math.max(1, options.size ?? 2);
    this.#batchSize = options.batchSize ?? USE_LITE_BATCH_SIZE;
    this.#idleMs = options.idleMs ?? 60_000;
  }

  /** Number of live worker threads (for diagnostics and tests). */
  get workerCount(): number {
    return this.#workers.length;
  }

  /** Model runs of the live workers so far (for diagnostics and tests). */
  get modelRuns(): number {
    return this.#workers.reduce((sum, entry) => sum + entry.modelRuns, 0);
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    if (this.#closed) throw new Error('The embedder was closed.');
    const prefetched = texts.length === 1 ? this.#prefetched.get(texts[0] as string) : undefined;
    if (prefetched) {
      this.#prefetched.delete(texts[0] as string);
      // A prefetch that failed (a worker that died) is simply asked again.
      return prefetched.catch(() => this.embed(texts, options));
    }
    return embedAligned(texts, this.dims, async (nonBlank) => {
      // Similar lengths share a request, so the worker pads its windows less; results go back to input order.
      const byLength = nonBlank
        .map((text, index) => ({ text, index }))
        .sort((a, b) => b.text.length - a.text.length || a.index - b.index);
      const batches = sliceIntoBatches(byLength, this.#batchSize);
      const parts = await Promise.all(batches.map((batch) => this.#submit(batch.map((entry) => entry.text), options.urgent === true)));
      const vectors: Float32Array[] = new Array<Float32Array>(nonBlank.length);
      batches.forEach((batch, batchIndex) => {
        const part = parts[batchIndex] as Float32Array[];
        if (part.length !== batch.length) {
          throw new Error(`Embedder returned ${part.length} vectors for ${batch.length} texts; batch rejected.`);
        }
        batch.forEach((entry, i) => {
          vectors[entry.index] = part[i] as Float32Array;
        });
      });
      return vectors;
    });
  }

  /**
   * Starts embedding one text now, ahead of background work, and keeps the vector for the next `embed([text])`, which
   * then waits for this run instead of asking for another: for a caller that knows a query before the code that will
   * embed it has loaded (a search arriving while the libraries load). The same model on the same text gives the same
   * vector either way. Blank texts are ignored; a few prefetches are kept at most.
   */
  prefetch(text: string): void {
    if (this.#closed || text.trim() === '' || this.#prefetched.has(text)) return;
    // Through `embed`, so a prefetched vector passes the same checks as any other.
    const pending = this.embed([text], { urgent: true });
    pending.catch(() => {
      if (this.#prefetched.get(text) === pending) this.#prefetched.delete(text);
    });
    this.#prefetched.set(text, pending);
    if (this.#prefetched.size > MAX_PREFETCHED) this.#prefetched.delete(this.#prefetched.keys().next().value as string);
  }

  /**
   * Starts a worker and loads the model in it now, so the first real request does not wait for the load (a serving
   * process calls this when it has vectors to search). Resolves when the model is ready; rejects if it cannot load.
   * A request made meanwhile goes to the warming worker, which answers it as soon as the model is loaded.
   */
  warmUp(): Promise<void> {
    if (this.#closed || this.#workers.some((entry) => entry.loaded)) return Promise.resolve();
    if (!this.#warming) {
      const idle = this.#workers.find((entry) => entry.jobs.length === 0 && entry.warmUp === undefined);
      const entry = idle ?? (this.#workers.length < this.#size ? this.#spawn() : undefined);
      // Every worker is busy with a request, which loads the model anyway: the warm-up waits its turn.
      const warming = entry ? this.#sendWarmUp(entry) : this.#submit(['warm up']).then(() => undefined);
      // A failed warm-up may be tried again; the first real request would load the model anyway.
      warming.catch(() => {
        if (this.#warming === warming) this.#warming = undefined;
      });
      this.#warming = warming;
    }
    return this.#warming;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#idleTimer);
    this.#prefetched.clear();
    for (const job of this.#queue.splice(0)) job.reject(new Error('The embedder was closed.'));
    await Promise.all(this.#workers.splice(0).map((entry) => entry.worker.terminate()));
  }

  #sendWarmUp(entry: PoolWorker): Promise<void> {
    return new Promise((resolve, reject) => {
      entry.warmUp = { id: this.#nextJobId++, resolve, reject };
      entry.worker.ref();
      entry.worker.postMessage({ id: entry.warmUp.id, warmUp: true });
    });
  }

  #submit(texts: string[], urgent = false): Promise<Float32Array[]> {
    return new Promise((resolve, reject) => {
      const job = { texts, resolve, reject, urgent };
      // Urgent jobs go after other urgent ones, ahead of all background work.
      const firstBackground = urgent ? this.#queue.findIndex((queued) => !queued.urgent) : -1;
      if (firstBackground >= 0) this.#queue.splice(firstBackground, 0, job);
      else this.#queue.push(job);
      this.#pump();
    });
  }

  #pump(): void {
    clearTimeout(this.#idleTimer);
    while (this.#queue.length > 0) {
      let entry = this.#workers.find((candidate) => candidate.jobs.length === 0);
      // A busy worker is free again after one run (tens of ms) and one still loading its model soon after, while a new
      // one loads the model first (hundreds): each takes one waiting request before another worker is started. So a
      // query right after a warm-up, or a fact caught up beside a search's query, never loads the model twice; a
      // longer queue (bulk ingestion) gets the second worker.
      const willFree = this.#workers.filter((candidate) => !candidate.loaded || candidate.jobs.length > 0).length;
      if (!entry && this.#workers.length < this.#size && this.#queue.length > willFree) entry = this.#spawn();
      // Someone is waiting for an urgent job (a search catching up the facts it will search): it goes to a busy worker
      // now, to run right after the job under way, instead of when this thread next hears a reply. A thread loading
      // its libraries hears nothing for a hundred milliseconds or more while the worker sits idle. Background work
      // never queues in a worker, so an urgent job waits for at most one run it did not ask for.
      if (!entry && (this.#queue[0] as Job).urgent) entry = this.#workers.find((candidate) => candidate.jobs.length === 1);
      if (!entry) return;
      const job = this.#queue.shift() as Job;
      const posted = { job, id: this.#nextJobId++ };
      entry.jobs.push(posted);
      entry.worker.ref();
      entry.worker.postMessage({ id: posted.id, texts: job.texts });
    }
    if (this.#workers.every((entry) => entry.jobs.length === 0 && entry.warmUp === undefined) && this.#workers.length > 0) {
      this.#idleTimer = setTimeout(() => void this.#stopIdleWorkers(), this.#idleMs);
      this.#idleTimer.unref();
    }
  }

  #spawn(): PoolWorker {
    const worker = new Worker(new URL('./embedder-worker.cjs', import.meta.url), {
      workerData: { paths: resolveUseLitePackagePaths(), windowsPerCall: USE_LITE_BATCH_SIZE },
    });
    const entry: PoolWorker = { worker, jobs: [], warmUp: undefined, loaded: false, modelRuns: 0 };
    worker.on('message', (reply: WorkerReply) => {
      const warmUp = entry.warmUp;
      const index = entry.jobs.findIndex((posted) => posted.id === reply.id);
      const job = index >= 0 ? entry.jobs[index]?.job : undefined;
      if (warmUp && reply.id === warmUp.id) entry.warmUp = undefined;
      else if (job) entry.jobs.splice(index, 1);
      else return;
      if (!('error' in reply)) {
        entry.loaded = true;
        entry.modelRuns = reply.modelRuns;
      }
      // Referenced only while it has something to answer.
      if (entry.jobs.length === 0 && !entry.warmUp) worker.unref();
      if (warmUp && reply.id === warmUp.id) {
        if ('error' in reply) warmUp.reject(new Error(reply.error));
        else warmUp.resolve();
      } else if (job) {
        if ('error' in reply) job.reject(new Error(reply.error));
        else job.resolve(reply.vectors);
      }
      this.#pump();
    });
    const fail = (error: Error): void => {
      const index = this.#workers.indexOf(entry);
      if (index >= 0) this.#workers.splice(index, 1);
      for (const posted of entry.jobs.splice(0)) posted.job.reject(error);
      entry.warmUp?.reject(error);
      entry.warmUp = undefined;
      if (!this.#closed) this.#pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`Embedding worker stopped (exit code ${code}).`)));
    this.#workers.push(entry);
    return entry;
  }

  async #stopIdleWorkers(): Promise<void> {
    const idle = this.#workers.filter((entry) => entry.jobs.length === 0 && entry.warmUp === undefined);
    for (const entry of idle) this.#workers.splice(this.#workers.indexOf(entry), 1);
    await Promise.all(idle.map((entry) => entry.worker.terminate()));
  }
}
