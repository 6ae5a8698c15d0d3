/**
 * The embedding worker thread (`new Worker(new URL('./embedder-worker.cjs', import.meta.url))`): the shared USE-lite
 * runtime (`use-lite-runtime.cjs`, the same code `UseLiteEmbedder` runs) plus a message loop. The model packages are
 * required by absolute path, resolved by the parent thread, so both load exactly the same files.
 *
 * Protocol: `workerData` is `{ paths, windowsPerCall }`; the parent sends `{ id, texts }` (never blank texts) or
 * `{ id, warmUp: true }`; the worker answers `{ id, vectors, modelRuns }` (Float32Arrays, buffers transferred;
 * `modelRuns` counts the graph runs of this thread so far) or `{ id, error }`. Messages are handled one at a time, in
 * the order they came.
 *
 * A warm-up loads the model and then runs it once on a short text: the first run of a graph costs several times a
 * later one (the backend packs every weight matrix on first use). When a request is already waiting by the time the
 * model is loaded, that request is the first run instead, so a query sent during a warm-up never waits for a run it
 * did not ask for.
 *
 * `COS_CODE_CACHE_DIR` (set by the apps' entry, tools/scripts/app-loader.cjs) is where the ML core's compiled code is
 * kept between processes.
 */
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { loadUseLite } = require('./use-lite-runtime.cjs');

/** @type {ReturnType<typeof loadUseLite> | null} */
let loading = null;
function load() {
  if (!loading) {
    loading = loadUseLite(workerData.paths, { windowsPerCall: workerData.windowsPerCall, codeCacheDir: process.env.COS_CODE_CACHE_DIR });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

let modelRuns = 0;
/** Requests with texts received and not yet answered. */
let waitingRequests = 0;
/** Each message is handled after the one before it has been answered. */
let handled = Promise.resolve();

/** @param {Awaited<ReturnType<typeof loadUseLite>>} runtime @param {string[]} texts */
async function embed(runtime, texts) {
  const vectors = await runtime.embed(texts);
  modelRuns++;
  // Before answering (~10 ms, only when there was no usable cache): a process stopped right after its first answer
  // would otherwise end this thread in the middle of writing it.
  runtime.saveCodeCache();
  return vectors;
}

/** @param {{ id: number; texts?: string[]; warmUp?: boolean }} message */
async function handle(message) {
  const runtime = await load();
  if (message.warmUp) {
    // Lets messages that arrived while the model loaded be counted before deciding whether to run it here.
    await new Promise((resolve) => setImmediate(resolve));
    if (waitingRequests === 0 && modelRuns === 0) await embed(runtime, ['warm up']);
    return [];
  }
  return embed(runtime, message.texts ?? []);
}

parentPort?.on('message', (/** @type {{ id: number; texts?: string[]; warmUp?: boolean }} */ message) => {
  if (!message.warmUp) waitingRequests++;
  handled = handled.then(async () => {
    try {
      const vectors = await handle(message);
      // The parent checks that one vector came back per text (WorkerPoolEmbedder.embed). Vectors sharing one buffer
      // cannot each be transferred.
      const own = vectors.map((vector) => (vector.byteLength === vector.buffer.byteLength ? vector : vector.slice()));
      parentPort?.postMessage({ id: message.id, vectors: own, modelRuns }, own.map((vector) => /** @type {ArrayBuffer} */ (vector.buffer)));
    } catch (error) {
      parentPort?.postMessage({ id: message.id, error: String((error && /** @type {Error} */ (error).message) || error) });
    } finally {
      if (!message.warmUp) waitingRequests--;
    }
  });
});
