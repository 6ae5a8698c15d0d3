/**
 * Source of the embedding worker thread, run with `new Worker(source, { eval: true })`. It is plain CommonJS
 * kept in a string so the same code runs from TypeScript sources (tests, benchmarks) and from the built
 * package; the model packages are required by absolute path, resolved by the parent thread.
 *
 * Protocol: parent sends `{ id, texts }` (never blank texts); worker answers `{ id, vectors }` (Float32Arrays,
 * buffers transferred) or `{ id, error }`.
 */
export const EMBEDDER_WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
let modelPromise = null;
function loadModel() {
  if (!modelPromise) {
    const { initModel } = require(workerData.embeddingsPath);
    const { modelSource } = require(workerData.modelPath);
    modelPromise = initModel(modelSource);
    modelPromise.catch(() => { modelPromise = null; });
  }
  return modelPromise;
}
parentPort.on('message', async (message) => {
  try {
    const model = await loadModel();
    const embedded = await model.embed(message.texts);
    if (embedded.length !== message.texts.length) {
      throw new Error('Embedder returned ' + embedded.length + ' vectors for ' + message.texts.length + ' texts; batch rejected.');
    }
    const vectors = embedded.map((vector) => Float32Array.from(vector));
    parentPort.postMessage({ id: message.id, vectors }, vectors.map((vector) => vector.buffer));
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: String((error && error.message) || error) });
  }
});
`;
