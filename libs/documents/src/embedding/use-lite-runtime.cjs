/**
 * The USE-lite runtime: the one implementation behind both `UseLiteEmbedder` (loaded on the calling thread through
 * `use-lite-runtime.ts`) and the `WorkerPoolEmbedder` threads (`embedder-worker.cjs`). It is a CommonJS file rather
 * than a TypeScript module because worker threads load it directly, from the sources (Jest, tsx) and from the build
 * alike. Its JSDoc types are checked by tsc (`tsconfig.runtime.json`, with `checkJs`), and ESLint covers it too.
 *
 * What it does beyond `EmbeddingsModel.embed` of `@energetic-ai/embeddings` 0.2.0:
 * - Whole texts: the graph keeps only the first 128 tokens of an input (`ClipToMaxLength`). A longer text is cut
 *   into consecutive windows of at most 128 tokens, and its vector is the token-weighted mean of the window
 *   vectors, L2-normalised like the model's own outputs. A text that fits one window gets the model's vector as is.
 * - Fewer calls and less padding: the windows of all texts in a request are sorted by length and run together,
 *   `windowsPerCall` per graph execution, as sparse inputs built straight from token ids.
 * - Faster kernels in the wasm backend, each falling back to the original for shapes it does not handle:
 *   `BatchMatMul` with batch dimensions (attention) runs each slice through the 2-D XNNPACK path instead of the
 *   backend's naive loop; `SplitV` and `GatherV2` copy rows inside wasm memory instead of round-tripping whole
 *   tensors through JS.
 * - A linear-time tokenizer that returns exactly the ids of `Tokenizer.encode` (whose prefix search copies the
 *   rest of the text at every character).
 */
'use strict';
const { requireWithCodeCache } = require('./code-cached-require.cjs');
const { loadModelFiles } = require('./use-lite-model-files.cjs');

/** The graph's ClipToMaxLength drops sparse entries at positions >= 128. */
const WINDOW_TOKENS = 128;
const DIMS = 512;
const DEFAULT_WINDOWS_PER_CALL = 8;
const OVERRIDDEN = Symbol.for('chief-of-staff.use-lite.kernel-override');
const MIN_SLICE_MACS = 32 * 1024;

/**
 * Loads the model from the packages at the given absolute paths and prepares this thread's backend. The weights and
 * vocabulary come from the model package's own files (`use-lite-model-files.cjs`), never from the network.
 *
 * @param {{ core: string; embeddings: string; model: string }} paths
 * @param {{ windowsPerCall?: number; codeCacheDir?: string } | undefined} options `codeCacheDir`: compile the ML core
 *   with a V8 code cache kept there (`code-cached-require.cjs`)
 */
async function loadUseLite(paths, options) {
  const loaded = requireWithCodeCache(paths.core, options && options.codeCacheDir);
  const core = loaded.exports;
  // Before the first run: the backend is shared by everything in this thread, and a kernel swapped mid-graph
  // would mix implementations.
  installKernelOverrides(core);
  // What initModel() of the embeddings package does, minus its Tokenizer: building that one's trie copies every
  // piece's prefix at every character (~40 ms on an idle core, more while the main thread loads the libraries); the
  // runtime's own tokenizer needs only the trie below, which grows as texts use it.
  const source = await loadModelFiles(core, paths.model, core.ready());
  const pieces = buildPieceTrie(source.vocabulary);
  const windowsPerCall = Math.max(1, (options && options.windowsPerCall) || DEFAULT_WINDOWS_PER_CALL);
  return {
    embed: (/** @type {readonly string[]} */ texts) => embedTexts(core, source.model, pieces, texts, windowsPerCall),
    encode: (/** @type {string} */ text) => encodeTokens(pieces, text),
    core,
    /** Keeps the ML core's compiled code for the next process; best called once a text has been embedded. */
    saveCodeCache: loaded.save,
  };
}

/**
 * @param {any} core
 * @param {any} graph
 * @param {PieceTrie} pieces
 * @param {readonly string[]} texts
 * @param {number} windowsPerCall
 * @returns {Promise<Float32Array[]>}
 */
async function embedTexts(core, graph, pieces, texts, windowsPerCall) {
  /** @type {number[][]} */
  const windows = [];
  const windowsOfText = texts.map((text, index) => {
    const ids = encodeTokens(pieces, text);
    // The sparse input would silently lose an empty row (and every row after it at the end of a batch).
    if (ids.length === 0) throw new Error('Text ' + index + ' has no tokens to embed; blank texts must be filtered out first.');
    return splitIntoWindows(ids, WINDOW_TOKENS).map((windowIds) => windows.push(windowIds) - 1);
  });
  // Longest first, so each call pads its windows to a similar length.
  const order = windows.map((_, index) => index).sort((a, b) => windows[b].length - windows[a].length || a - b);
  const windowVectors = new Array(windows.length);
  for (let start = 0; start < order.length; start += windowsPerCall) {
    const batch = order.slice(start, start + windowsPerCall);
    const data = await runWindows(core, graph, batch.map((index) => windows[index]));
    batch.forEach((windowIndex, row) => {
      windowVectors[windowIndex] = data.slice(row * DIMS, (row + 1) * DIMS);
    });
  }
  return windowsOfText.map((indices) =>
    poolWindowVectors(
      indices.map((index) => windowVectors[index]),
      indices.map((index) => windows[index].length),
    ),
  );
}

/** Runs token-id windows (each 1..128 ids) through the graph in one call; returns the [n, 512] output data. *
 * @param {any} core
 * @param {any} graph
 * @param {number[][]} windows
 * @returns {Promise<Float32Array>}
 */
async function runWindows(core, graph, windows) {
  let total = 0;
  for (const ids of windows) total += ids.length;
  // The same sparse encoding EmbeddingsModel.embed builds: [row, position] pairs and the token id at each.
  const indices = new Int32Array(total * 2);
  const values = new Int32Array(total);
  let at = 0;
  windows.forEach((ids, row) => {
    for (let position = 0; position < ids.length; position++, at++) {
      indices[2 * at] = row;
      indices[2 * at + 1] = position;
      values[at] = ids[position];
    }
  });
  const indicesTensor = core.tensor2d(indices, [total, 2], 'int32');
  const valuesTensor = core.tensor1d(values, 'int32');
  try {
    const output = await graph.executeAsync({ indices: indicesTensor, values: valuesTensor });
    try {
      if (output.shape[0] !== windows.length || output.shape[1] !== DIMS) {
        throw new Error('Embedder returned shape [' + output.shape + '] for ' + windows.length + ' windows; batch rejected.');
      }
      return await output.data();
    } finally {
      output.dispose();
    }
  } finally {
    indicesTensor.dispose();
    valuesTensor.dispose();
  }
}

/** Consecutive windows of at most 'size' ids, the last one possibly shorter. *
 * @param {readonly number[]} ids
 * @param {number} size
 * @returns {number[][]}
 */
function splitIntoWindows(ids, size) {
  const windows = [];
  for (let start = 0; start < ids.length; start += size) windows.push(ids.slice(start, start + size));
  return windows;
}

/**
 * The weighted mean of unit window vectors, scaled back to unit length (the model ends in l2_normalize). A single
 * window is returned untouched so texts that fit the window keep the model's exact output.
 *
 * @param {readonly Float32Array[]} vectors
 * @param {readonly number[]} weights
 * @returns {Float32Array}
 */
function poolWindowVectors(vectors, weights) {
  if (vectors.length === 1) return vectors[0];
  const dims = vectors[0].length;
  const sum = new Float64Array(dims);
  vectors.forEach((vector, index) => {
    for (let d = 0; d < dims; d++) sum[d] += weights[index] * vector[d];
  });
  let squares = 0;
  for (let d = 0; d < dims; d++) squares += sum[d] * sum[d];
  const pooled = new Float32Array(dims);
  // Window vectors pointing in opposite directions could cancel out; like l2_normalize, never divide by zero.
  const scale = 1 / Math.sqrt(Math.max(squares, 1e-12));
  for (let d = 0; d < dims; d++) pooled[d] = sum[d] * scale;
  return pooled;
}

/**
 * @typedef {{ children: Record<string, PieceNode>; end: boolean; symbols: number; score: number; id: number; unsorted: number[] | null }} PieceNode
 * @typedef {{ root: PieceNode; vocabulary: ReadonlyArray<readonly [string, number]> }} PieceTrie
 */

/** The package Tokenizer skips this many reserved entries at the start of the vocabulary (<unk>, <s>, </s>, …). */
const RESERVED_PIECES = 6;

/**
 * The trie of the package Tokenizer (a node per code point; a later duplicate piece overwrites an earlier one, the
 * empty piece is never a match), with each node's depth instead of a copy of its prefix.
 *
 * Grown lazily: the whole trie is ~50,000 nodes (~15 ms on the path to a process's first answer) while a query walks a
 * few dozen. A node keeps the pieces below it unsorted (flat id, offset pairs, in vocabulary order) until a walk first
 * asks for one of its children; then they are handed to the children in that order, so every node ends up exactly as
 * the eager build would have made it.
 *
 * @param {ReadonlyArray<readonly [string, number]>} vocabulary
 * @returns {PieceTrie}
 */
function buildPieceTrie(vocabulary) {
  const unsorted = [];
  for (let id = RESERVED_PIECES; id < vocabulary.length; id++) {
    if (vocabulary[id][0].length > 0) unsorted.push(id, 0);
  }
  return { root: pieceNode(0, unsorted), vocabulary };
}

/** @returns {PieceNode} */
function pieceNode(/** @type {number} */ symbols, /** @type {number[] | null} */ unsorted) {
  return { children: Object.create(null), end: false, symbols, score: 0, id: 0, unsorted };
}

/**
 * The child of a node for one symbol (a code point, or a lone surrogate as `for..of` yields it), sorting the node's
 * pieces into its children first if that has not happened yet.
 *
 * @param {PieceTrie} pieces
 * @param {PieceNode} node
 * @param {string} symbol
 * @returns {PieceNode | undefined}
 */
function childFor(pieces, node, symbol) {
  const unsorted = node.unsorted;
  if (unsorted) {
    node.unsorted = null;
    for (let k = 0; k < unsorted.length; k += 2) {
      const id = unsorted[k];
      const piece = pieces.vocabulary[id][0];
      const offset = unsorted[k + 1];
      const next = offset + ((piece.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1);
      const child = (node.children[piece.slice(offset, next)] ??= pieceNode(node.symbols + 1, null));
      if (next === piece.length) {
        child.end = true;
        child.score = pieces.vocabulary[id][1];
        child.id = id;
      } else {
        (child.unsorted ??= []).push(id, next);
      }
    }
  }
  return node.children[symbol];
}

/**
 * Tokenizer.encode of @energetic-ai/embeddings 0.2.0, step for step, except that the prefix search walks the trie
 * from an index (the original copies the remaining symbols at every position) and each position's candidates are
 * kept in an array in increasing start order, the order the original's for..in over integer keys yields. Each
 * (start, end) pair has at most one candidate, so the Viterbi pass sees the same sequence and breaks ties the same.
 *
 * @param {PieceTrie} pieces
 * @param {string} input
 * @returns {number[]}
 */
function encodeTokens(pieces, input) {
  const separator = '\u2581';
  const normalized = input.normalize('NFKC');
  const processed = normalized.length > 0 ? separator + normalized.replace(/ /g, separator) : normalized;
  const symbols = Array.from(processed);
  const count = symbols.length;
  // candidates[end] holds flat (start, score, id) triples for every piece ending at 'end'.
  /** @type {number[][]} */
  const candidates = [];
  for (let end = 0; end <= count; end++) candidates.push([]);
  for (let start = 0; start < count; start++) {
    let found = false;
    let node = childFor(pieces, pieces.root, symbols[start]);
    for (let next = start + 1; node; next++) {
      if (node.end) {
        found = true;
        candidates[start + node.symbols].push(start, node.score, node.id);
      }
      if (next >= count) break;
      node = childFor(pieces, node, symbols[next]);
    }
    // Unknown symbol: the original falls back to id 0 with score 0, one symbol long.
    if (!found) candidates[start + 1].push(start, 0, 0);
  }
  const words = new Array(count + 1).fill(0);
  const best = new Array(count + 1).fill(0);
  for (let end = 0; end <= count; end++) {
    const list = candidates[end];
    for (let k = 0; k < list.length; k += 3) {
      const score = list[k + 1] + best[list[k]];
      if (best[end] === 0 || score >= best[end]) {
        best[end] = score;
        words[end] = list[k + 2];
      }
    }
  }
  const reversed = [];
  // Steps back by the vocabulary string's length in UTF-16 units, as the original does.
  for (let position = count; position > 0; position -= pieces.vocabulary[words[position]][0].length) {
    reversed.push(words[position]);
  }
  // Runs of unknown pieces collapse into one id 0.
  const merged = [];
  let previousUnknown = false;
  for (const id of reversed) {
    if (!(previousUnknown && id === 0)) merged.push(id);
    previousUnknown = id === 0;
  }
  return merged.reverse();
}

/** @param {any} core */
function installKernelOverrides(core) {
  overrideKernel(core, 'BatchMatMul', batchMatMulPerSlice);
  overrideKernel(core, 'SplitV', splitVByRows);
  overrideKernel(core, 'GatherV2', gatherV2ByRows);
}

/**
 * @param {any} core
 * @param {string} kernelName
 * @param {(core: any, runOriginal: (args: any) => any) => (args: any) => any} makeKernelFunc
 */
function overrideKernel(core, kernelName, makeKernelFunc) {
  const original = core.getKernel(kernelName, 'wasm');
  if (!original || original.kernelFunc[OVERRIDDEN]) return;
  /** @type {any} */
  const kernelFunc = makeKernelFunc(core, original.kernelFunc);
  kernelFunc[OVERRIDDEN] = true;
  core.unregisterKernel(kernelName, 'wasm');
  // Keeps setupFunc: the fallbacks call the original kernel, which needs its wasm bindings.
  core.registerKernel(Object.assign({}, original, { kernelFunc }));
}

/**
 * The wasm backend sends any BatchMatMul with a batch dimension or a transposed operand to a naive loop
 * (~1.4 GMAC/s here) and only 2-D, untransposed products to XNNPACK (~17 GMAC/s). Attention is [n, heads, L, d]
 * products, so each slice is copied out (b transposed if needed), multiplied on the fast path, and copied back.
 *
 * @param {any} core
 * @param {(args: any) => any} runOriginal
 */
function batchMatMulPerSlice(core, runOriginal) {
  return (/** @type {any} */ args) => {
    const { a, b } = args.inputs;
    const { transposeA, transposeB } = args.attrs;
    const backend = args.backend;
    const rank = a.shape.length;
    if (transposeA || rank < 3 || b.shape.length !== rank || a.dtype !== 'float32' || b.dtype !== 'float32') {
      return runOriginal(args);
    }
    const outer = a.shape.slice(0, -2);
    if (b.shape.slice(0, -2).some((/** @type {number} */ size, /** @type {number} */ axis) => size !== outer[axis])) return runOriginal(args);
    const batch = core.util.sizeFromShape(outer);
    const m = a.shape[rank - 2];
    const k = a.shape[rank - 1];
    const n = transposeB ? b.shape[rank - 2] : b.shape[rank - 1];
    const bInner = transposeB ? b.shape[rank - 1] : b.shape[rank - 2];
    if (batch < 2 || bInner !== k) return runOriginal(args);
    // Measured: below ~20-40k multiply-adds per slice the copies and operator setup cost more than they save.
    if (m * k * n < MIN_SLICE_MACS) return runOriginal(args);

    const out = backend.makeOutput(outer.concat([m, n]), 'float32');
    const aSlice = backend.makeOutput([m, k], 'float32');
    for (let i = 0; i < batch; i++) {
      // A new tensor for every slice of b: the backend caches the XNNPACK operator (with b packed into it) by b's id.
      const bSlice = backend.makeOutput([k, n], 'float32');
      // Offsets are read after every allocation: a growing wasm memory replaces the heap views.
      let heap = backend.wasm.HEAPF32;
      const aStart = backend.getMemoryOffset(a.dataId) / 4 + i * m * k;
      heap.copyWithin(backend.getMemoryOffset(aSlice.dataId) / 4, aStart, aStart + m * k);
      const bStart = backend.getMemoryOffset(b.dataId) / 4 + i * k * n;
      const bSliceStart = backend.getMemoryOffset(bSlice.dataId) / 4;
      if (transposeB) {
        for (let row = 0; row < n; row++) {
          const from = bStart + row * k;
          for (let col = 0; col < k; col++) heap[bSliceStart + col * n + row] = heap[from + col];
        }
      } else {
        heap.copyWithin(bSliceStart, bStart, bStart + k * n);
      }
      const product = runOriginal({ inputs: { a: aSlice, b: bSlice }, backend, attrs: { transposeA: false, transposeB: false } });
      heap = backend.wasm.HEAPF32;
      const productStart = backend.getMemoryOffset(product.dataId) / 4;
      heap.copyWithin(backend.getMemoryOffset(out.dataId) / 4 + i * m * n, productStart, productStart + m * n);
      backend.disposeData(product.dataId);
      backend.disposeData(bSlice.dataId);
    }
    backend.disposeData(aSlice.dataId);
    return out;
  };
}

/** The backend's SplitV reads the whole input into JS once per output; this copies rows within wasm memory. *
 * @param {any} core
 * @param {(args: any) => any} runOriginal
 */
function splitVByRows(core, runOriginal) {
  return (/** @type {any} */ args) => {
    const { x } = args.inputs;
    const backend = args.backend;
    if (x.dtype === 'string') return runOriginal(args);
    const axis = core.util.parseAxisParam(args.attrs.axis, x.shape)[0];
    const sizes = core.backend_util.prepareSplitSize(x, args.attrs.numOrSizeSplits, axis);
    const bytes = core.util.bytesPerElement(x.dtype);
    const outerCount = core.util.sizeFromShape(x.shape.slice(0, axis));
    const innerBytes = core.util.sizeFromShape(x.shape.slice(axis + 1)) * bytes;
    const xRowBytes = x.shape[axis] * innerBytes;
    let offset = 0;
    return sizes.map((/** @type {number} */ size) => {
      const shape = x.shape.slice();
      shape[axis] = size;
      const out = backend.makeOutput(shape, x.dtype);
      const heap = backend.wasm.HEAPU8;
      const xStart = backend.getMemoryOffset(x.dataId) + offset * innerBytes;
      const outStart = backend.getMemoryOffset(out.dataId);
      const rowBytes = size * innerBytes;
      for (let row = 0; row < outerCount; row++) {
        heap.copyWithin(outStart + row * rowBytes, xStart + row * xRowBytes, xStart + row * xRowBytes + rowBytes);
      }
      offset += size;
      return out;
    });
  };
}

/** Row gathers along axis 0 (the embedding lookup) as wasm memory copies; everything else goes to the original. *
 * @param {any} core
 * @param {(args: any) => any} runOriginal
 */
function gatherV2ByRows(core, runOriginal) {
  return (/** @type {any} */ args) => {
    const { x, indices } = args.inputs;
    const backend = args.backend;
    const axis = core.util.parseAxisParam(args.attrs.axis, x.shape)[0];
    if (axis !== 0 || args.attrs.batchDims !== 0 || x.dtype === 'string' || indices.dtype !== 'int32') {
      return runOriginal(args);
    }
    const count = core.util.sizeFromShape(indices.shape);
    const rowCount = x.shape[0];
    const rowBytes = core.util.sizeFromShape(x.shape.slice(1)) * core.util.bytesPerElement(x.dtype);
    const out = backend.makeOutput(indices.shape.concat(x.shape.slice(1)), x.dtype);
    const heap = backend.wasm.HEAPU8;
    const ids = new Int32Array(heap.buffer, backend.getMemoryOffset(indices.dataId), count);
    const xStart = backend.getMemoryOffset(x.dataId);
    const outStart = backend.getMemoryOffset(out.dataId);
    for (let i = 0; i < count; i++) {
      const id = ids[i];
      if (!(id >= 0 && id < rowCount)) {
        // Out of range: let the original raise its own error.
        backend.disposeData(out.dataId);
        return runOriginal(args);
      }
      heap.copyWithin(outStart + i * rowBytes, xStart + id * rowBytes, xStart + (id + 1) * rowBytes);
    }
    return out;
  };
}

module.exports = {
  WINDOW_TOKENS,
  loadUseLite,
  installKernelOverrides,
  buildPieceTrie,
  encodeTokens,
  splitIntoWindows,
  poolWindowVectors,
};
