/**
 * Tool description vectors: the semantic half of tool selection. Each catalogue tool's name, title and description,
 * and each of its example requests in English, is embedded once with the documents' embedder and cached in the data
 * directory by content hash, so a restart embeds only what changed. The work runs in the background (`refresh`, which a serving process starts after start-up, and
 * again when external servers' tools change), one small batch at a time at background priority, so it never sits on
 * a call's path and leaves a core to the process. Per call, `similarity(request)` embeds the request once (query
 * cache) and answers `(tool) => similarity | undefined` — the better of the description's cosine and that of the
 * centroid of its examples (`toolSimilarity`), undefined for a tool not embedded yet — or nothing at all when the request's vector
 * is not at hand within a budget (the model still loading, or a machine too busy): the lexical part then answers alone. A Hebrew
 * request is embedded through its English gloss (the embedder reads English only).
 */
import type { Logger } from '@chief-of-staff/core';
import { QueryEmbeddingCache, readTextVectorFile, textContentHash, writeTextVectorFile, type Embedder } from '@chief-of-staff/documents';
import { englishGlossOf, exampleCentroid, isMostlyHebrew, toolSimilarity } from '@chief-of-staff/orchestration';

/** Cosine similarity of the request to one tool; undefined while that tool has no vector. */
export type SemanticSimilarity = (tool: string) => number | undefined;

/** What a tool is embedded from. */
export interface ToolDescriptionText {
  name: string;
  title?: string;
  description: string;
  /** Requests people make of the tool (the registry's examples); the Hebrew ones are left to the lexical index. */
  examples?: readonly string[];
}

export interface ToolVectorsStatus {
  /** Tools in the catalogue now. */
  tools: number;
  /** Tools with a vector (from the cache file or computed). */
  embedded: number;
  /** Vectors computed by the model in this pass (0 on a start whose catalogue is unchanged). */
  computed: number;
  /** Why the cache file was not used, or why a pass stopped early. */
  problem?: string;
}

export interface ToolVectorIndexOptions {
  /** The documents' embedder (shared: the model loads once per process). */
  embedder: Embedder & { warmUp?(): Promise<void> };
  /** The cache file (one per embedder). */
  file: string;
  /** The catalogue as it is now (built-in and external tools). */
  tools: () => readonly ToolDescriptionText[];
  logger: Logger;
  /** How long a call waits for its request's vector before it scores without it (default 250 ms, once the model is warm). */
  queryBudgetMs?: number;
  /**
   * Texts per model request in the background pass (default 4). One request at a time keeps one worker busy; a small
   * one means a request's vector, which goes first, waits behind little.
   */
  batchSize?: number;
  /** The cache file is rewritten after this many new vectors, so an interrupted pass keeps what it did (default 64). */
  writeEvery?: number;
  /**
   * Resolves when the process is between calls; the pass waits for it before each batch, so calls arriving in a burst
   * never share the cores with the model. Absent: batches run back to back.
   */
  quiet?: () => Promise<void>;
}

export interface ToolVectorIndex {
  /**
   * Loads the cache file and embeds every tool whose text has no vector yet, in the background; later calls (and
   * `catalogueChanged` once this has been called) run it again for what changed. Never rejects.
   */
  refresh(): Promise<ToolVectorsStatus>;
  /** The catalogue changed (an external server joined or changed its tools): embeds the new texts if `refresh` ran. */
  catalogueChanged(): void;
  /** The request's similarity to each tool, or undefined when its vector is not at hand within the budget. */
  similarity(request: string, budgetMs?: number): Promise<SemanticSimilarity | undefined>;
  /** The same, only when the request's vector is already at hand (for synchronous callers); starts embedding it otherwise. */
  similarityAtHand(request: string): SemanticSimilarity | undefined;
  status(): ToolVectorsStatus;
  /** Stops the background pass: no new batch starts (the one under way ends when the embedder closes). */
  close(): void;
  /** Resolves when no pass runs (after `close` and the embedder's close, promptly). */
  settled(): Promise<void>;
}

/**
 * Applies only once the model is warm (while it loads, a call answers at once without meaning). A request's vector
 * then takes 10–60 ms on an idle machine and several times that on a busy one; with 25 ms most sentence-long requests
 * went without meaning, and the MetaTool development set lost a third of its recall@5 over MCP (docs/adr/0094). A
 * tool search is one step of a model's turn, which takes seconds: waiting a little longer for the right tool is
 * cheaper than offering the wrong one.
 */
export const DEFAULT_QUERY_BUDGET_MS = 250;
const MAX_WORDS = 120;
const QUERY_VECTORS_KEPT = 256;

/** `github__create_issue` → `github create issue`, `listEvents` → `list Events`. */
function nameWords(name: string): string {
  return name
    .replace(/__/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim();
}

/**
 * The text a tool is embedded as: its name in words, its title and its description, cut to the first words the model
 * reads (USE-lite reads about 128 tokens).
 */
export function toolEmbeddingText(tool: ToolDescriptionText): string {
  const title = tool.title?.trim() ?? '';
  const head = title === '' ? nameWords(tool.name) : `${nameWords(tool.name)}: ${title}`;
  const words = `${head}. ${tool.description.trim()}`.split(/\s+/).filter((word) => word !== '');
  return words.slice(0, MAX_WORDS).join(' ');
}

/**
 * The text a request is embedded as. The embedder is English-only: a request written mostly in Hebrew letters would
 * get a vector that means nothing against English texts, so it is embedded through its English gloss, and gets no
 * semantic signal at all (rather than a false one) when the lexicon knows none of its words.
 */
function requestText(request: string): string | undefined {
  const text = request.trim();
  if (text === '') return undefined;
  return isMostlyHebrew(text) ? englishGlossOf(text) : text;
}

/** A tool's example requests the embedder can read. */
function englishExamples(tool: ToolDescriptionText): string[] {
  return (tool.examples ?? []).map((example) => example.trim()).filter((example) => example !== '' && !isMostlyHebrew(example));
}

interface ToolVector {
  vector: Float32Array;
  norm: number;
}

interface ToolVectors {
  description: ToolVector;
  /** The centroid of the tool's English examples (those with vectors so far). */
  examples?: ToolVector;
}

function norm(vector: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += (vector[i] as number) * (vector[i] as number);
  return Math.sqrt(sum);
}

/** Four running sums: the loop is what a call pays per tool (512 products), and independent sums pipeline better. */
function cosine(query: Float32Array, queryNorm: number, tool: ToolVector): number {
  const vector = tool.vector;
  const length = query.length;
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = 0;
  for (; i + 3 < length; i += 4) {
    a += (query[i] as number) * (vector[i] as number);
    b += (query[i + 1] as number) * (vector[i + 1] as number);
    c += (query[i + 2] as number) * (vector[i + 2] as number);
    d += (query[i + 3] as number) * (vector[i + 3] as number);
  }
  for (; i < length; i++) a += (query[i] as number) * (vector[i] as number);
  return (a + b + c + d) / (queryNorm * tool.norm);
}

function provider(query: Float32Array, byTool: ReadonlyMap<string, ToolVectors>): SemanticSimilarity | undefined {
  const queryNorm = norm(query);
  if (queryNorm === 0) return undefined;
  // No memo: a scoring asks once per tool, two products each, and a map per request would only be garbage.
  return (tool) => {
    const entry = byTool.get(tool);
    if (!entry) return undefined;
    return toolSimilarity(cosine(query, queryNorm, entry.description), entry.examples ? cosine(query, queryNorm, entry.examples) : undefined) as number;
  };
}

export function createToolVectorIndex(options: ToolVectorIndexOptions): ToolVectorIndex {
  const { embedder, logger } = options;
  const batchSize = Math.max(1, options.batchSize ?? 4);
  const writeEvery = Math.max(1, options.writeEvery ?? 64);
  const queries = new QueryEmbeddingCache(embedder, QUERY_VECTORS_KEPT);
  /** Requests a call already waited for in vain: the next call of the same request does not wait again. */
  const waited = new Set<string>();
  /** True once the model has answered this index: before that (still loading), no call waits for a request's vector. */
  let modelReady = false;
  /** Query vectors that have arrived, for synchronous callers (same texts as the query cache). */
  const atHand = new Map<string, Float32Array>();
  const vectors = new Map<string, Float32Array>();
  const hashOfText = new Map<string, string>();
  let byTool: Map<string, ToolVectors> | undefined;
  let catalogueSize = 0;
  let loaded = false;
  let started = false;
  let closed = false;
  let running: Promise<ToolVectorsStatus> | undefined;
  let again = false;
  let last: ToolVectorsStatus = { tools: 0, embedded: 0, computed: 0 };

  const hashOf = (text: string): string => {
    let hash = hashOfText.get(text);
    if (hash === undefined) {
      hash = textContentHash(embedder.id, text);
      hashOfText.set(text, hash);
    }
    return hash;
  };

  /** Per tool, its texts: the description first, then its English examples. */
  const catalogueHashes = (): Map<string, Array<{ hash: string; text: string }>> =>
    new Map(
      options.tools().map((tool) => {
        const texts = [toolEmbeddingText(tool), ...englishExamples(tool)];
        return [tool.name, texts.map((text) => ({ hash: hashOf(text), text }))] as const;
      }),
    );

  const vectorOf = (hash: string): ToolVector | undefined => {
    const vector = vectors.get(hash);
    const size = vector ? norm(vector) : 0;
    return vector && size > 0 ? { vector, norm: size } : undefined;
  };

  const toolVectors = (): Map<string, ToolVectors> => {
    if (byTool) return byTool;
    byTool = new Map();
    const catalogue = catalogueHashes();
    catalogueSize = catalogue.size;
    for (const [name, [description, ...examples]] of catalogue) {
      const vector = description ? vectorOf(description.hash) : undefined;
      // A tool is compared once its description has a vector; its examples join as they arrive.
      if (!vector) continue;
      const centroid = exampleCentroid(examples.flatMap((example) => vectors.get(example.hash) ?? []));
      byTool.set(name, centroid ? { description: vector, examples: { vector: centroid, norm: 1 } } : { description: vector });
    }
    return byTool;
  };

  const persist = async (keep: ReadonlySet<string>): Promise<void> => {
    try {
      await writeTextVectorFile(options.file, embedder, vectors, { keep });
    } catch (error) {
      logger.warn({ err: error, file: options.file }, 'could not write the tool description vectors; they are computed again on the next start');
    }
  };

  const pass = async (): Promise<ToolVectorsStatus> => {
    let problem: string | undefined;
    if (!loaded) {
      const read = await readTextVectorFile(options.file, embedder);
      if (read.problem) {
        problem = read.problem;
        logger.warn({ file: options.file }, read.problem);
      }
      for (const [hash, vector] of read.vectors) if (!vectors.has(hash)) vectors.set(hash, vector);
      loaded = true;
      byTool = undefined;
    }
    const catalogue = catalogueHashes();
    const keep = new Set([...catalogue.values()].flat().map((entry) => entry.hash));
    const missing = new Map<string, string>();
    // Descriptions first: a tool is compared as soon as its description has a vector.
    for (const texts of catalogue.values()) if (texts[0] && !vectors.has(texts[0].hash)) missing.set(texts[0].hash, texts[0].text);
    for (const texts of catalogue.values()) for (const { hash, text } of texts.slice(1)) if (!vectors.has(hash)) missing.set(hash, text);
    let computed = 0;
    let unwritten = 0;
    // The model is needed for requests anyway: load it now, while nothing waits for it.
    if (missing.size === 0 && vectors.size > 0 && !modelReady) {
      await options.quiet?.();
      await embedder.warmUp?.().then(
        () => {
          modelReady = true;
        },
        () => undefined,
      );
    }
    const pending = [...missing.entries()];
    for (let start = 0; start < pending.length && !closed; start += batchSize) {
      await options.quiet?.();
      if (closed) break;
      const batch = pending.slice(start, start + batchSize);
      let result: Float32Array[];
      try {
        result = await embedder.embed(batch.map(([, text]) => text));
      } catch (error) {
        if (!closed) {
          problem = `embedding tool descriptions failed: ${(error as Error).message}`;
          logger.warn({ err: error }, 'embedding tool descriptions failed; tool selection ranks by words until the next try');
        }
        break;
      }
      modelReady = true;
      batch.forEach(([hash], index) => {
        const vector = result[index];
        if (vector) vectors.set(hash, vector);
      });
      computed += batch.length;
      unwritten += batch.length;
      // Each batch is usable at once by the next call.
      byTool = undefined;
      if (unwritten >= writeEvery) {
        unwritten = 0;
        await persist(keep);
      }
    }
    if (unwritten > 0) await persist(keep);
    const embedded = [...catalogue.values()].filter(([description]) => description !== undefined && vectors.has(description.hash)).length;
    last = { tools: catalogue.size, embedded, computed, ...(problem ? { problem } : {}) };
    if (computed > 0) logger.debug({ tools: catalogue.size, embedded, computed }, 'tool description vectors updated');
    return last;
  };

  const refresh = (): Promise<ToolVectorsStatus> => {
    started = true;
    if (closed) return Promise.resolve(last);
    if (running) {
      again = true;
      return running;
    }
    const run = async (): Promise<ToolVectorsStatus> => {
      let status = await pass();
      // The catalogue changed while a pass ran: one more pass picks up the new texts.
      while (again && !closed) {
        again = false;
        status = await pass();
      }
      return status;
    };
    running = run()
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'tool description vectors failed; tool selection ranks by words');
        return last;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const rememberAtHand = (text: string, vector: Float32Array): void => {
    modelReady = true;
    waited.delete(text);
    atHand.delete(text);
    atHand.set(text, vector);
    if (atHand.size > QUERY_VECTORS_KEPT) atHand.delete(atHand.keys().next().value as string);
  };

  /** The request's vector on its way, or undefined when there is nothing to compare it with. */
  const queryVector = (request: string): { text: string; pending: Promise<Float32Array> } | undefined => {
    const text = closed ? undefined : requestText(request);
    if (text === undefined || toolVectors().size === 0) return undefined;
    const pending = queries.embedQuery(text);
    pending.then((vector) => rememberAtHand(text, vector)).catch(() => undefined);
    return { text, pending };
  };

  return {
    refresh,
    catalogueChanged() {
      byTool = undefined;
      if (started && !closed) void refresh();
    },
    async similarity(request, budgetMs = options.queryBudgetMs ?? DEFAULT_QUERY_BUDGET_MS) {
      const query = queryVector(request);
      if (!query) return undefined;
      const ready = atHand.get(query.text);
      if (ready) return provider(ready, toolVectors());
      // The model still loading, or this request already missed its budget: its vector is on its way for next time.
      if (!modelReady || waited.has(query.text)) return undefined;
      waited.add(query.text);
      if (waited.size > QUERY_VECTORS_KEPT) waited.delete(waited.values().next().value as string);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<undefined>((resolve) => {
        timer = setTimeout(resolve, budgetMs, undefined);
        timer.unref();
      });
      try {
        const vector = await Promise.race([query.pending.catch(() => undefined), late]);
        return vector ? provider(vector, toolVectors()) : undefined;
      } finally {
        clearTimeout(timer);
      }
    },
    similarityAtHand(request) {
      const query = queryVector(request);
      if (!query) return undefined;
      const ready = atHand.get(query.text);
      return ready ? provider(ready, toolVectors()) : undefined;
    },
    status() {
      const tools = toolVectors();
      return { ...last, tools: catalogueSize, embedded: tools.size };
    },
    close() {
      closed = true;
    },
    async settled() {
      await running;
    },
  };
}
