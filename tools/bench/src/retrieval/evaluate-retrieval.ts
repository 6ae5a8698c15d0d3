/**
 * Runs one test collection through the document engine as a user would (files on disk, `ingest`, `search` per mode)
 * and through the peers, and returns MRR@10, nDCG@10 and P@10 per system.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocumentService, type Embedder, type SearchMode } from '@chief-of-staff/documents';
import { lanceChunkStore } from '@chief-of-staff/lancedb';
import { openDatabase, SqliteDocumentCatalog } from '@chief-of-staff/sqlite';
import { lunrIndex, miniSearchIndex, type PeerIndex } from './bm25-peers.js';
import { CUTOFF, meanFigures, rankingFigures, type QueryFigures } from './ranking-metrics.js';
import { documentFileText, type TestCollection } from './test-collections.js';

export const MODES: readonly SearchMode[] = ['hybrid', 'vector', 'fts'];
export const PEERS = ['lunr', 'minisearch'] as const;

export interface CollectionFigures {
  collection: string;
  documents: number;
  queries: number;
  /** System (a search mode or a peer) → mean figures over the collection's queries. */
  systems: Record<string, QueryFigures>;
  /** Per query kind (when the collection labels them) → system → figures. */
  byKind: Record<string, Record<string, QueryFigures>>;
  /** Wall time of the ingest and mean time of one hybrid search, milliseconds. */
  ingestMs: number;
  hybridSearchMs: number;
}

export interface IndexedCollection {
  collection: TestCollection;
  service: DocumentService;
  /** Ranked document ids for a query in a mode (hits collapsed to their documents). */
  search(query: string, mode: SearchMode): Promise<string[]>;
  /** The test collection's id of the document ingested from `sourceName`. */
  idOf(sourceName: string): string | undefined;
  close(): Promise<void>;
  ingestMs: number;
}

/** Ingests the collection's documents into a fresh data directory. */
export async function indexCollection(collection: TestCollection, embedder: Embedder): Promise<IndexedCollection> {
  const base = mkdtempSync(join(tmpdir(), `cos-retrieval-${collection.name}-`));
  const root = join(base, 'documents');
  mkdirSync(root, { recursive: true });
  const idByFile = new Map<string, string>();
  for (const doc of collection.documents) {
    writeFileSync(join(root, doc.file), documentFileText(doc));
    idByFile.set(doc.file, doc.id);
  }
  const database = openDatabase({ dataDir: base });
  const service = new DocumentService({ catalog: new SqliteDocumentCatalog(database), chunks: lanceChunkStore({ vectorsDir: join(base, 'vectors') }), allowedRoots: [root], embedder });
  const started = performance.now();
  const report = await service.ingest(root);
  const ingestMs = performance.now() - started;
  if (report.ingested.length !== collection.documents.length) {
    throw new Error(`${collection.name}: ingested ${report.ingested.length} of ${collection.documents.length} documents (${JSON.stringify(report.skipped.slice(0, 3))})`);
  }
  await service.optimize();
  return {
    collection,
    service,
    ingestMs,
    idOf: (sourceName) => idByFile.get(sourceName),
    async search(query, mode) {
      const { items } = await service.search(query, { mode, topK: CUTOFF });
      const ranked: string[] = [];
      for (const item of items) {
        const id = idByFile.get(item.sourceName);
        if (id !== undefined && !ranked.includes(id)) ranked.push(id);
      }
      return ranked;
    },
    async close() {
      await service.close();
      database.close();
      rmSync(base, { recursive: true, force: true });
    },
  };
}

export async function evaluateCollection(indexed: IndexedCollection): Promise<CollectionFigures> {
  const { collection } = indexed;
  const peers: PeerIndex[] = [lunrIndex(collection.documents), miniSearchIndex(collection.documents)];
  const perSystem = new Map<string, Array<{ kind: string; figures: QueryFigures }>>();
  const record = (system: string, kind: string, figures: QueryFigures) => {
    perSystem.set(system, [...(perSystem.get(system) ?? []), { kind, figures }]);
  };
  let hybridMs = 0;
  for (const query of collection.queries) {
    const kind = query.kind ?? 'all';
    for (const mode of MODES) {
      const started = performance.now();
      const ranked = await indexed.search(query.text, mode);
      if (mode === 'hybrid') hybridMs += performance.now() - started;
      record(mode, kind, rankingFigures(ranked, query.relevant));
    }
    for (const peer of peers) record(peer.name, kind, rankingFigures(peer.search(query.text, CUTOFF), query.relevant));
  }
  const systems: Record<string, QueryFigures> = {};
  const byKind: Record<string, Record<string, QueryFigures>> = {};
  for (const [system, rows] of perSystem) {
    systems[system] = meanFigures(rows.map((row) => row.figures));
    for (const kind of new Set(rows.map((row) => row.kind))) {
      byKind[kind] ??= {};
      byKind[kind][system] = meanFigures(rows.filter((row) => row.kind === kind).map((row) => row.figures));
    }
  }
  return {
    collection: collection.name,
    documents: collection.documents.length,
    queries: collection.queries.length,
    systems,
    byKind,
    ingestMs: indexed.ingestMs,
    hybridSearchMs: collection.queries.length === 0 ? 0 : hybridMs / collection.queries.length,
  };
}

const f3 = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(3));

/** The table of the closing note: one row per collection and system. */
export function formatFiguresTable(all: readonly CollectionFigures[]): string {
  const lines = ['| collection | system | nDCG@10 | MRR@10 | P@10 |', '|---|---|---|---|---|'];
  for (const figures of all) {
    for (const system of [...MODES, ...PEERS]) {
      const row = figures.systems[system];
      lines.push(`| ${figures.collection} (${figures.documents} docs, ${figures.queries} queries) | ${system} | ${f3(row?.ndcg)} | ${f3(row?.mrr)} | ${f3(row?.p10)} |`);
    }
    for (const [kind, systems] of Object.entries(figures.byKind)) {
      if (kind === 'all') continue;
      for (const system of MODES) {
        const row = systems[system];
        lines.push(`| ${figures.collection}, ${kind} queries | ${system} | ${f3(row?.ndcg)} | ${f3(row?.mrr)} | ${f3(row?.p10)} |`);
      }
    }
  }
  return lines.join('\n');
}
