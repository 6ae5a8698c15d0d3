/**
 * `search_documents` as an MCP client sees it, with paragraph-length questions: one stdio connection to our server
 * (run from source) over a data directory of about 10k chunks of real technical prose (the CACM and man-pages
 * abstracts of the retrieval collections, repeated under new document ids), default (hybrid) mode, every query a new
 * 60-word text so the embedder runs on every call. The chunk vectors are real embeddings of 64 of those abstracts
 * plus noise (embedding all 10k would take minutes), so semantic matches clear the floor and fusion has two lists to
 * combine, as with real documents. The short-query peer is the same call with the first six words.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocumentService, VECTORS_DIR_NAME, WorkerPoolEmbedder, type Embedder } from '@chief-of-staff/documents';
import { lanceChunkStore } from '@chief-of-staff/lancedb';
import { openDatabase, SqliteDocumentCatalog } from '@chief-of-staff/sqlite';
import { loadCacm, loadJsonCollection } from '../retrieval/test-collections.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectSourceServer } from './source-server-client.js';

const TARGET_CHUNKS = 10_000;
const QUERY_WORDS = 60;
const TOPICS = 64;

let client: Client | undefined;
let dataDir = '';
let nextLong = 0;
let nextShort = 0;
let longQueries: string[] = [];

/** Distinct 60-word questions: windows over the CACM queries' text, which are paragraph-length requests. */
function paragraphQueries(): string[] {
  const words = loadCacm()
    .queries.map((query) => query.text)
    .join(' ')
    .split(/\s+/);
  const out: string[] = [];
  for (let start = 0; start + QUERY_WORDS <= words.length; start += 11) out.push(words.slice(start, start + QUERY_WORDS).join(' '));
  // The tool takes at most 500 characters.
  return out.filter((query) => query.length <= 500);
}

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

async function buildDataDirectory(): Promise<void> {
  dataDir = mkdtempSync(join(tmpdir(), 'cos-bench-search-documents-'));
  const texts = [...loadCacm().documents, ...loadJsonCollection('manpages').documents]
    .filter((doc) => doc.body !== '')
    .map((doc) => ({ title: doc.title, text: `${doc.title}\n\n${doc.body.split(' ').slice(0, 100).join(' ')}` }));
  const model = new WorkerPoolEmbedder();
  const topics = await model.embed(texts.slice(0, TOPICS).map((doc) => doc.text));
  await model.close();
  const random = seeded(7);
  const vectorFor = (index: number): Float32Array => {
    const topic = topics[index % TOPICS] as Float32Array;
    const vector = topic.map((value) => value + (random() - 0.5) * 0.08);
    const norm = Math.hypot(...vector);
    return vector.map((value) => value / norm);
  };
  // Stored vectors are made here, so the table is written with the model's id and width but without the model.
  const prepared: Embedder = { id: model.id, dims: model.dims, embed: async () => [] };
  const database = openDatabase({ dataDir });
  const service = new DocumentService({ catalog: new SqliteDocumentCatalog(database), chunks: lanceChunkStore({ vectorsDir: join(dataDir, VECTORS_DIR_NAME) }), allowedRoots: [dataDir], embedder: prepared });
  const now = Date.now();
  for (let start = 0; start < TARGET_CHUNKS; start += 2_000) {
    const rows = Array.from({ length: Math.min(2_000, TARGET_CHUNKS - start) }, (_, offset) => {
      const index = start + offset;
      const doc = texts[index % texts.length] as { title: string; text: string };
      return {
        documentId: index + 1,
        chunkIndex: 0,
        kind: 'chunk' as const,
        path: join(dataDir, `doc-${index + 1}.md`),
        sourceName: `doc-${index + 1}.md`,
        docType: 'markdown' as const,
        title: doc.title,
        text: doc.text,
        contentHash: 'bench',
        sizeBytes: doc.text.length,
        modifiedAtMs: now,
        ingestedAtMs: now,
        vector: vectorFor(index),
      };
    });
    await service.chunks.replaceDocuments(
      rows.map((row) => row.documentId),
      rows,
    );
  }
  await service.optimize();
  await service.close();
  database.close();
}

async function connect(): Promise<void> {
  if (client) return;
  await buildDataDirectory();
  longQueries = paragraphQueries();
  if (longQueries.length < 70) throw new Error(`only ${longQueries.length} distinct 60-word queries`);
  client = await connectSourceServer(dataDir, 'search-documents-bench');
}

async function search(query: string): Promise<void> {
  const result = await client?.callTool({ name: 'search_documents', arguments: { query, top_k: 10 } });
  if (result?.isError) throw new Error(JSON.stringify(result.content));
  const items = (result?.structuredContent as { items?: unknown[] } | undefined)?.items ?? [];
  if (items.length === 0) throw new Error(`no results for "${query.slice(0, 60)}…"`);
}

async function disconnect(): Promise<void> {
  await client?.close();
  client = undefined;
  rmSync(dataDir, { recursive: true, force: true });
}

export const benchmarks = [
  {
    name: 'documents: search_documents over MCP stdio, 10k chunks, 6-word queries (peer)',
    setup: connect,
    warmupIterations: 3,
    fn: async () => search((longQueries[longQueries.length - 1 - (nextShort++ % longQueries.length)] as string).split(' ').slice(0, 6).join(' ')),
    iterations: 60,
    time: 0,
  },
  {
    name: 'documents: search_documents over MCP stdio, 10k chunks, 60-word queries (hybrid, embedding included)',
    setup: connect,
    warmupIterations: 3,
    fn: async () => search(longQueries[nextLong++ % longQueries.length] as string),
    teardown: disconnect,
    iterations: 60,
    time: 0,
    goal: { metric: 'p95', max: 100 },
    peer: 'documents: search_documents over MCP stdio, 10k chunks, 6-word queries (peer)',
  },
];
