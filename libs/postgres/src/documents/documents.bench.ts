/**
 * Hybrid `search_documents` at 100,000 chunks on both adapters in the same run (issue goal: PostgreSQL p95 under
 * 100 ms): the documents' `DocumentService` over LanceDB (with its IVF-PQ index, built by `optimize()`) and over
 * PostgreSQL (HNSW, BM25 over the `tsvector` columns). A latency benchmark, not a relevance one: the chunks are
 * synthetic text (200 words drawn by Zipf's law from a 20,000-word vocabulary, so word frequencies look like prose;
 * titles of four) with random unit vectors, because embedding 100,000 real chunks would take hours; the queries mix a
 * common word and two of middling frequency and are embedded by the real model, cached per text as in production. The PostgreSQL rows are loaded first and the HNSW index built afterwards, as an import of this size
 * should be (docs/storage.md). `COS_BENCH_PG_CHUNKS` changes the size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DocumentService,
  WorkerPoolEmbedder,
  type ChunkRecord,
  type Embedder,
} from '@chief-of-staff/documents';
import { DocumentChunkTable, VectorDatabase } from '@chief-of-staff/lancedb';
import { openDatabase, type CosDatabase, SqliteDocumentCatalog } from '@chief-of-staff/sqlite';
import { openPostgres, type PostgresDatabase } from '../open-postgres.js';
import { HNSW_EF_CONSTRUCTION, HNSW_M } from '../schema/documents.js';
import { startTestPostgres, type TestPostgres } from '../testing/index.js';
import { PostgresChunkStore } from './chunk-store.js';
import { PostgresDocumentCatalog } from './document-catalog.js';

const CHUNKS = Number(process.env['COS_BENCH_PG_CHUNKS'] ?? 100_000);
const CHUNKS_PER_DOCUMENT = 10;
const LOAD_SLICE = 5_000;
const LANCE_NAME = `postgres: search_documents hybrid @ ${CHUNKS.toLocaleString('en')} chunks — LanceDB`;
const POSTGRES_NAME = `postgres: search_documents hybrid @ ${CHUNKS.toLocaleString('en')} chunks — PostgreSQL`;

/** Words of the synthetic text: pronounceable strings, so the analyser keeps each one a separate term. */
const VOCABULARY_SIZE = 20_000;
const SYLLABLES = ['ka', 'lo', 'mi', 're', 'tu', 'sa', 'no', 'vi', 'de', 'pu', 'ga', 'ri', 'zo', 'be', 'fi', 'ha'];

function wordOfRank(rank: number): string {
  let word = 'q';
  let rest = rank;
  do {
    word += SYLLABLES[rest % SYLLABLES.length] as string;
    rest = Math.floor(rest / SYLLABLES.length);
  } while (rest > 0);
  return `${word}x`;
}

/** Cumulative probabilities of Zipf's law (a word's share of all words is proportional to 1 / its rank). */
const ZIPF = (() => {
  const weights = Array.from({ length: VOCABULARY_SIZE }, (_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  return weights.map((weight) => (running += weight / total));
})();

function zipfRank(random: () => number): number {
  const target = random();
  let low = 0;
  let high = ZIPF.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ZIPF[middle] as number) < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Queries as people type them: a sentence for the embedder to read, whose keyword side holds a common word and two
 * of middling frequency (ranks 200–3,000, each in roughly 1–6% of the chunks).
 */
const QUERIES = Array.from({ length: 20 }, (_, index) => {
  const random = seeded(1_000 + index);
  const middling = () => wordOfRank(200 + Math.floor(random() * 2_800));
  return `notes about ${wordOfRank(Math.floor(random() * 20))} ${middling()} and ${middling()}`;
});

function p95(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
}

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function words(count: number, random: () => number): string {
  return Array.from({ length: count }, () => wordOfRank(zipfRank(random))).join(' ');
}

function unitVector(dims: number, random: () => number): Float32Array {
  const vector = Float32Array.from({ length: dims }, () => random() - 0.5);
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

/** The synthetic chunks from `start` (same seed, same rows for both adapters). */
function chunkRows(start: number, end: number, dims: number, now: number): ChunkRecord[] {
  const rows: ChunkRecord[] = [];
  for (let i = start; i < end; i++) {
    const random = seeded(i + 1);
    const documentId = Math.floor(i / CHUNKS_PER_DOCUMENT) + 1;
    rows.push({
      documentId,
      chunkIndex: i % CHUNKS_PER_DOCUMENT,
      kind: 'chunk',
      path: `/bench/folder${documentId % 50}/doc${documentId}.md`,
      sourceName: `doc${documentId}.md`,
      docType: 'markdown',
      title: `doc ${documentId} ${words(4, seeded(documentId))}`,
      text: words(200, random),
      contentHash: 'synthetic',
      sizeBytes: 1_400,
      modifiedAtMs: now,
      ingestedAtMs: now,
      vector: unitVector(dims, random),
    });
  }
  return rows;
}

const timings = { lance: [] as number[], postgres: [] as number[] };
let model: WorkerPoolEmbedder | undefined;
const embedder = (): Embedder => (model ??= new WorkerPoolEmbedder());

async function search(service: DocumentService | undefined, index: number, record: number[] | undefined): Promise<void> {
  const started = performance.now();
  const result = await (service as DocumentService).search(QUERIES[index % QUERIES.length] as string, { topK: 5 });
  record?.push(performance.now() - started);
  if (result.mode !== 'hybrid' || result.items.length === 0) throw new Error(`hybrid search came back as ${result.mode} with ${result.items.length} items`);
}

function lanceBenchmark() {
  let dir: string | undefined;
  let database: CosDatabase | undefined;
  let vectors: VectorDatabase | undefined;
  let service: DocumentService | undefined;
  let next = 0;
  return {
    name: LANCE_NAME,
    setup: async () => {
      dir = mkdtempSync(join(tmpdir(), 'cos-bench-pg-docs-lance-'));
      database = openDatabase({ dataDir: dir });
      vectors = new VectorDatabase(join(dir, 'vectors'));
      const chunks = new DocumentChunkTable(vectors, embedder());
      const now = Date.now();
      for (let start = 0; start < CHUNKS; start += LOAD_SLICE) await chunks.insertNewDocuments(chunkRows(start, Math.min(CHUNKS, start + LOAD_SLICE), embedder().dims, now));
      await chunks.optimize();
      service = new DocumentService({ catalog: new SqliteDocumentCatalog(database), chunks, embedder: embedder(), allowedRoots: [dir] });
    },
    fn: async (run?: { warmup?: boolean }) => search(service, next++, run?.warmup ? undefined : timings.lance),
    warmupIterations: QUERIES.length,
    iterations: 200,
    teardown: async () => {
      await service?.close();
      await vectors?.close();
      database?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresBenchmark() {
  let server: TestPostgres | undefined;
  let database: PostgresDatabase | undefined;
  let service: DocumentService | undefined;
  let next = 0;
  return {
    name: POSTGRES_NAME,
    setup: async () => {
      server = await startTestPostgres({ database: 'cos_bench_documents' });
      database = await openPostgres({ url: server.url });
      const pool = database.pool;
      const now = Date.now();
      await pool.query(
        `INSERT INTO documents (id, path, source_name, doc_type, size_bytes, content_hash, modified_at, chunk_count, ingested_at)
         OVERRIDING SYSTEM VALUE
         SELECT d, '/bench/folder' || (d % 50) || '/doc' || d || '.md', 'doc' || d || '.md', 'markdown', 14000, 'synthetic', now(), $2, now()
         FROM generate_series(1, $1::int) AS d`,
        [Math.ceil(CHUNKS / CHUNKS_PER_DOCUMENT), CHUNKS_PER_DOCUMENT],
      );
      // Rows first, the HNSW index afterwards: inserting 100,000 rows into the index one by one takes many minutes.
      await pool.query('DROP INDEX document_chunks_vector_idx');
      const chunks = new PostgresChunkStore(database, { embedder: embedder() });
      for (let start = 0; start < CHUNKS; start += LOAD_SLICE) await chunks.insertNewDocuments(chunkRows(start, Math.min(CHUNKS, start + LOAD_SLICE), embedder().dims, now));
      const client = await pool.connect();
      try {
        await client.query("SET maintenance_work_mem = '1GB'");
        await client.query(
          `CREATE INDEX document_chunks_vector_idx ON document_chunks USING hnsw (vector vector_cosine_ops)
           WITH (m = ${HNSW_M}, ef_construction = ${HNSW_EF_CONSTRUCTION})`,
        );
      } finally {
        client.release();
      }
      // As autovacuum leaves a loaded table: statistics current, pages all-visible.
      await pool.query('VACUUM ANALYZE document_chunks');
      await pool.query('VACUUM ANALYZE documents');
      service = new DocumentService({ catalog: new PostgresDocumentCatalog(database), chunks, embedder: embedder(), allowedRoots: ['/bench'] });
    },
    fn: async (run?: { warmup?: boolean }) => search(service, next++, run?.warmup ? undefined : timings.postgres),
    warmupIterations: QUERIES.length,
    iterations: 200,
    teardown: async () => {
      await service?.close();
      await database?.close();
      await server?.stop();
      await model?.close();
      model = undefined;
    },
    peer: LANCE_NAME,
    metrics: () => ({ p95Ratio: p95(timings.postgres) / p95(timings.lance) }),
    goal: { metric: 'p95', max: 100 },
  };
}

export const benchmarks = [lanceBenchmark(), postgresBenchmark()];
