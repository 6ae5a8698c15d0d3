/**
 * The chunk store port: where document chunks, their vectors and their search terms live. Ingestion writes through
 * it, search asks it for the two candidate lists that rank-candidates.ts ranks (keyword candidates with BM25-like
 * scores, semantic candidates with cosine similarities), and `cos reindex` rebuilds it. The embedded adapter is the
 * LanceDB `document_chunks` table (`@chief-of-staff/lancedb`); `@chief-of-staff/postgres` implements the same port
 * over pgvector. Ranking, floors and fusion stay above the port, shared by every adapter (ADR 0067).
 */
import { createHash } from 'node:crypto';
import type { Embedder } from '../embedding/embedder.js';
import type { DocType } from '../extract/doc-types.js';
import type { VectorSpace } from './vector-space.js';

/** The chunk index of a document's summary row. */
export const SUMMARY_CHUNK_INDEX = -1;
/** The current chunk layout: analysed terms and a separate title column (layout 1 indexed the raw text). */
export const CHUNK_TABLE_SCHEMA_VERSION = 2;
/**
 * The weight of a document's title and headings (its file name, first heading and section headings) in keyword
 * search: the title column's BM25 score times this is added to the body's, where the title also appears, so a
 * query word in the title counts a little more than one in the body alone. Chosen with the other ranking parameters
 * by leave-one-collection-out evaluation (ADR 0042). This is the weight of the plain sum, used by a store that does
 * not scale the title by coverage; search asks a store that does for the coverage-scaled weight (ADR 0077).
 */
export const TITLE_WEIGHT = 0.5;

export type ChunkKind = 'chunk' | 'summary';

export interface ChunkRecord {
  documentId: number;
  chunkIndex: number;
  kind: ChunkKind;
  path: string;
  sourceName: string;
  docType: DocType;
  /** The document's title and headings (see ingest's documentTitle). */
  title: string;
  text: string;
  contentHash: string;
  sizeBytes: number;
  modifiedAtMs: number;
  ingestedAtMs: number;
  vector: Float32Array;
}

export interface ChunkHit {
  id: string;
  documentId: number;
  chunkIndex: number;
  kind: ChunkKind;
  path: string;
  sourceName: string;
  docType: DocType;
  text: string;
  /** Cosine similarity for vector hits, BM25 for full-text hits. */
  score: number;
}

export interface ChunkFilter {
  kind: ChunkKind;
  /** Literal path prefix (no pattern characters). */
  pathPrefix?: string;
  docType?: DocType;
  /** Inclusive lower bound on the file's modification time (epoch ms). */
  modifiedFromMs?: number;
  /** Exclusive upper bound on the file's modification time (epoch ms). */
  modifiedBeforeMs?: number;
}

/** How a title's keyword score depends on the share of the query the title covers (see `ChunkTextQuery`). */
export interface TitleCoverage {
  groups: readonly (readonly string[])[];
  /** The part of the title score that counts whatever the coverage (0..1; 1 is the plain sum). */
  floor: number;
}

/** A keyword query as the store receives it (see `ChunkStore.textSearch`). */
export interface ChunkTextQuery {
  /** The query's analysed terms (`queryTermGroups`, flattened), space-separated; OR-ed. */
  terms: string;
  /** The query for a layout-1 store, which indexed the raw text. */
  rawQuery: string;
  /** Weight of the title's score added to the body's; default TITLE_WEIGHT. */
  titleWeight?: number;
  /**
   * When given, a chunk's title score is added in part by how much of the query its title covers: times
   * `floor + (1 − floor) × share`, where `share` is the share of the query's term groups (`queryTermGroups`) the
   * title contains. A title that shares one incidental word of a long query says less about the chunk than one that
   * names what the query asks for. When absent, the title score is added in full. A store may ignore it (the ranking
   * then stays the plain sum); `ChunkStore.titleCoverage` says whether it does.
   */
  titleCoverage?: TitleCoverage;
}

/**
 * Whether the stored vectors can be searched with the configured embedder: `absent` (nothing stored yet), `ok` (with
 * the layout version the store was created with), or `mismatch` (another embedder wrote them: `cos reindex`).
 */
export type ChunkStoreState =
  | { status: 'absent' }
  | { status: 'ok'; schemaVersion: number }
  | { status: 'mismatch'; recorded: VectorSpace | undefined };

export interface ChunkStore {
  /** How errors and warnings name the stored vectors ("document vectors"). */
  readonly label: string;
  /**
   * True when `textSearch` honours `ChunkTextQuery.titleCoverage`. Search only asks for the coverage-scaled title
   * weight of a store that applies it; any other store keeps the plain sum with TITLE_WEIGHT, the weight chosen for it.
   */
  readonly titleCoverage?: boolean;
  state(): Promise<ChunkStoreState>;
  /**
   * Makes the stored chunks of `documentIds` exactly `rows`, atomically: a search never sees a half-replaced document.
   * Throws the "run `cos reindex`" error when another embedder (or an older layout) owns the store.
   */
  replaceDocuments(documentIds: readonly number[], rows: readonly ChunkRecord[]): Promise<void>;
  /**
   * Inserts the chunks of documents that have none stored yet (ids just created), atomically; a row whose id is
   * already stored is left alone, so two writers of the same new document never duplicate its chunks.
   */
  insertNewDocuments(rows: readonly ChunkRecord[]): Promise<void>;
  /** Stored vectors of chunks whose `chunkTextHash` is among `hashes` (one per hash found); empty on a mismatch. */
  vectorsByTextHash(hashes: readonly string[]): Promise<Map<string, Float32Array>>;
  /** Removes every chunk of the documents, whatever embedder wrote them; returns how many rows went. */
  deleteDocuments(documentIds: readonly number[]): Promise<number>;
  /** Chunks (summaries excluded) stored for one document. */
  countChunks(documentId: number): Promise<number>;
  /** Every stored row, summaries included. */
  count(): Promise<number>;
  /**
   * Keyword candidates: chunks matching any of the terms, scored as body score plus `titleWeight` times title score,
   * best first, at most `limit`. Terms are plain words: no query syntax has a meaning. Empty terms find nothing.
   */
  textSearch(query: ChunkTextQuery, filter: ChunkFilter, limit: number): Promise<ChunkHit[]>;
  /** Semantic candidates: the nearest chunks by cosine similarity (score = similarity), best first. */
  vectorSearch(vector: Float32Array, filter: ChunkFilter, limit: number): Promise<ChunkHit[]>;
  /** Empties the store and records the configured embedder (re-index). */
  recreate(): Promise<void>;
  /** Compacts storage and maintains indexes, where the adapter has such work. */
  optimize?(): Promise<void>;
  /** Cancels background maintenance before the connection closes. */
  stopMaintenance?(): Promise<void>;
  /** Releases what the store opened for itself (a connection); called by the service that made it. */
  close?(): Promise<void>;
}

/** What a service gives the chunk store it makes: its embedder, and where background maintenance reports failures. */
export interface ChunkStoreContext {
  embedder: Embedder;
  onMaintenanceError(error: unknown): void;
}

/** Makes a service's chunk store once the service has its embedder (which it may have created itself). */
export type ChunkStoreFactory = (context: ChunkStoreContext) => ChunkStore;

/** The hash of a chunk's text that stores keep beside its vector: 128 bits of SHA-256, in hex. */
export function chunkTextHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/** A chunk's stable id, `<document_id>:<chunk_index>`. */
export function chunkId(documentId: number, chunkIndex: number): string {
  return `${documentId}:${chunkIndex}`;
}
