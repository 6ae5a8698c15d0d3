/**
 * No chunk is embedded twice: an edited file embeds only its changed chunks, identical documents embed once (in one
 * ingest and across ingests), the reused vectors are the stored ones, and a table written before chunks carried their
 * text hash gets the column on its next write. Real SQLite, LanceDB and USE-lite workers; the embedder is wrapped only
 * to see which texts reach it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { openDatabase, SqliteDocumentCatalog, type CosDatabase } from '@chief-of-staff/sqlite';
import { DocumentService, type Embedder, WorkerPoolEmbedder } from '@chief-of-staff/documents';
import { lanceChunkStore } from '../chunks/lance-chunk-store.js';
import { DOCUMENT_CHUNKS_TABLE } from '../chunks/document-chunk-table.js';
import { loadLance } from '../tables/load-lance.js';

const base = mkdtempSync(join(tmpdir(), 'cos-docs-reuse-'));
const root = join(base, 'documents');
const vectorsDir = join(base, 'vectors');
const model = new WorkerPoolEmbedder();
/** Every text the ingest sent to the model, in order. */
const sent: string[] = [];
const countingEmbedder: Embedder = {
  id: model.id,
  dims: model.dims,
  embed: (texts, options) => {
    sent.push(...texts);
    return model.embed(texts, options);
  },
};
let database: CosDatabase;
let service: DocumentService;

const TOPICS = ['budget review', 'hiring plan', 'office move', 'vendor contract', 'security audit', 'team offsite', 'release schedule', 'customer feedback'];

/** A note of eight sections, each one chunk: a heading and a paragraph of about sixty words. */
function note(title: string, changedSections: readonly number[] = []): string {
  const sections = TOPICS.map((topic, index) => {
    const twist = changedSections.includes(index) ? ' The owner changed after the last meeting and the date moved to the autumn.' : '';
    const paragraph = `The ${topic} for ${title} was discussed at length. Everyone agreed that the ${topic} needs a clear owner, a written summary, and a date for the next check. The notes list the open questions about the ${topic}, the people to ask, and the figures that are still missing before a decision can be taken.${twist}`;
    return `## ${topic}\n\n${paragraph}`;
  });
  return `# ${title}\n\n${sections.join('\n\n')}\n`;
}

function write(relative: string, content: string): string {
  const path = join(root, relative);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return path;
}

async function storedVectors(documentId: number): Promise<Map<string, number[]>> {
  const { lancedb } = await loadLance();
  const connection = await lancedb.connect(vectorsDir);
  try {
    const table = await connection.openTable(DOCUMENT_CHUNKS_TABLE);
    const rows = (await table.query().where(`document_id = ${documentId}`).select(['text', 'vector']).toArray()) as { text: string; vector: Iterable<number> }[];
    return new Map(rows.map((row) => [row.text, Array.from(row.vector)]));
  } finally {
    connection.close();
  }
}

beforeAll(() => {
  mkdirSync(root, { recursive: true });
  database = openDatabase({ dataDir: base });
  service = new DocumentService({ catalog: new SqliteDocumentCatalog(database), chunks: lanceChunkStore({ vectorsDir }), allowedRoots: [root], embedder: countingEmbedder });
});

beforeEach(() => {
  sent.length = 0;
});

afterAll(async () => {
  await service.close();
  await model.close();
  database.close();
  rmSync(base, { recursive: true, force: true });
});

describe('ingest embeds each chunk text once', () => {
  it('re-ingesting a file with one paragraph changed embeds only the changed chunk and keeps the other vectors', async () => {
    const path = write('plans/q3.md', note('the third quarter'));
    const first = await service.ingest(path);
    expect(first.chunks).toBe(8);
    expect(first.embedded).toBe(8);
    expect(sent).toHaveLength(8);
    const documentId = first.ingested[0]?.documentId as number;
    const before = await storedVectors(documentId);

    sent.length = 0;
    write('plans/q3.md', note('the third quarter', [2]));
    const second = await service.ingest(path);
    expect(second.chunks).toBe(8);
    expect(second.embedded).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/office move[\s\S]*moved to the autumn/);

    const after = await storedVectors(documentId);
    expect(after.size).toBe(8);
    for (const [text, vector] of after) {
      if (before.has(text)) expect(vector).toEqual(before.get(text));
    }
    const found = await service.search('who owns the office move now that the date moved to the autumn', { topK: 1, mode: 'vector' });
    expect(found.items[0]?.sourceName).toBe('q3.md');
  });

  it('two identical documents in one ingest embed once, and a third copy ingested later embeds nothing', async () => {
    write('copies/a.md', note('the board pack'));
    write('copies/b.md', note('the board pack'));
    const both = await service.ingest(join(root, 'copies'));
    expect(both.ingested).toHaveLength(2);
    expect(both.chunks).toBe(16);
    expect(both.embedded).toBe(8);
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent).toHaveLength(8);

    sent.length = 0;
    const third = await service.ingest(write('elsewhere/c.md', note('the board pack')));
    expect(third.chunks).toBe(8);
    expect(third.embedded).toBe(0);
    expect(sent).toHaveLength(0);
    const result = await service.search('board pack hiring plan owner', { topK: 10, mode: 'vector' });
    expect(result.items.map((item) => item.sourceName)).toEqual(expect.arrayContaining(['a.md', 'b.md', 'c.md']));
  });

  it('adds the text hash column to a table written before it existed, and embeds its old chunks once more when they change', async () => {
    const { lancedb } = await loadLance();
    const connection = await lancedb.connect(vectorsDir);
    const table = await connection.openTable(DOCUMENT_CHUNKS_TABLE);
    await table.dropColumns(['text_hash']);
    connection.close();
    const reopened = new DocumentService({ catalog: new SqliteDocumentCatalog(database), chunks: lanceChunkStore({ vectorsDir }), allowedRoots: [root], embedder: countingEmbedder });
    try {
      expect(await reopened.vectorStatus()).toMatchObject({ status: 'ok' });
      write('plans/q3.md', note('the third quarter', [5]));
      const edited = await reopened.ingest(join(root, 'plans', 'q3.md'));
      // The old rows have no hash to match: the whole file is embedded this once.
      expect(edited.embedded).toBe(8);
      expect(await reopened.vectorStatus()).toMatchObject({ status: 'ok' });

      sent.length = 0;
      write('plans/q3.md', note('the third quarter', [5, 6]));
      const again = await reopened.ingest(join(root, 'plans', 'q3.md'));
      expect(again.embedded).toBe(1);
    } finally {
      await reopened.close();
    }
  });
});
