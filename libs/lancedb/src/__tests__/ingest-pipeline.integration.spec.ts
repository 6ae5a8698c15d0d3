/**
 * The ingest pipeline keeps the embedder busy: files are read and batches written while it embeds, the work in flight
 * stays bounded on a large folder, and an aborted ingest returns only once nothing is left writing, with every
 * recorded document complete; a new document's chunks are never stored twice. Real SQLite and LanceDB; a test
 * embedder that takes a fixed time per call and says when it is busy (the model's speed is the benchmark's business).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDatabase, SqliteDocumentCatalog, type CosDatabase } from '@chief-of-staff/sqlite';
import { DocumentService, type Embedder, type IngestProgress } from '@chief-of-staff/documents';
import { lanceChunkStore } from '../chunks/lance-chunk-store.js';
import type { ChunkRecord } from '../chunks/document-chunk-table.js';

const DIMS = 16;
// Long enough that embedding stays the slow stage (as a real model is) even when the machine is loaded: with a
// shorter call, reading the next batch could take longer than embedding it, and no write overlapped an embedding.
const CALL_MS = 50;
const SECTIONS_PER_FILE = 8;

/** A unit vector derived from the text, so equal texts get equal vectors. */
function vectorOf(text: string): Float32Array {
  const digest = createHash('sha256').update(text).digest();
  const vector = Float32Array.from({ length: DIMS }, (_, i) => (digest[i] as number) - 127.5);
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

class SlowTestEmbedder implements Embedder {
  readonly id = 'slow-test@1';
  readonly dims = DIMS;
  busyCalls = 0;
  calls = 0;

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.busyCalls++;
    this.calls++;
    try {
      await new Promise((resolve) => setTimeout(resolve, CALL_MS));
      return texts.map(vectorOf);
    } finally {
      this.busyCalls--;
    }
  }
}

const base = mkdtempSync(join(tmpdir(), 'cos-docs-pipeline-'));
const root = join(base, 'documents');
let database: CosDatabase;

/** A file of SECTIONS_PER_FILE one-chunk sections, all texts unique to the file. */
function writeNote(folder: string, index: number): void {
  const sections = Array.from({ length: SECTIONS_PER_FILE }, (_, section) => {
    const words = Array.from({ length: 50 }, (_, word) => `w${index}x${section}x${word}`).join(' ');
    return `## Part ${section + 1}\n\n${words}.`;
  });
  writeFileSync(join(folder, `note-${String(index).padStart(4, '0')}.md`), `# Note ${index}\n\n${sections.join('\n\n')}\n`);
}

function folderOf(name: string, files: number): string {
  const folder = join(root, name);
  mkdirSync(folder, { recursive: true });
  for (let index = 0; index < files; index++) writeNote(folder, index);
  return folder;
}

function openService(embedder: Embedder): DocumentService {
  return new DocumentService({ catalog: new SqliteDocumentCatalog(database), chunks: lanceChunkStore({ vectorsDir: join(base, 'vectors') }), allowedRoots: [root], embedder });
}

beforeAll(() => {
  mkdirSync(root, { recursive: true });
  database = openDatabase({ dataDir: base });
});

afterAll(() => {
  database.close();
  rmSync(base, { recursive: true, force: true });
});

describe('the ingest pipeline', () => {
  it('reads the next files and writes the previous batch while the embedder works, with bounded work in flight', async () => {
    const embedder = new SlowTestEmbedder();
    const service = openService(embedder);
    const files = 200;
    const folder = folderOf('large', files);
    let readWhileEmbedding = 0;
    let writtenWhileEmbedding = 0;
    let mostChunksInFlight = 0;
    const onProgress = (progress: IngestProgress): void => {
      if (progress.phase === 'reading' && embedder.busyCalls > 0) readWhileEmbedding++;
      if (progress.phase === 'writing' && embedder.busyCalls > 0) writtenWhileEmbedding++;
      // Chunks read (the file being read included) and not yet written.
      const inFlight = (progress.filesDone + 1) * SECTIONS_PER_FILE - progress.chunksWritten;
      if (progress.phase === 'reading') mostChunksInFlight = Math.max(mostChunksInFlight, inFlight);
    };
    try {
      const report = await service.ingest(folder, { onProgress });
      expect(report.ingested).toHaveLength(files);
      expect(report.chunks).toBe(files * SECTIONS_PER_FILE);
      expect(report.embedded).toBe(files * SECTIONS_PER_FILE);
      expect(readWhileEmbedding).toBeGreaterThan(files / 2);
      expect(writtenWhileEmbedding).toBeGreaterThan(0);
      // At most two batches embedding or waiting for their write, plus the one being gathered (each about 128
      // chunks, plus the file that closed it): far below the folder's 1,600.
      expect(mostChunksInFlight).toBeLessThanOrEqual(3 * (128 + SECTIONS_PER_FILE));
      for (const row of await service.list({}, 500)) expect(await service.chunks.countChunks(row.id)).toBe(row.chunkCount);
    } finally {
      await service.close();
    }
  });

  it('an aborted ingest returns once nothing is left writing; every recorded document is complete and the next run finishes', async () => {
    const embedder = new SlowTestEmbedder();
    const service = openService(embedder);
    const folder = folderOf('aborted', 120);
    const controller = new AbortController();
    try {
      const stopped = await service
        .ingest(folder, {
          signal: controller.signal,
          onProgress: (progress) => {
            if (progress.phase === 'writing') controller.abort();
          },
        })
        .catch((error: unknown) => error);
      expect(stopped).toMatchObject({ name: 'AbortError' });
      const callsAtReturn = embedder.calls;
      const rowsAtReturn = (await service.list({ pathPrefix: folder }, 500)).filter((row) => row.chunkCount > 0);
      await new Promise((resolve) => setTimeout(resolve, 4 * CALL_MS));
      expect(embedder.calls).toBe(callsAtReturn);
      const rowsLater = (await service.list({ pathPrefix: folder }, 500)).filter((row) => row.chunkCount > 0);
      expect(rowsLater.map((row) => row.id)).toEqual(rowsAtReturn.map((row) => row.id));
      expect(rowsAtReturn.length).toBeLessThan(120);
      for (const row of rowsAtReturn) expect(await service.chunks.countChunks(row.id)).toBe(row.chunkCount);

      const resumed = await service.ingest(folder);
      expect(resumed.unchanged).toBe(rowsAtReturn.length);
      expect(await service.count({ pathPrefix: folder })).toBe(120);
    } finally {
      await service.close();
    }
  });

  it('writing a new document that another process wrote first keeps one row per chunk', async () => {
    const embedder = new SlowTestEmbedder();
    const first = openService(embedder);
    const second = openService(embedder);
    const folder = folderOf('twice', 1);
    try {
      const report = await first.ingest(folder);
      const documentId = report.ingested[0]?.documentId as number;
      // What the other process would write for the same new file: the same ids, its own copy of each chunk.
      const rows: ChunkRecord[] = Array.from({ length: SECTIONS_PER_FILE }, (_, chunkIndex) => ({
        documentId,
        chunkIndex,
        kind: 'chunk',
        path: join(folder, 'note-0000.md'),
        sourceName: 'note-0000.md',
        docType: 'markdown',
        title: 'Note 0',
        text: `chunk ${chunkIndex}`,
        contentHash: 'same-file',
        sizeBytes: 1,
        modifiedAtMs: 0,
        ingestedAtMs: 0,
        vector: vectorOf(`chunk ${chunkIndex}`),
      }));
      await second.chunks.insertNewDocuments(rows);
      expect(await second.chunks.countChunks(documentId)).toBe(SECTIONS_PER_FILE);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
