/**
 * Document memory end to end on real files: a SQLite database and a LanceDB directory in a temp folder, the
 * real USE-lite embedder in worker threads (as services run it; the model's global state cannot be loaded twice
 * into one Jest worker, so only use-lite-embedder.spec.ts loads it in-process), and fixtures in every supported
 * binary and text format.
 */
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FakeClock, isToolError } from '@chief-of-staff/core';
import { openDatabase, SqliteDocumentCatalog, type CosDatabase } from '@chief-of-staff/sqlite';
import { DocumentService, type IngestReport, WorkerPoolEmbedder } from '@chief-of-staff/documents';
import { lanceChunkStore } from '../chunks/lance-chunk-store.js';
import { makeDocx, makePdf } from '@chief-of-staff/documents/testing';

const base = mkdtempSync(join(tmpdir(), 'cos-docs-'));
const root = join(base, 'documents');
const weirdDir = join(root, "weird' OR 1=1 --");
const embedder = new WorkerPoolEmbedder();
const clock = new FakeClock('2026-03-01T12:00:00.000Z', 'Europe/London');
let database: CosDatabase;
let service: DocumentService;
let first: IngestReport;

function write(relative: string, content: string | Buffer): string {
  const path = join(root, relative);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return path;
}

async function toolError(promise: Promise<unknown>) {
  const error = await promise.catch((caught: unknown) => caught);
  if (!isToolError(error)) throw new Error(`expected a ToolError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  write('notes/budget.md', '# Budget\n\nEngineering spend rose by twelve percent in the third quarter because of cloud costs.\n');
  const travel = write('notes/travel.txt', 'Flight to Lisbon on 12 March. The hotel is near the river in Alfama.');
  utimesSync(travel, new Date('2020-06-01T00:00:00Z'), new Date('2020-06-01T00:00:00Z'));
  write('reports/board.pdf', makePdf(['Board minutes', 'The directors approved funding to recruit two new engineers.']));
  write('reports/plan.docx', makeDocx([{ text: 'Garden plan', heading: true }, { text: 'Tomatoes need six hours of sun and regular watering.' }]));
  write('web/recipes.html', '<h1>Recipes</h1><p>Slow-cooked lentil soup with cumin and lemon.</p><script>alert(1)</script>');
  write("weird' OR 1=1 --/quote.md", "It's O'Reilly's back\\slash handbook about sourdough starters.");
  write('photo.jpg', 'not an image');
  write('big.txt', 'lorem '.repeat(5000));
  symlinkSync(join(root, 'notes', 'budget.md'), join(root, 'alias.md'));

  database = openDatabase({ dataDir: base });
  service = new DocumentService({
    catalog: new SqliteDocumentCatalog(database),
    chunks: lanceChunkStore({ vectorsDir: join(base, 'vectors') }),
    allowedRoots: [root],
    embedder,
    maxFileBytes: 20_000,
    clock,
  });
  first = await service.ingest(root);
});

afterAll(async () => {
  await service.close();
  await embedder.close();
  database.close();
  rmSync(base, { recursive: true, force: true });
});

describe('ingest', () => {
  it('indexes every supported format and explains every file it skipped', () => {
    expect(first.ingested.map((doc) => doc.path)).toEqual([
      join(root, 'notes/budget.md'),
      join(root, 'notes/travel.txt'),
      join(root, 'reports/board.pdf'),
      join(root, 'reports/plan.docx'),
      join(root, 'web/recipes.html'),
      join(weirdDir, 'quote.md'),
    ]);
    expect(first.ingested.every((doc) => doc.chunks === 1)).toBe(true);
    expect(first.chunks).toBe(6);
    expect(first.skipped).toEqual([
      { path: join(root, 'alias.md'), reason: 'symbolic link (links are not followed)' },
      { path: join(root, 'photo.jpg'), reason: 'unsupported file type (.jpg)' },
      { path: join(root, 'big.txt'), reason: 'larger than the 20000 bytes limit (documents.maxFileBytes)' },
    ]);
  });

  it('records each document in the documents table, listed by path', async () => {
    const rows = await service.list({}, 10);
    expect(rows.map((row) => row.sourceName)).toEqual(['budget.md', 'travel.txt', 'board.pdf', 'plan.docx', 'recipes.html', 'quote.md']);
    const pdf = rows.find((row) => row.docType === 'pdf');
    expect(pdf).toMatchObject({ chunkCount: 1, hasSummary: false, ingestedAt: '2026-03-01T12:00:00.000Z' });
    expect(pdf?.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await service.count({ docType: 'markdown' })).toBe(2);
  });

  it('skips unchanged files by content hash', async () => {
    const again = await service.ingest(root);
    expect(again.ingested).toEqual([]);
    expect(again.unchanged).toBe(6);
  });

  it('refuses paths outside the allowed roots and symbolic links', async () => {
    const outside = await toolError(service.ingest(base));
    expect(outside.code).toBe('PERMISSION_DENIED');
    expect(outside.message).toContain(root);
    expect(outside.hint).toContain('documents.allowedRoots');
    expect((await toolError(service.ingest(join(root, 'alias.md')))).code).toBe('PERMISSION_DENIED');
  });
});

describe('search', () => {
  it('finds a paraphrase by meaning in hybrid and vector modes', async () => {
    for (const mode of ['hybrid', 'vector'] as const) {
      const result = await service.search('board agreed to pay for hiring more developers', { mode, topK: 3 });
      expect(result.mode).toBe(mode);
      expect(result.items[0]?.sourceName).toBe('board.pdf');
    }
  });

  it('finds exact words in fts mode, with keyword as an alias', async () => {
    const fts = await service.search('Lisbon', { mode: 'fts' });
    expect(fts.items.map((item) => item.sourceName)).toEqual(['travel.txt']);
    const keyword = await service.search('Lisbon', { mode: 'keyword' });
    expect(keyword.mode).toBe('fts');
    expect(keyword.items).toEqual(fts.items);
  });

  it('returns hits with their document, chunk and a bounded score', async () => {
    const [hit] = (await service.search('lentil soup', { topK: 1 })).items;
    expect(hit).toMatchObject({ sourceName: 'recipes.html', docType: 'html', chunkIndex: 0, path: join(root, 'web/recipes.html') });
    expect(hit?.text).toContain('lentil soup');
    expect(hit?.text).not.toContain('alert');
    expect(hit?.score).toBeGreaterThan(0);
    expect(hit?.score).toBeLessThanOrEqual(1);
  });

  it('filters by document type, path prefix and modification date', async () => {
    const pdfOnly = await service.search('engineers', { docType: 'pdf', topK: 10 });
    expect(pdfOnly.items.map((item) => item.docType)).toEqual(['pdf']);
    const notes = await service.search('plans and costs', { pathPrefix: join(root, 'notes'), topK: 10 });
    expect(new Set(notes.items.map((item) => item.sourceName))).toEqual(new Set(['budget.md', 'travel.txt']));
    const old = await service.search('trip', { modifiedBeforeMs: Date.parse('2021-01-01T00:00:00Z'), topK: 10 });
    expect(old.items.map((item) => item.sourceName)).toEqual(['travel.txt']);
    const recent = await service.search('Lisbon', { mode: 'fts', modifiedFromMs: Date.parse('2021-01-01T00:00:00Z') });
    expect(recent.items).toEqual([]);
  });

  it('treats quotes, SQL fragments and backslashes in filters as literal text', async () => {
    for (const pathPrefix of ["' OR 1=1 --", "x' OR '1'='1", `${root}\\' OR 1=1 --`, "') OR (kind = 'chunk"]) {
      for (const mode of ['hybrid', 'vector', 'fts'] as const) {
        const result = await service.search('sourdough handbook', { pathPrefix, mode, topK: 10 });
        expect(result.items).toEqual([]);
      }
    }
    const literal = await service.search('sourdough handbook', { pathPrefix: weirdDir, topK: 10 });
    expect(literal.items.map((item) => item.path)).toEqual([join(weirdDir, 'quote.md')]);
    expect(await service.list({ pathPrefix: "' OR 1=1 --" }, 10)).toEqual([]);
    expect((await service.list({ pathPrefix: weirdDir }, 10)).map((row) => row.sourceName)).toEqual(['quote.md']);
  });

  it('treats query syntax in the text as plain words', async () => {
    for (const query of ["' OR 1=1 --", '"unbalanced', 'text:Lisbon', '+Lisbon -hotel', 'back\\slash']) {
      await expect(service.search(query, { mode: 'fts' })).resolves.toMatchObject({ mode: 'fts' });
    }
    const fielded = await service.search('text:Lisbon', { mode: 'fts' });
    expect(fielded.items.map((item) => item.sourceName)).toEqual(['travel.txt']);
  });
});

describe('changes', () => {
  it('replaces all chunks of an edited file and keeps its id', async () => {
    const before = (await service.list({ pathPrefix: join(root, 'notes/budget.md') }, 1))[0];
    write('notes/budget.md', '# Budget\n\nMarketing spend fell sharply after the trade show was cancelled.\n');
    const report = await service.ingest(join(root, 'notes'));
    expect(report.ingested.map((doc) => doc.documentId)).toEqual([before?.id]);
    expect(report.unchanged).toBe(1);
    const stale = await service.search('cloud', { mode: 'fts', topK: 10 });
    expect(stale.items).toEqual([]);
    const fresh = await service.search('trade show', { mode: 'fts' });
    expect(fresh.items.map((item) => item.sourceName)).toEqual(['budget.md']);
    expect(await service.chunks.countChunks(before?.id as number)).toBe(1);
  });

  it('prunes entries whose files were deleted when their folder is ingested again', async () => {
    const path = write('notes/old.txt', 'An obsolete memo about fax machines.');
    await service.ingest(join(root, 'notes'));
    unlinkSync(path);
    const report = await service.ingest(root);
    expect(report.pruned).toEqual([expect.objectContaining({ path, chunksRemoved: 1 })]);
    expect((await service.search('fax machines', { mode: 'fts' })).items).toEqual([]);
  });

  it('deletes a document by id or path, never the file, and reports unknown ones as not found', async () => {
    const [html] = await service.list({ docType: 'html' }, 1);
    await expect(service.delete({ documentId: html?.id as number })).resolves.toEqual({
      id: html?.id,
      path: join(root, 'web/recipes.html'),
      chunksRemoved: 1,
    });
    expect((await service.search('lentil soup', { mode: 'fts' })).items).toEqual([]);
    const byPath = await service.delete({ path: join(root, 'reports/plan.docx') });
    expect(byPath.chunksRemoved).toBe(1);
    expect(await service.count({})).toBe(4);
    const missing = await toolError(service.delete({ documentId: 9999 }));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toBe('Document 9999 not found.');
    // The file is still there: ingesting again brings it back.
    const again = await service.ingest(join(root, 'web'));
    expect(again.ingested).toHaveLength(1);
  });
});

describe('links and special files inside a root', () => {
  it('skips a hard link to a file outside the root unless documents.followHardLinks is set', async () => {
    mkdirSync(join(base, 'outside'), { recursive: true });
    writeFileSync(join(base, 'outside', 'secret.md'), 'HARDLINKMARK payroll figures that live outside the document root.');
    mkdirSync(join(root, 'linked'), { recursive: true });
    linkSync(join(base, 'outside', 'secret.md'), join(root, 'linked', 'secret.md'));
    const report = await service.ingest(join(root, 'linked'));
    expect(report.ingested).toEqual([]);
    expect(report.skipped).toEqual([
      { path: join(root, 'linked', 'secret.md'), reason: expect.stringContaining('documents.followHardLinks') },
    ]);
    expect((await service.search('HARDLINKMARK', { mode: 'fts' })).items).toEqual([]);

    const permissive = new DocumentService({ catalog: new SqliteDocumentCatalog(database), chunks: lanceChunkStore({ vectorsDir: join(base, 'vectors') }), allowedRoots: [root], embedder, clock, followHardLinks: true });
    try {
      expect((await permissive.ingest(join(root, 'linked'))).ingested).toHaveLength(1);
    } finally {
      await permissive.close();
    }
  });

  it('passes over a named pipe without waiting on it', async () => {
    mkdirSync(join(root, 'pipes'), { recursive: true });
    execFileSync('mkfifo', [join(root, 'pipes', 'feed.md')]);
    writeFileSync(join(root, 'pipes', 'real.md'), 'A plain note next to a named pipe.');
    const folder = await service.ingest(join(root, 'pipes'));
    expect(folder.ingested.map((doc) => doc.path)).toEqual([join(root, 'pipes', 'real.md')]);
    expect(folder.skipped).toEqual([{ path: join(root, 'pipes', 'feed.md'), reason: 'not a regular file' }]);
    const single = await service.ingest(join(root, 'pipes', 'feed.md'));
    expect(single.ingested).toEqual([]);
    expect(single.skipped).toEqual([{ path: join(root, 'pipes', 'feed.md'), reason: 'not a regular file' }]);
  });
});
