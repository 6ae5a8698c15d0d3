/**
 * The embedding worker thread (`new Worker(new URL('./embedder-worker.cjs', import.meta.url))`): the shared USE-lite
 * runtime (`use-lite-runtime.cjs`, the same code `UseLiteEmbedder` runs) plus a message loop. The model packages are
 * required by absolute path, resolved by the parent thread, so both load exactly the same files.
 *
 * Protocol: `workerData` is `{ paths, windowsPerCall }`; the parent sends `{ id, texts }` (never blank texts); the
 * worker answers `{ id, vectors }` (Float32Arrays, buffers transferred) or `{ id, error }`.
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

parentPort?.on('message', async (/** @type {{ id: number; texts: string[] }} */ message) => {
  try {
    const runtime = await load();
    // The parent checks that one vector came back per text (WorkerPoolEmbedder.embed).
    const vectors = await runtime.embed(message.texts);
    // Before answering (~10 ms, only when there was no usable cache): a process stopped right after its first answer
    // would otherwise end this thread in the middle of writing it.
    runtime.saveCodeCache();
    // Vectors sharing one buffer cannot each be transferred.
    const own = vectors.map((vector) => (vector.byteLength === vector.buffer.byteLength ? vector : vector.slice()));
    parentPort?.postMessage({ id: message.id, vectors: own }, own.map((vector) => /** @type {ArrayBuffer} */ (vector.buffer)));
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: String((error && /** @type {Error} */ (error).message) || error) });
  }
});
