/**
 * What only the PostgreSQL chunk store has, beyond the shared contract: filtered vector searches that do not come
 * back short, the bounded keyword search on common words, text holding U+0000, and the fixed vector
 * dimension of the schema. Synthetic vectors, one throw-away server for the file.
 */
import { expect, it } from '@jest/globals';
import { isToolError } from '@chief-of-staff/core';
import { chunkTextHash, type ChunkRecord, type Embedder } from '@chief-of-staff/documents';
import type { PostgresDatabase } from '../open-postgres.js';
import { testDatabases } from '../__tests__/test-databases.js';
import { BM25_B, BM25_K1, CANDIDATE_ROWS, FIND_MAX_ROWS, SPLIT_ROWS } from './chunk-bm25.js';
import { PostgresChunkStore } from './chunk-store.js';
import { describeWithPostgres } from '../testing/index.js';

const DIMS = 512;
const embedder: Embedder = { id: 'synthetic@1', dims: DIMS, embed: async (texts) => texts.map(() => new Float32Array(DIMS)) };

const databases = testDatabases('chunks');

async function openStore(): Promise<{ database: PostgresDatabase; chunks: PostgresChunkStore }> {
  const database = await databases.open(3);
  return { database, chunks: new PostgresChunkStore(database, { embedder }) };
}

/** A unit vector at `angle` radians from the first axis, in the plane of the first two. */
function direction(angle: number): Float32Array {
  const vector = new Float32Array(DIMS);
  vector[0] = Math.cos(angle);
  vector[1] = Math.sin(angle);
  return vector;
}

function chunk(documentId: number, path: string, text: string, vector: Float32Array): ChunkRecord {
  return {
    documentId,
    chunkIndex: 0,
    kind: 'chunk',
    path,
    sourceName: path.slice(path.lastIndexOf('/') + 1),
    docType: 'text',
    title: '',
    text,
    contentHash: 'h',
    sizeBytes: text.length,
    modifiedAtMs: 0,
    ingestedAtMs: 0,
    vector,
  };
}

/** Catalogue rows 1..count (the chunks' foreign key), with paths `pathOf(id)`. */
async function insertDocuments(database: PostgresDatabase, count: number, pathOf: string): Promise<void> {
  await database.pool.query(
    `INSERT INTO documents (id, path, source_name, doc_type, size_bytes, content_hash, modified_at, ingested_at)
     OVERRIDING SYSTEM VALUE
     SELECT d, ${pathOf}, 'doc', 'text', 1, 'h', now(), now() FROM generate_series(1, $1::int) AS d`,
    [count],
  );
}

describeWithPostgres('PostgresChunkStore', () => {
  it('a filtered vector search returns every row asked for, nearest first, when most nearest rows fail the filter', async () => {
    const { database, chunks } = await openStore();
    try {
      // 2,000 chunks close to the query under /near/, 60 farther away under /far/: an index search that stopped at its
      // first candidates would find almost nothing that passes the filter (pgvector 0.8's iterative scans go on; on a
      // table this small the planner may also read every row).
      await insertDocuments(database, 2_060, `CASE WHEN d <= 2000 THEN '/near/' ELSE '/far/' END || d || '.txt'`);
      const rows = Array.from({ length: 2_060 }, (_, index) => {
        const id = index + 1;
        const near = id <= 2_000;
        return chunk(id, `${near ? '/near/' : '/far/'}${id}.txt`, `chunk ${id}`, direction(near ? 0.001 * id : 1 + 0.001 * id));
      });
      await chunks.insertNewDocuments(rows);
      await chunks.optimize();
      const hits = await chunks.vectorSearch(direction(0), { kind: 'chunk', pathPrefix: '/far/' }, 30);
      expect(hits).toHaveLength(30);
      expect(hits.every((hit) => hit.path.startsWith('/far/'))).toBe(true);
      for (let i = 1; i < hits.length; i++) expect((hits[i - 1]?.score ?? 0) >= (hits[i]?.score ?? 0)).toBe(true);
      // Approximate, but the nearest of the far ones are found.
      expect(hits[0]?.documentId).toBeLessThanOrEqual(2_005);
    } finally {
      await database.close();
    }
  });

  it('a word in most chunks only ranks what rarer query words find, and still finds on its own', async () => {
    const { database, chunks } = await openStore();
    try {
      const count = FIND_MAX_ROWS + 500;
      await insertDocuments(database, count, `'/docs/' || d || '.txt'`);
      const rows = Array.from({ length: count }, (_, index) => {
        const id = index + 1;
        const rare = id % 500 === 0 ? ' zebra' : '';
        return chunk(id, `/docs/${id}.txt`, `meeting notes number ${id}${rare}`, direction(0.0001 * id));
      });
      await chunks.insertNewDocuments(rows);
      await chunks.optimize();
      const both = await chunks.textSearch({ terms: 'meet zebra', rawQuery: 'meeting zebra' }, { kind: 'chunk' }, 50);
      const zebras = Array.from({ length: Math.floor(count / 500) }, (_, index) => 500 * (index + 1));
      expect(both.map((hit) => hit.documentId).sort((a, b) => a - b)).toEqual(zebras);
      const common = await chunks.textSearch({ terms: 'meet', rawQuery: 'meeting' }, { kind: 'chunk' }, 50);
      expect(common).toHaveLength(50);
    } finally {
      await database.close();
    }
  });

  it('scores keyword hits with BM25 over the stored terms: long chunks, the bounded search of a very common word, a search scored in two halves', async () => {
    const { database, chunks } = await openStore();
    try {
      // More rows holding "meeting" than the bounded search scores; every 25th chunk is long (its tsvector stored out
      // of line), every 500th holds "zebra", every 600th says "meeting" three times.
      const count = CANDIDATE_ROWS + 1_000;
      const filler = Array.from({ length: 260 }, (_, index) => `fill${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}q`).join(' ');
      const textOf = (id: number): string =>
        [
          `meeting notes number ${id}`,
          id % 600 === 0 ? 'meeting meeting' : '',
          id % 500 === 0 ? 'zebra' : '',
          id % 1_000 === 0 ? 'zebra' : '',
          id % 3 === 0 ? 'project' : '',
          id % 300 === 0 ? 'project' : '',
          id % 25 === 0 ? filler : '',
        ]
          .filter((part) => part !== '')
          .join(' ');
      await insertDocuments(database, count, `'/docs/' || d || '.txt'`);
      // The statistics stay exact (no ANALYZE): the expected scores count every document frequency.
      await database.pool.query('ALTER TABLE document_chunks SET (autovacuum_enabled = false)');
      const rows = Array.from({ length: count }, (_, index) => chunk(index + 1, `/docs/${index + 1}.txt`, textOf(index + 1), direction(0.0001 * index)));
      for (let start = 0; start < rows.length; start += 2_000) await chunks.insertNewDocuments(rows.slice(start, start + 2_000));
      const { rows: stored } = await database.pool.query<{ id: string; terms: string }>('SELECT id, terms FROM document_chunks');
      const documents = stored.map((row) => {
        const tokens = row.terms.split(' ').filter((token) => token !== '');
        return { id: row.id, tokens, length: new Set(tokens).size };
      });
      const averageLength = documents.reduce((sum, document) => sum + document.length, 0) / documents.length;
      const bm25 = (tokens: readonly string[], length: number, lexemes: readonly string[]): number =>
        lexemes.reduce((sum, lexeme) => {
          const df = documents.filter((document) => document.tokens.includes(lexeme)).length;
          const tf = tokens.filter((token) => token === lexeme).length;
          const idf = Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
          return sum + (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * length) / averageLength));
        }, 0);
      const expected = (lexemes: readonly string[], found: (tokens: readonly string[]) => boolean, limit: number) =>
        documents
          .filter((document) => found(document.tokens))
          .map((document) => ({ id: document.id, score: bm25(document.tokens, document.length, lexemes) }))
          .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
          .slice(0, limit);
      const [meet, zebra] = (stored.find((row) => row.id === '1000:0')?.terms.split(' ') ?? []).filter((term) => term.startsWith('meet') || term.startsWith('zebra'));
      const plain = await chunks.textSearch({ terms: `${meet} ${zebra}`, rawQuery: 'meeting zebra' }, { kind: 'chunk' }, 20);
      const plainExpected = expected([meet as string, zebra as string], (tokens) => tokens.includes(zebra as string), 20);
      expect(plain.map((hit) => hit.id)).toEqual(plainExpected.map((hit) => hit.id));
      plain.forEach((hit, index) => expect(hit.score).toBeCloseTo(plainExpected[index]?.score ?? Number.NaN, 9));
      // Only "meeting": the rows it finds are more than CANDIDATE_ROWS, the bounded search keeps the best by ts_rank.
      const bounded = await chunks.textSearch({ terms: meet as string, rawQuery: 'meeting' }, { kind: 'chunk' }, 10);
      const boundedExpected = expected([meet as string], () => true, 10);
      expect(bounded.map((hit) => hit.id)).toEqual(boundedExpected.map((hit) => hit.id));
      bounded.forEach((hit, index) => expect(hit.score).toBeCloseTo(boundedExpected[index]?.score ?? Number.NaN, 9));
      // "project" alone finds a third of the rows: once the table's pages are counted (VACUUM, which leaves the
      // statistics of words alone), two statements score half of the pages each, and the hits are the same.
      const [project] = (stored.find((row) => row.id === '300:0')?.terms.split(' ') ?? []).filter((term) => term.startsWith('project'));
      expect(documents.filter((document) => document.tokens.includes(project as string)).length).toBeGreaterThanOrEqual(SPLIT_ROWS);
      await database.pool.query('VACUUM document_chunks');
      const counted = new PostgresChunkStore(database, { embedder });
      const statements: string[] = [];
      const query = database.pool.query.bind(database.pool);
      database.pool.query = ((text: string, values?: unknown[]) => {
        statements.push(text);
        return query(text, values);
      }) as typeof database.pool.query;
      const split = await counted.textSearch({ terms: project as string, rawQuery: 'project' }, { kind: 'chunk' }, 20);
      const splitExpected = expected([project as string], (tokens) => tokens.includes(project as string), 20);
      expect(statements.filter((text) => text.includes('ctid <')).length).toBe(1);
      expect(split.map((hit) => hit.id)).toEqual(splitExpected.map((hit) => hit.id));
      split.forEach((hit, index) => expect(hit.score).toBeCloseTo(splitExpected[index]?.score ?? Number.NaN, 9));
      // The same terms again: their lexemes and document frequencies are known, only the scoring statements run.
      statements.length = 0;
      expect(await counted.textSearch({ terms: project as string, rawQuery: 'project' }, { kind: 'chunk' }, 20)).toEqual(split);
      expect(statements.some((text) => text.includes('to_tsvector'))).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('stores text holding U+0000 without it and still reuses its vector by the hash of the original text', async () => {
    const { database, chunks } = await openStore();
    try {
      await insertDocuments(database, 1, `'/docs/nul.txt'`);
      const row = chunk(1, '/docs/nul.txt', 'binary\u0000ish ledger', direction(0.5));
      await chunks.insertNewDocuments([row]);
      const hits = await chunks.textSearch({ terms: 'ledger', rawQuery: 'ledger' }, { kind: 'chunk' }, 5);
      expect(hits.map((hit) => hit.text)).toEqual(['binaryish ledger']);
      expect((await chunks.vectorsByTextHash([chunkTextHash(row.text)])).size).toBe(1);
      expect(await chunks.vectorSearch(direction(0.5), { kind: 'chunk', pathPrefix: '/docs/\u0000' }, 5)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('refuses an embedder whose dimension is not the schema’s, naming both', async () => {
    const { database } = await openStore();
    try {
      const small: Embedder = { id: 'small@1', dims: 64, embed: async (texts) => texts.map(() => new Float32Array(64)) };
      const store = new PostgresChunkStore(database, { embedder: small });
      const error = await store.recreate().catch((caught: unknown) => caught);
      expect(isToolError(error) && error.code === 'CONFLICT').toBe(true);
      expect(String((error as Error).message)).toContain('512 dimensions');
      expect(String((error as Error).message)).toContain('small@1 makes 64');
    } finally {
      await database.close();
    }
  });
});
