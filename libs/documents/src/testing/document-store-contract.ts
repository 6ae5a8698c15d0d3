/**
 * The behaviour of document memory that users notice, written once against the two storage ports (ADR 0067) and run
 * against every adapter: SQLite + LanceDB here, PostgreSQL + pgvector in `@chief-of-staff/postgres`. Each adapter's
 * spec calls `describeDocumentStoreContract` with a function that opens an empty catalogue and chunk store; the suite
 * puts a `DocumentService` with the real embedder on top, ingests fixture files and checks ingestion, the three search
 * modes with their filters, vector reuse by text hash, deletion and pruning, hostile input and the embedder guard.
 */
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isToolError } from '@chief-of-staff/core';
import { DocumentService } from '../document-service.js';
import type { Embedder } from '../embedding/embedder.js';
import { WorkerPoolEmbedder } from '../embedding/worker-pool-embedder.js';
import { EMPTY_INDEX_HINT } from '../search/search-documents.js';
import type { ChunkStore } from '../store/chunk-store.js';
import type { DocumentCatalogStore } from '@chief-of-staff/stores';
import { jestGlobals } from './jest-globals.js';

/** A catalogue and chunk store over one storage, made for one embedder. */
export interface DocumentStores {
  catalog: DocumentCatalogStore;
  chunks: ChunkStore;
}

/** Empty stores for the suite, and how to reach the same storage with another embedder. */
export interface OpenedDocumentStores extends DocumentStores {
  /** Stores over the same data for another embedder (what a configuration change of embedder looks like). */
  withEmbedder(embedder: Embedder): DocumentStores;
  close(): Promise<void>;
}

/** Opens an empty catalogue and chunk store whose vectors come from `embedder`. */
export type OpenDocumentStores = (embedder: Embedder) => Promise<OpenedDocumentStores>;

/** Long enough for the first embedding of a cold model in a busy worker (the suite's first ingest waits for it). */
const FIRST_INGEST_TIMEOUT_MS = 120_000;

async function toolError(promise: Promise<unknown>): Promise<{ code: string; message: string; hint?: string | undefined }> {
  const error = await promise.catch((caught: unknown) => caught);
  if (!isToolError(error)) throw new Error(`expected a ToolError, got ${String(error)}`);
  return error;
}

/** Declares the document store contract as a jest `describe` block named after the adapter. */
export function describeDocumentStoreContract(name: string, open: OpenDocumentStores): void {
  const { afterAll, beforeAll, describe, expect, it } = jestGlobals();
  describe(`Document store contract: ${name}`, () => {
    const base = mkdtempSync(join(tmpdir(), 'cos-docs-contract-'));
    const root = join(base, 'documents');
    const hostileDir = join(root, "odd' OR 1=1 -- 100%_done");
    const model = new WorkerPoolEmbedder();
    let embedded = 0;
    /** The real model, counting the texts it embeds. */
    const counting: Embedder = {
      id: model.id,
      dims: model.dims,
      embed: (texts, options) => {
        embedded += texts.length;
        return model.embed(texts, options);
      },
    };
    let opened: OpenedDocumentStores;
    let service: DocumentService;

    const write = (relative: string, content: string): string => {
      const path = join(root, relative);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, content);
      return path;
    };
    const serviceOn = (stores: DocumentStores, embedder: Embedder): DocumentService =>
      new DocumentService({
        catalog: stores.catalog,
        chunks: stores.chunks,
        embedder,
        allowedRoots: [root],
        summarizer: { summarize: async ({ path }) => `Summary of ${path.endsWith('orchard.md') ? 'apple tree pruning in the orchard' : 'a file'}.` },
      });
    const names = (items: readonly { sourceName: string }[]): string[] => items.map((item) => item.sourceName);

    beforeAll(async () => {
      write('notes/budget.md', '# Budget\n\nEngineering spend rose by twelve percent in the third quarter because of cloud costs.\n');
      const travel = write('notes/travel.txt', 'Flight to Lisbon on 12 March. The hotel is near the river in Alfama.');
      utimesSync(travel, new Date('2020-06-01T00:00:00Z'), new Date('2020-06-01T00:00:00Z'));
      write('web/recipes.html', '<h1>Recipes</h1><p>Slow-cooked lentil soup with cumin and lemon.</p><script>alert(1)</script>');
      write(join("odd' OR 1=1 -- 100%_done", 'quote.md'), "It's O'Reilly's back\\slash handbook about sourdough starters.");
      opened = await open(counting);
      service = serviceOn(opened, counting);
    }, FIRST_INGEST_TIMEOUT_MS);

    afterAll(async () => {
      await service?.close();
      await opened?.close();
      await model.close();
      rmSync(base, { recursive: true, force: true });
    });

    it('answers an empty store with no items and the hint to ingest first', async () => {
      expect(await service.vectorStatus()).toMatchObject({ status: 'absent' });
      expect(await service.search('apples')).toEqual({ items: [], mode: 'hybrid', warnings: [], hint: EMPTY_INDEX_HINT });
      expect(await service.count()).toBe(0);
    });

    it(
      'ingests the files, records one row per file and lists them by path',
      async () => {
        const first = await service.ingest(root);
        expect(first.skipped).toEqual([]);
        expect(first.ingested.map((doc) => doc.path).sort()).toEqual(
          [
            join(root, 'notes/budget.md'),
            join(root, 'notes/travel.txt'),
            join(root, 'web/recipes.html'),
            join(hostileDir, 'quote.md'),
          ].sort(),
        );
        const rows = await service.list({}, 10);
        expect(rows.map((row) => row.path)).toEqual([...rows.map((row) => row.path)].sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : 1)));
        expect(rows).toHaveLength(4);
        const budget = rows.find((row) => row.sourceName === 'budget.md');
        expect(budget).toMatchObject({ docType: 'markdown', chunkCount: 1, hasSummary: false });
        expect(budget?.contentHash).toHaveLength(64);
        expect(await service.count({ docType: 'markdown' })).toBe(2);
        expect(await service.count({ pathPrefix: join(root, 'notes') })).toBe(2);
        expect(await service.pendingCount()).toBe(0);
        const page = await service.list({}, 2, { path: rows[1]?.path as string, id: rows[1]?.id as number });
        expect(page.map((row) => row.id)).toEqual(rows.slice(2, 4).map((row) => row.id));
        expect(await service.chunks.countChunks(budget?.id as number)).toBe(1);
        expect(await service.vectorStatus()).toMatchObject({ status: 'ok' });
      },
      FIRST_INGEST_TIMEOUT_MS,
    );

    it('finds documents by keyword, by meaning and by both', async () => {
      const keyword = await service.search('Lisbon hotel', { mode: 'fts' });
      expect(keyword.mode).toBe('fts');
      expect(names(keyword.items)).toEqual(['travel.txt']);
      const title = await service.search('recipes', { mode: 'keyword' });
      expect(names(title.items)).toEqual(['recipes.html']);
      const semantic = await service.search('a holiday abroad by plane', { mode: 'vector' });
      expect(semantic.mode).toBe('vector');
      expect(names(semantic.items)[0]).toBe('travel.txt');
      expect(semantic.items[0]?.score).toBeLessThan(1.0001);
      const hybrid = await service.search('cloud spending');
      expect(hybrid.mode).toBe('hybrid');
      expect(hybrid.warnings).toEqual([]);
      expect(names(hybrid.items)[0]).toBe('budget.md');
      // Each document once, with its best chunk.
      expect(new Set(hybrid.items.map((item) => item.documentId)).size).toBe(hybrid.items.length);
    });

    it('filters every mode by path prefix, type and modification dates', async () => {
      for (const mode of ['fts', 'vector', 'hybrid'] as const) {
        const notes = await service.search('soup hotel budget sourdough', { mode, pathPrefix: join(root, 'notes'), topK: 10 });
        expect(notes.items.every((item) => item.path.startsWith(join(root, 'notes')))).toBe(true);
        const html = await service.search('lentil soup', { mode, docType: 'html', topK: 10 });
        expect(names(html.items)).toEqual(['recipes.html']);
        const old = await service.search('Lisbon flight', { mode, modifiedBeforeMs: Date.parse('2021-01-01T00:00:00Z'), topK: 10 });
        expect(names(old.items)).toEqual(['travel.txt']);
        const recent = await service.search('Lisbon flight', { mode, modifiedFromMs: Date.parse('2021-01-01T00:00:00Z'), topK: 10 });
        expect(names(recent.items)).not.toContain('travel.txt');
      }
    });

    it('keeps summaries apart and returns them only when asked', async () => {
      write('garden/orchard.md', '# Orchard\n\nThe apple trees are pruned every February before the buds open.\n');
      const report = await service.ingest(join(root, 'garden'), { summarize: true });
      expect(report.ingested).toHaveLength(1);
      expect((await service.list({ pathPrefix: join(root, 'garden') }, 1))[0]?.hasSummary).toBe(true);
      const plain = await service.search('orchard pruning');
      expect(plain.summaries).toBeUndefined();
      expect(plain.items.every((item) => item.chunkIndex >= 0)).toBe(true);
      const withSummaries = await service.search('orchard pruning', { includeSummaries: true });
      expect(withSummaries.summaries?.[0]).toMatchObject({ sourceName: 'orchard.md', chunkIndex: -1 });
      expect(await service.chunks.countChunks(report.ingested[0]?.documentId as number)).toBe(1);
    });

    it('reuses stored vectors for text it has embedded before, and replaces an edited file in place', async () => {
      const before = embedded;
      const copy = write('copies/budget-copy.md', '# Budget\n\nEngineering spend rose by twelve percent in the third quarter because of cloud costs.\n');
      const copied = await service.ingest(join(root, 'copies'));
      expect(copied.ingested.map((doc) => doc.path)).toEqual([copy]);
      expect(copied.embedded).toBe(0);
      expect(embedded).toBe(before);

      const budget = (await service.list({ pathPrefix: join(root, 'notes/budget.md') }, 1))[0];
      write('notes/budget.md', '# Budget\n\nMarketing spend fell sharply after the trade show was cancelled.\n');
      const edited = await service.ingest(join(root, 'notes'));
      expect(edited.ingested.map((doc) => doc.documentId)).toEqual([budget?.id]);
      expect(edited.unchanged).toBe(1);
      expect(edited.embedded).toBe(1);
      const fresh = await service.search('trade show', { mode: 'fts', pathPrefix: join(root, 'notes') });
      expect(names(fresh.items)).toEqual(['budget.md']);
      const stale = await service.search('cloud costs', { mode: 'fts', pathPrefix: join(root, 'notes') });
      expect(stale.items).toEqual([]);
      expect(await service.chunks.countChunks(budget?.id as number)).toBe(1);
      const again = await service.ingest(root);
      expect(again.ingested).toEqual([]);
      expect(again.embedded).toBe(0);
    });

    it('deletes by id or path without touching the file, prunes entries of deleted files, and reports unknown ones', async () => {
      const [html] = await service.list({ docType: 'html' }, 1);
      expect(await service.delete({ documentId: html?.id as number })).toEqual({ id: html?.id, path: join(root, 'web/recipes.html'), chunksRemoved: 1 });
      expect((await service.search('lentil soup', { mode: 'fts' })).items).toEqual([]);
      expect(await service.get(html?.id as number)).toBeUndefined();
      const byPath = await service.delete({ path: join(root, 'copies/budget-copy.md') });
      expect(byPath.chunksRemoved).toBe(1);
      const missing = await toolError(service.delete({ documentId: 999_999 }));
      expect(missing.code).toBe('NOT_FOUND');

      const old = write('notes/old.txt', 'An obsolete memo about fax machines.');
      await service.ingest(join(root, 'notes'));
      unlinkSync(old);
      const pruned = await service.prune(join(root, 'notes'));
      expect(pruned.map((entry) => ({ path: entry.path, chunksRemoved: entry.chunksRemoved }))).toEqual([{ path: old, chunksRemoved: 1 }]);
      expect((await service.search('fax machines', { mode: 'fts' })).items).toEqual([]);
      expect(await service.count()).toBe(4);
    });

    it('counts and lists the documents whose ingest has not completed', async () => {
      // What an interrupted ingest leaves: a reserved row whose chunks were never committed.
      const { row } = await service.catalog.reserve(
        { path: join(root, 'notes/unfinished.txt'), sourceName: 'unfinished.txt', docType: 'text', sizeBytes: 5, modifiedAt: '2026-01-01T00:00:00.000Z' },
        '2026-01-01T00:00:00.000Z',
      );
      try {
        expect(await service.pendingCount()).toBe(1);
        expect(await service.count({ pendingOnly: true, pathPrefix: join(root, 'notes') })).toBe(1);
        expect(await service.count({ pendingOnly: true, docType: 'markdown' })).toBe(0);
        expect(names(await service.list({ pendingOnly: true }, 10))).toEqual(['unfinished.txt']);
      } finally {
        await service.catalog.delete(row.id);
      }
      expect(await service.pendingCount()).toBe(0);
    });

    it('treats query syntax, SQL and pattern characters in queries and prefixes as plain text', async () => {
      const queries = ["' OR 1=1 --", '"unbalanced', 'text:Lisbon', '+Lisbon -hotel', 'back\\slash', 'NEAR(a b)', '%_%', '*', 'a\u0000b', '\u05e9\u05dc\u05d5\u05dd'];
      for (const query of queries) {
        for (const mode of ['fts', 'hybrid'] as const) {
          const result = await service.search(query, { mode });
          expect(result.mode).toBe(mode);
        }
      }
      expect(names((await service.search('text:Lisbon', { mode: 'fts' })).items)).toEqual(['travel.txt']);
      expect(await service.list({ pathPrefix: "' OR 1=1 --" }, 10)).toEqual([]);
      expect(await service.list({ pathPrefix: join(root, '%') }, 10)).toEqual([]);
      expect(await service.list({ pathPrefix: `${root}\u0000` }, 10)).toEqual([]);
      expect(names(await service.list({ pathPrefix: hostileDir }, 10))).toEqual(['quote.md']);
      const literal = await service.search('sourdough handbook', { pathPrefix: hostileDir, topK: 10 });
      expect(literal.items.map((item) => item.path)).toEqual([join(hostileDir, 'quote.md')]);
      expect((await service.search('sourdough', { pathPrefix: join(root, 'odd_'), mode: 'fts' })).items).toEqual([]);
    });

    it('refuses vectors of another embedder until a re-index, while keyword search keeps answering', async () => {
      const renamed: Embedder = { id: 'other-embedder@1', dims: model.dims, embed: (texts, options) => model.embed(texts, options) };
      const other = serviceOn(opened.withEmbedder(renamed), renamed);
      try {
        expect(await other.vectorStatus()).toMatchObject({ status: 'mismatch', recorded: { embedderId: model.id, dims: model.dims } });
        const hybrid = await other.search('Lisbon flight');
        expect(hybrid.mode).toBe('fts');
        expect(hybrid.warnings.join(' ')).toContain('cos reindex');
        expect(names(hybrid.items)).toEqual(['travel.txt']);
        expect((await toolError(other.search('Lisbon flight', { mode: 'vector' }))).code).toBe('CONFLICT');
        writeFileSync(join(root, 'notes', 'pears.txt'), 'Pears ripen in September.');
        const rowsBefore = await other.count();
        const refused = await toolError(other.ingest(root));
        expect(refused.code).toBe('CONFLICT');
        expect(refused.hint).toContain('cos reindex');
        expect(await other.count()).toBe(rowsBefore);

        const rebuilt = await other.reindex();
        expect(rebuilt.ingested).toHaveLength(rowsBefore);
        expect(await other.vectorStatus()).toMatchObject({ status: 'ok' });
        expect((await other.ingest(root)).ingested.map((doc) => doc.path)).toContain(join(root, 'notes', 'pears.txt'));
        expect(names((await other.search('pears ripen', { mode: 'vector' })).items)[0]).toBe('pears.txt');
        expect(await service.vectorStatus()).toMatchObject({ status: 'mismatch', recorded: { embedderId: 'other-embedder@1' } });
      } finally {
        await other.close();
      }
    });
  });
}
