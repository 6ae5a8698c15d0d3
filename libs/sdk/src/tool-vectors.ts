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
import { englishGlossOf, exampleCentroid, isMostlyHebrew } from '@chief-of-staff/orchestration';
import { toolVectorMatrix, type SemanticSimilarity, type ToolVectorMatrix, type ToolVectorRow } from './tool-vector-matrix.js';

export type { SemanticSimilarity } from './tool-vector-matrix.js';

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

/** Per tool, its texts and their hashes: the description first, then its English examples. */
type CatalogueTexts = Map<string, Array<{ hash: string; text: string }>>;

/** The index's state and the steps of its background pass and of a call's lookup. */
class ToolVectors {
  readonly #options: ToolVectorIndexOptions;
  readonly #embedder: ToolVectorIndexOptions['embedder'];
  readonly #logger: Logger;
  readonly #batchSize: number;
  readonly #writeEvery: number;
  readonly #queries: QueryEmbeddingCache;
  /** Requests a call already waited for in vain: the next call of the same request does not wait again. */
  readonly #waited = new Set<string>();
  /** True once the model has answered this index: before that (still loading), no call waits for a request's vector. */
  #modelReady = false;
  /** Query vectors that have arrived, for synchronous callers (same texts as the query cache). */
  readonly #atHand = new Map<string, Float32Array>();
  readonly #vectors = new Map<string, Float32Array>();
  readonly #hashOfText = new Map<string, string>();
  #byTool: Map<string, ToolVectorRow> | undefined;
  /** The same vectors as one matrix, built on the first call after a change. */
  #matrix: ToolVectorMatrix | undefined;
  #catalogueSize = 0;
  #loaded = false;
  #started = false;
  #closed = false;
  #running: Promise<ToolVectorsStatus> | undefined;
  #again = false;
  #last: ToolVectorsStatus = { tools: 0, embedded: 0, computed: 0 };

  constructor(options: ToolVectorIndexOptions) {
    this.#options = options;
    this.#embedder = options.embedder;
    this.#logger = options.logger;
    this.#batchSize = Math.max(1, options.batchSize ?? 4);
    this.#writeEvery = Math.max(1, options.writeEvery ?? 64);
    this.#queries = new QueryEmbeddingCache(options.embedder, QUERY_VECTORS_KEPT);
  }

  #hashOf(text: string): string {
    let hash = this.#hashOfText.get(text);
    if (hash === undefined) {
      hash = textContentHash(this.#embedder.id, text);
      this.#hashOfText.set(text, hash);
    }
    return hash;
  }

  #catalogueHashes(): CatalogueTexts {
    return new Map(
      this.#options.tools().map((tool) => {
        const texts = [toolEmbeddingText(tool), ...englishExamples(tool)];
        return [tool.name, texts.map((text) => ({ hash: this.#hashOf(text), text }))] as const;
      }),
    );
  }

  /** The tools that have vectors, built again after each change. */
  toolVectors(): Map<string, ToolVectorRow> {
    if (this.#byTool) return this.#byTool;
    this.#byTool = new Map();
    this.#matrix = undefined;
    const catalogue = this.#catalogueHashes();
    this.#catalogueSize = catalogue.size;
    for (const [name, [description, ...examples]] of catalogue) {
      const vector = description ? this.#vectors.get(description.hash) : undefined;
      // A tool is compared once its description has a vector (an all-zero one is no embedding); its examples join as
      // they arrive.
      if (!vector || vector.every((value) => value === 0)) continue;
      const centroid = exampleCentroid(examples.flatMap((example) => this.#vectors.get(example.hash) ?? []));
      this.#byTool.set(name, centroid ? { description: vector, examples: centroid } : { description: vector });
    }
    return this.#byTool;
  }

  #similarity(query: Float32Array): SemanticSimilarity | undefined {
    const tools = this.toolVectors();
    this.#matrix ??= toolVectorMatrix(tools);
    return this.#matrix.similarity(query);
  }

  async #persist(keep: ReadonlySet<string>): Promise<void> {
    try {
      await writeTextVectorFile(this.#options.file, this.#embedder, this.#vectors, { keep });
    } catch (error) {
      this.#logger.warn({ err: error, file: this.#options.file }, 'could not write the tool description vectors; they are computed again on the next start');
    }
  }

  /** Reads the cache file once; its problem, if it could not be used. */
  async #loadCacheFile(): Promise<string | undefined> {
    if (this.#loaded) return undefined;
    const read = await readTextVectorFile(this.#options.file, this.#embedder);
    if (read.problem) this.#logger.warn({ file: this.#options.file }, read.problem);
    for (const [hash, vector] of read.vectors) if (!this.#vectors.has(hash)) this.#vectors.set(hash, vector);
    this.#loaded = true;
    this.#byTool = undefined;
    return read.problem;
  }

  /** The texts without a vector, by hash. Descriptions first: a tool is compared as soon as its description has a vector. */
  #missingTexts(catalogue: CatalogueTexts): Map<string, string> {
    const missing = new Map<string, string>();
    for (const texts of catalogue.values()) if (texts[0] && !this.#vectors.has(texts[0].hash)) missing.set(texts[0].hash, texts[0].text);
    for (const texts of catalogue.values()) for (const { hash, text } of texts.slice(1)) if (!this.#vectors.has(hash)) missing.set(hash, text);
    return missing;
  }

  /** The model is needed for requests anyway: load it now, while nothing waits for it. */
  async #warmUpWhileIdle(): Promise<void> {
    await this.#options.quiet?.();
    await this.#embedder.warmUp?.().then(
      () => {
        this.#modelReady = true;
      },
      () => undefined,
    );
  }

  /** Embeds the missing texts a batch at a time between calls, writing the cache file as it goes. */
  async #embedMissing(missing: Map<string, string>, keep: ReadonlySet<string>): Promise<{ computed: number; problem?: string }> {
    let computed = 0;
    let unwritten = 0;
    let problem: string | undefined;
    const pending = [...missing.entries()];
    for (let start = 0; start < pending.length && !this.#closed; start += this.#batchSize) {
      await this.#options.quiet?.();
      if (this.#closed) break;
      const batch = pending.slice(start, start + this.#batchSize);
      let result: Float32Array[];
      try {
        result = await this.#embedder.embed(batch.map(([, text]) => text));
      } catch (error) {
        if (!this.#closed) {
          problem = `embedding tool descriptions failed: ${(error as Error).message}`;
          this.#logger.warn({ err: error }, 'embedding tool descriptions failed; tool selection ranks by words until the next try');
        }
        break;
      }
      this.#modelReady = true;
      batch.forEach(([hash], index) => {
        const vector = result[index];
        if (vector) this.#vectors.set(hash, vector);
      });
      computed += batch.length;
      unwritten += batch.length;
      // Each batch is usable at once by the next call.
      this.#byTool = undefined;
      if (unwritten >= this.#writeEvery) {
        unwritten = 0;
        await this.#persist(keep);
      }
    }
    if (unwritten > 0) await this.#persist(keep);
    return { computed, ...(problem ? { problem } : {}) };
  }

  async #pass(): Promise<ToolVectorsStatus> {
    const loadProblem = await this.#loadCacheFile();
    const catalogue = this.#catalogueHashes();
    const keep = new Set([...catalogue.values()].flat().map((entry) => entry.hash));
    const missing = this.#missingTexts(catalogue);
    if (missing.size === 0 && this.#vectors.size > 0 && !this.#modelReady) await this.#warmUpWhileIdle();
    const { computed, problem: embedProblem } = await this.#embedMissing(missing, keep);
    const problem = embedProblem ?? loadProblem;
    const embedded = [...catalogue.values()].filter(([description]) => description !== undefined && this.#vectors.has(description.hash)).length;
    this.#last = { tools: catalogue.size, embedded, computed, ...(problem ? { problem } : {}) };
    if (computed > 0) this.#logger.debug({ tools: catalogue.size, embedded, computed }, 'tool description vectors updated');
    return this.#last;
  }

  async #passes(): Promise<ToolVectorsStatus> {
    let status = await this.#pass();
    // The catalogue changed while a pass ran: one more pass picks up the new texts.
    while (this.#again && !this.#closed) {
      this.#again = false;
      status = await this.#pass();
    }
    return status;
  }

  refresh(): Promise<ToolVectorsStatus> {
    this.#started = true;
    if (this.#closed) return Promise.resolve(this.#last);
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#passes()
      .catch((error: unknown) => {
        this.#logger.warn({ err: error }, 'tool description vectors failed; tool selection ranks by words');
        return this.#last;
      })
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  catalogueChanged(): void {
    this.#byTool = undefined;
    if (this.#started && !this.#closed) void this.refresh();
  }

  #rememberAtHand(text: string, vector: Float32Array): void {
    this.#modelReady = true;
    this.#waited.delete(text);
    this.#atHand.delete(text);
    this.#atHand.set(text, vector);
    if (this.#atHand.size > QUERY_VECTORS_KEPT) this.#atHand.delete(this.#atHand.keys().next().value as string);
  }

  /** The request's vector on its way, or undefined when there is nothing to compare it with. */
  #queryVector(request: string): { text: string; pending: Promise<Float32Array> } | undefined {
    const text = this.#closed ? undefined : requestText(request);
    // Before the cache file is read (a first call on a used data directory) no tool can have a vector: the catalogue's
    // texts are not even hashed, which at 2,000 tools took 90 ms of the first answer (docs/adr/0094).
    if (text === undefined || this.#vectors.size === 0 || this.toolVectors().size === 0) return undefined;
    const pending = this.#queries.embedQuery(text);
    pending.then((vector) => this.#rememberAtHand(text, vector)).catch(() => undefined);
    return { text, pending };
  }

  async similarity(request: string, budgetMs = this.#options.queryBudgetMs ?? DEFAULT_QUERY_BUDGET_MS): Promise<SemanticSimilarity | undefined> {
    const query = this.#queryVector(request);
    if (!query) return undefined;
    const ready = this.#atHand.get(query.text);
    if (ready) return this.#similarity(ready);
    // The model still loading, or this request already missed its budget: its vector is on its way for next time.
    if (!this.#modelReady || this.#waited.has(query.text)) return undefined;
    this.#waited.add(query.text);
    if (this.#waited.size > QUERY_VECTORS_KEPT) this.#waited.delete(this.#waited.values().next().value as string);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(resolve, budgetMs, undefined);
      timer.unref();
    });
    try {
      const vector = await Promise.race([query.pending.catch(() => undefined), late]);
      return vector ? this.#similarity(vector) : undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  similarityAtHand(request: string): SemanticSimilarity | undefined {
    const query = this.#queryVector(request);
    if (!query) return undefined;
    const ready = this.#atHand.get(query.text);
    return ready ? this.#similarity(ready) : undefined;
  }

  status(): ToolVectorsStatus {
    const tools = this.toolVectors();
    return { ...this.#last, tools: this.#catalogueSize, embedded: tools.size };
  }

  close(): void {
    this.#closed = true;
  }

  async settled(): Promise<void> {
    await this.#running;
  }
}

export function createToolVectorIndex(options: ToolVectorIndexOptions): ToolVectorIndex {
  const index = new ToolVectors(options);
  return {
    refresh: () => index.refresh(),
    catalogueChanged: () => index.catalogueChanged(),
    similarity: (request, budgetMs) => index.similarity(request, budgetMs),
    similarityAtHand: (request) => index.similarityAtHand(request),
    status: () => index.status(),
    close: () => index.close(),
    settled: () => index.settled(),
  };
}
