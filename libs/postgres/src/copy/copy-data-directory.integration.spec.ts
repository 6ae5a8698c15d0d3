/**
 * Copying a data directory into PostgreSQL (`cos migrate --to`): every row and vector arrives and is verified, copied
 * facts are found by the PostgreSQL search, new rows get new ids, a stopped copy resumes without doubling anything,
 * the source does not change, and a database holding other data is refused.
 */
import { SqliteDocumentCatalog } from '@chief-of-staff/sqlite';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import pg from 'pg';
import { FakeClock } from '@chief-of-staff/core';
import { DocumentService, type Embedder } from '@chief-of-staff/documents';
import { LanceFactVectorIndex, lanceChunkStore, openLanceVectorTables, VectorDatabase } from '@chief-of-staff/lancedb';
import { refreshFactVector } from '@chief-of-staff/stores';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import { testDatabases } from '../__tests__/test-databases.js';
import { openPostgres } from '../open-postgres.js';
import { createPostgresFactsRepository } from '../memory/facts-repository.js';
import { copyDataDirectoryToPostgres, type CopyDataDirectoryReport } from './copy-data-directory.js';
import { describeWithPostgres } from '../testing/index.js';

/** 512 dimensions like the bundled model, derived from the text's hash: fast, and equal texts get equal vectors. */
const hashed: Embedder = {
  id: 'use-lite-512@test',
  dims: 512,
  embed: async (texts) =>
    texts.map((text) => {
      const digest = createHash('sha256').update(text).digest();
      return Float32Array.from({ length: 512 }, (_, d) => ((digest[d % digest.length] ?? 0) - 128) / 128);
    }),
};

const FACTS = 120;
const databases = testDatabases('copy');
let source: TestMemoryStore;

function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

function newDatabase(): Promise<string> {
  return databases.freshUrl();
}

async function count(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`);
    return Number(rows[0]?.n);
  } finally {
    await client.end();
  }
}

function copy(url: string, extra: Partial<Parameters<typeof copyDataDirectoryToPostgres>[0]> = {}): Promise<CopyDataDirectoryReport> {
  return copyDataDirectoryToPostgres({ databaseFile: join(source.dataDir, 'cos.db'), vectors: openLanceVectorTables(join(source.dataDir, 'vectors')), url, ...extra });
}

beforeAll(async () => {
  source = createTestMemoryStore({ clock: new FakeClock() });
  const vectors = new VectorDatabase(join(source.dataDir, 'vectors'));
  const index = new LanceFactVectorIndex({ vectors, embedder: hashed, batchDelayMs: 0, minBatchIntervalMs: 0 });
  for (let n = 0; n < FACTS; n += 1) {
    // One fact says when it was observed; the rest do not know.
    const observedAt = n === 3 ? '2026-01-05T14:30:00Z' : null;
    const { fact } = await source.facts.upsert({ category: 'work', key: `project_${n}`, value: `milestone ${n} of the billing migration`, source: 'user', observedAt });
    if (n < 10) await refreshFactVector({ facts: source.facts, vectors: index }, fact);
  }
  await source.facts.upsert({ category: 'relationship', key: 'noa', value: 'נועה מנהלת את צוות התשלומים', source: 'user', observedAt: '2025-12-31' });
  await source.facts.upsert({ category: 'preference', key: 'nul', value: 'before\u0000after', source: 'user' });
  await source.decisions.create({ title: 'Postgres over Mongo', description: 'We use PostgreSQL for its transactions', tags: ['storage'] });
  await source.delegations.create({ task: 'Prepare the quarterly report', delegatedTo: 'Ronit', dueDate: '2026-02-01' });
  await index.flush?.();
  const documentsDir = join(source.dataDir, 'documents');
  mkdirSync(documentsDir, { recursive: true });
  writeFileSync(join(documentsDir, 'billing.md'), '# Billing\n\nThe billing migration moves invoices to the new ledger.\n');
  writeFileSync(join(documentsDir, 'hiring.md'), '# Hiring\n\nTwo engineers join the payments team in March.\n');
  const documents = new DocumentService({ catalog: new SqliteDocumentCatalog(source.database), chunks: lanceChunkStore({ vectors }), allowedRoots: [documentsDir], embedder: hashed });
  await documents.ingest(documentsDir);
  await documents.close();
  await vectors.close();
}, 120_000);

afterAll(async () => {
  await source?.cleanup();
});

describeWithPostgres('copying a data directory into PostgreSQL', () => {
  it('copies every row and vector, verifies the counts, and leaves the source as it was', async () => {
    const url = await newDatabase();
    const before = fileHash(join(source.dataDir, 'cos.db'));
    const report = await copy(url);
    expect(report.verified).toBe(true);
    expect(report.mismatches).toEqual([]);
    expect(report.resumed).toBe(false);
    const facts = report.tables.find((table) => table.table === 'facts');
    expect(facts).toMatchObject({ source: FACTS + 2, inserted: FACTS + 2, target: FACTS + 2, nulReplaced: 1 });
    expect(report.tables.find((table) => table.table === 'decisions')?.target).toBe(1);
    expect(report.tables.find((table) => table.table === 'documents')?.target).toBe(2);
    const chunks = report.vectors.find((table) => table.table === 'document_chunks');
    expect(chunks?.target).toBeGreaterThanOrEqual(2);
    expect(chunks?.embedderId).toBe(hashed.id);
    expect(report.vectors.find((table) => table.table === 'fact_vectors')).toMatchObject({ source: 10, target: 10, orphans: 0 });
    expect(fileHash(join(source.dataDir, 'cos.db'))).toBe(before);
  });

  it('finds copied facts with the PostgreSQL search, and numbers new rows after the copied ones', async () => {
    const url = await newDatabase();
    await copy(url);
    const database = await openPostgres({ url, poolSize: 2 });
    try {
      const facts = createPostgresFactsRepository(database, new FakeClock());
      const ids = (await facts.fullTextCandidates('milestone 7', { limit: 5 })) ?? [];
      const seventh = await source.facts.get('work', 'project_7');
      expect(ids).toContain(seventh?.id);
      const hebrew = await facts.fullTextCandidates('התשלומים', { limit: 5 });
      expect((hebrew ?? []).length).toBe(1);
      const { fact } = await facts.upsert({ category: 'work', key: 'after_copy', value: 'new', source: 'user' });
      expect(fact.id).toBeGreaterThan(FACTS + 2);
    } finally {
      await database.close();
    }
  });

  it('carries when each fact was observed, unknown where it was, and filters copied facts by it', async () => {
    const url = await newDatabase();
    await copy(url);
    const database = await openPostgres({ url, poolSize: 2 });
    try {
      const facts = createPostgresFactsRepository(database, new FakeClock());
      expect(await facts.get('work', 'project_3')).toMatchObject({ observedAt: '2026-01-05T14:30:00.000Z' });
      expect(await facts.get('relationship', 'noa')).toMatchObject({ observedAt: '2025-12-31' });
      expect(await facts.get('work', 'project_4')).toMatchObject({ observedAt: null });
      const january = await facts.observedIn({ observed: { from: '2026-01-01', before: '2026-01-06' } }, 10);
      expect(january.map((copied) => copied.key)).toEqual(['project_3']);
    } finally {
      await database.close();
    }
  });

  it('continues a stopped copy where it stopped, without doubling a row', async () => {
    const url = await newDatabase();
    const stop = new AbortController();
    const stopped = await copy(url, {
      batchRows: 25,
      signal: stop.signal,
      onProgress: (progress) => {
        if (progress.table === 'facts' && progress.copied >= 50) stop.abort(new Error('stopped halfway'));
      },
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(Error);
    const halfway = await count(url, 'facts');
    expect(halfway).toBe(50);
    const report = await copy(url, { batchRows: 25 });
    expect(report.resumed).toBe(true);
    expect(report.verified).toBe(true);
    expect(report.tables.find((table) => table.table === 'facts')).toMatchObject({ inserted: FACTS + 2 - 50, target: FACTS + 2 });
    const again = await copy(url);
    expect(again.verified).toBe(true);
    expect(again.tables.every((table) => table.inserted === 0)).toBe(true);
    expect(again.vectors.every((table) => table.inserted === 0)).toBe(true);
  });

  it('rolls a stopped vector copy back whole, keeping the HNSW index, and finishes it on the next run', async () => {
    const url = await newDatabase();
    const stop = new AbortController();
    const stopped = await copy(url, {
      batchVectors: 1,
      signal: stop.signal,
      onProgress: (progress) => {
        if (progress.table === 'document_chunks' && progress.copied >= 1) stop.abort(new Error('stopped in the vectors'));
      },
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(Error);
    expect(await count(url, 'document_chunks')).toBe(0);
    expect(await count(url, `pg_indexes WHERE indexname = 'document_chunks_vector_idx'`)).toBe(1);
    const report = await copy(url);
    expect(report.verified).toBe(true);
    expect(await count(url, 'document_chunks')).toBeGreaterThanOrEqual(2);
    expect(await count(url, `pg_indexes WHERE indexname IN ('document_chunks_vector_idx', 'fact_vectors_vector_idx')`)).toBe(2);
  });

  it('refuses a database that holds other data, and writes nothing into it', async () => {
    const url = await newDatabase();
    const database = await openPostgres({ url, poolSize: 2 });
    try {
      await createPostgresFactsRepository(database, new FakeClock()).upsert({ category: 'work', key: 'someone_else', value: 'theirs', source: 'user' });
    } finally {
      await database.close();
    }
    await expect(copy(url)).rejects.toThrow(/is not empty: its table facts holds 1 rows.*empty database/);
    expect(await count(url, 'facts')).toBe(1);
    expect(await count(url, 'decisions')).toBe(0);
  });
});
