/**
 * An index built by one embedder and opened with another: vector search is refused with the "run
 * `cos reindex`" error, hybrid search falls back to full text with a warning, writes are refused, and
 * `reindex()` rebuilds the vectors for the new embedder. Also: empty index hint and stored summaries.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isToolError } from '@chief-of-staff/core';
import { openDatabase, SqliteDocumentCatalog, type CosDatabase } from '@chief-of-staff/sqlite';
import { DocumentService, type DocumentServiceOptions, type Embedder, EMPTY_INDEX_HINT, WorkerPoolEmbedder } from '@chief-of-staff/documents';
import { lanceChunkStore } from '../chunks/lance-chunk-store.js';

const base = mkdtempSync(join(tmpdir(), 'cos-docs-mismatch-'));
const root = join(base, 'documents');
const model = new WorkerPoolEmbedder();
let database: CosDatabase;

/** Same vectors under another name: what swapping to a different embedder looks like to the index. */
const renamed: Embedder = { id: 'other-embedder@1', dims: model.dims, embed: (texts) => model.embed(texts) };
/** A different dimension: the first 64 components. */
const smaller: Embedder = {
  id: 'small-embedder@1',
  dims: 64,
  embed: async (texts) => (await model.embed(texts)).map((vector) => vector.slice(0, 64)),
};

function serviceWith(embedder: Embedder, extra: Partial<DocumentServiceOptions> = {}): DocumentService {
  return new DocumentService({ catalog: new SqliteDocumentCatalog(database), chunks: lanceChunkStore({ vectorsDir: join(base, 'vectors') }), allowedRoots: [root], embedder, ...extra });
}

async function toolError(promise: Promise<unknown>) {
  const error = await promise.catch((caught: unknown) => caught);
  if (!isToolError(error)) throw new Error(`expected a ToolError, got ${String(error)}`);
  return error;
}

beforeAll(() => {
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'orchard.md'), '# Orchard\n\nThe apple trees are pruned every February before the buds open.');
  database = openDatabase({ dataDir: base });
});

afterAll(async () => {
  await model.close();
  database.close();
  rmSync(base, { recursive: true, force: true });
});

describe('empty index', () => {
  it('returns no items and says to ingest first', async () => {
    const result = await serviceWith(model).search('apples');
    expect(result).toEqual({ items: [], mode: 'hybrid', warnings: [], hint: EMPTY_INDEX_HINT });
  });
});

describe('summaries', () => {
  it('stores a summary per document and returns it only when asked, apart from the chunks', async () => {
    const summarizer = { summarize: async () => 'A note on when the orchard is pruned.' };
    const service = serviceWith(model, { summarizer });
    const report = await service.ingest(root, { summarize: true });
    expect(report.ingested).toHaveLength(1);
    expect((await service.list({}, 1))[0]?.hasSummary).toBe(true);
    const plain = await service.search('orchard pruning');
    expect(plain.summaries).toBeUndefined();
    expect(plain.items.every((item) => item.chunkIndex >= 0)).toBe(true);
    const withSummaries = await service.search('orchard pruning', { includeSummaries: true });
    expect(withSummaries.summaries?.map((item) => [item.chunkIndex, item.text])).toEqual([[-1, 'A note on when the orchard is pruned.']]);
  });

  it('refuses summarize without a model, saying what to configure', async () => {
    const error = await toolError(serviceWith(model).ingest(root, { summarize: true }));
    expect(error.code).toBe('NOT_CONFIGURED');
    expect(error.hint).toContain('ANTHROPIC_API_KEY');
  });
});

describe('a different embedder', () => {
  for (const [label, embedder] of [['id', renamed], ['dimension', smaller]] as const) {
    it(`with another ${label}: vector search and writes ask for a re-index, hybrid falls back to full text`, async () => {
      const service = serviceWith(embedder);
      const vector = await toolError(service.search('apple trees', { mode: 'vector' }));
      expect(vector.code).toBe('CONFLICT');
      expect(vector.message).toContain(model.id);
      expect(vector.message).toContain(embedder.id);
      expect(vector.hint).toContain('cos reindex');
      const hybrid = await service.search('apple trees');
      expect(hybrid.mode).toBe('fts');
      expect(hybrid.warnings.join(' ')).toContain('cos reindex');
      expect(hybrid.items.map((item) => item.sourceName)).toEqual(['orchard.md']);
      writeFileSync(join(root, `new-${label}.txt`), 'Pears ripen in September.');
      const rowsBefore = await service.count();
      const write = await toolError(service.ingest(root));
      expect(write.code).toBe('CONFLICT');
      expect(await service.count()).toBe(rowsBefore);
      expect(await service.vectorStatus()).toMatchObject({ status: 'mismatch', recorded: { embedderId: model.id, dims: 512 } });
    });
  }

  it('works again after reindex() rebuilds the vectors for the configured embedder', async () => {
    const service = serviceWith(smaller);
    const report = await service.reindex();
    // Only files that were indexed are read again; the refused ingests left nothing behind.
    expect(report.ingested.map((doc) => doc.path)).toEqual([join(root, 'orchard.md')]);
    expect(await service.vectorStatus()).toMatchObject({ status: 'ok', configured: { embedderId: 'small-embedder@1', dims: 64 } });
    const result = await service.search('when are fruit trees cut back', { mode: 'vector', topK: 1 });
    expect(result.items.map((item) => item.sourceName)).toEqual(['orchard.md']);
    // The original embedder is now the odd one out.
    expect((await serviceWith(model).search('apple trees')).mode).toBe('fts');
  });
});
