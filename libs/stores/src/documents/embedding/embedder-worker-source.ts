/**
 * Source of the embedding worker thread, run with `new Worker(source, { eval: true })`: the shared USE-lite runtime
 * (`use-lite-runtime-source.ts`, the same code `UseLiteEmbedder` runs) plus a message loop. Being text, it runs the
 * same from TypeScript sources (tests, benchmarks) and from the built package; the model packages are required by
 * absolute path, resolved by the parent thread.
 *
 * Protocol: `workerData` is `{ paths, windowsPerCall }`; parent sends `{ id, texts }` (never blank texts); worker
 * answers `{ id, vectors }` (Float32Arrays, buffers transferred) or `{ id, error }`.
 */
import { USE_LITE_RUNTIME_SOURCE } from './use-lite-runtime-source.js';

export const EMBEDDER_WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const runtimeModule = { exports: {} };
new Function('module', 'exports', 'require', ${JSON.stringify(`${USE_LITE_RUNTIME_SOURCE}\n//# sourceURL=use-lite-runtime.cjs`)})(
  runtimeModule,
  runtimeModule.exports,
  require,
);
let loading = null;
function load() {
  if (!loading) {
    loading = runtimeModule.exports.loadUseLite(workerData.paths, { windowsPerCall: workerData.windowsPerCall });
    loading.catch(() => { loading = null; });
  }
  return loading;
}
parentPort.on('message', async (message) => {
  try {
    const runtime = await load();
    // The parent checks that one vector came back per text (WorkerPoolEmbedder.embed).
    const vectors = await runtime.embed(message.texts);
    // Vectors sharing one buffer cannot each be transferred.
    const own = vectors.map((vector) => (vector.byteLength === vector.buffer.byteLength ? vector : vector.slice()));
    parentPort.postMessage({ id: message.id, vectors: own }, own.map((vector) => vector.buffer));
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: String((error && error.message) || error) });
  }
});
`;
