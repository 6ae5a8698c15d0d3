/**
 * The document tools through `runTool`, as every surface calls them: real SQLite, real LanceDB, the real
 * embedder, and files on disk.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createToolContext, FakeClock, runTool, type AnyToolDefinition, type ToolRunResult } from '@chief-of-staff/core';
import { openDatabase, type CosDatabase, SqliteDocumentCatalog } from '@chief-of-staff/sqlite';
import { DocumentService, WorkerPoolEmbedder } from '@chief-of-staff/documents';
import { lanceChunkStore } from '@chief-of-staff/lancedb';
import { documentTools } from '../document-tools.js';

const base = mkdtempSync(join(tmpdir(), 'cos-doc-tools-'));
const root = join(base, 'documents');
const embedder = new WorkerPoolEmbedder();
let database: CosDatabase;
let service: DocumentService;
const progress: [string, number | undefined][] = [];

const tool = (name: string): AnyToolDefinition => {
  const found = documentTools.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found as unknown as AnyToolDefinition;
};

function call(name: string, args: Record<string, unknown>): Promise<ToolRunResult> {
  const ctx = createToolContext({
    services: { documents: service },
    clock: new FakeClock('2026-03-01T12:00:00.000Z', 'Europe/London'),
    progress: (message, fraction) => progress.push([message, fraction]),
  });
  return runTool(tool(name), args, ctx);
}

async function ok(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await call(name, args);
  if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

async function fails(name: string, args: Record<string, unknown>) {
  const result = await call(name, args);
  if (result.ok) throw new Error(`${name} unexpectedly succeeded`);
  return result.error;
}

beforeAll(() => {
  mkdirSync(join(root, 'a'), { recursive: true });
  writeFileSync(join(root, 'a', 'invoice.md'), '# Invoice\n\nInvoice 1042 from Acme for consulting, due in April.');
  writeFileSync(join(root, 'a', 'minutes.txt'), 'Meeting minutes: the team agreed to move the launch to June.');
  writeFileSync(join(root, 'holiday.txt'), 'Holiday plans: two weeks hiking in the Dolomites in August.');
  utimesSync(join(root, 'holiday.txt'), new Date('2026-02-10T12:00:00Z'), new Date('2026-02-10T12:00:00Z'));
  utimesSync(join(root, 'a', 'invoice.md'), new Date('2026-02-12T12:00:00Z'), new Date('2026-02-12T12:00:00Z'));
  database = openDatabase({ dataDir: base });
  service = new DocumentService({ catalog: new SqliteDocumentCatalog(database), chunks: lanceChunkStore({ vectorsDir: join(base, 'vectors') }), allowedRoots: [root], embedder });
});

afterAll(async () => {
  await service.close();
  await embedder.close();
  database.close();
  rmSync(base, { recursive: true, force: true });
});

describe('document tools', () => {
  it('declare the expected annotations and a latency tier', () => {
    const annotations = Object.fromEntries(documentTools.map((definition) => [definition.name, definition.annotations]));
    expect(annotations['search_documents']).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(annotations['list_documents']).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(annotations['ingest_documents']).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(annotations['delete_document']).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false });
  });

  it('search_documents on an empty index says to ingest first', async () => {
    const result = await ok('search_documents', { query: 'invoice' });
    expect(result).toMatchObject({ items: [], next_cursor: null, untrusted_content: true });
    expect(result['hint']).toMatch(/ingest documents first/);
  });

  it('ingest_documents indexes a folder and reports progress', async () => {
    const result = await ok('ingest_documents', { path: root });
    expect((result['ingested'] as { path: string }[]).map((doc) => doc.path)).toEqual([
      join(root, 'a', 'invoice.md'),
      join(root, 'a', 'minutes.txt'),
      join(root, 'holiday.txt'),
    ]);
    expect(result).toMatchObject({ unchanged: 0, skipped: [], pruned: [] });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[progress.length - 1]).toEqual(['Done: 3/3 files, 3 chunks written', 1]);
    const again = await ok('ingest_documents', { path: root });
    expect(again).toMatchObject({ ingested: [], unchanged: 3 });
  });

  it('ingest_documents refuses a path outside the allowed roots', async () => {
    const error = await fails('ingest_documents', { path: base });
    expect(error.code).toBe('PERMISSION_DENIED');
    expect(error.message).toContain(root);
    expect(error.hint).toContain('documents.allowedRoots');
    const relative = await fails('ingest_documents', { path: 'documents/a' });
    expect(relative).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(relative.message).toContain('path');
  });

  it('search_documents returns passages with paths and marks them untrusted', async () => {
    const result = await ok('search_documents', { query: 'when is the product release', top_k: 1 });
    expect(result['mode']).toBe('hybrid');
    expect(result['untrusted_content']).toBe(true);
    expect(result['items']).toEqual([
      expect.objectContaining({ source_name: 'minutes.txt', path: join(root, 'a', 'minutes.txt'), doc_type: 'text', chunk_index: 0 }),
    ]);
  });

  it('search_documents accepts keyword for fts, clamps top_k and filters by date in the user zone', async () => {
    const keyword = await ok('search_documents', { query: 'Dolomites', mode: 'keyword', top_k: 80 });
    expect(keyword['mode']).toBe('fts');
    expect(keyword['warnings']).toEqual(['top_k clamped to 50.']);
    const dated = await ok('search_documents', { query: 'plans', modified_from: '2026-02-10', modified_to: '2026-02-11', top_k: 10 });
    expect((dated['items'] as { source_name: string }[]).map((item) => item.source_name)).toEqual(['holiday.txt']);
    const bad = await fails('search_documents', { query: 'plans', modified_to: '2026-02-30' });
    expect(bad).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(bad.message).toContain('modified_to');
  });

  it('search_documents validates its input with actionable messages', async () => {
    expect((await fails('search_documents', { query: '   ' })).message).toContain('query');
    const mode = await fails('search_documents', { query: 'x', mode: 'semantic' });
    expect(mode.message).toContain('"hybrid", "vector", "fts", "keyword"');
    const unknown = await fails('search_documents', { query: 'x', colour: 'red' });
    expect(unknown.hint).toContain('query');
    expect((await fails('search_documents', { query: 'x', top_k: 0 })).code).toBe('INVALID_ARGUMENT');
  });

  it('list_documents pages by path with cursors bound to the filters', async () => {
    const first = await ok('list_documents', { limit: 2 });
    expect((first['items'] as { source_name: string }[]).map((item) => item.source_name)).toEqual(['invoice.md', 'minutes.txt']);
    expect(first['total']).toBe(3);
    const second = await ok('list_documents', { limit: 2, cursor: first['next_cursor'] });
    expect((second['items'] as { source_name: string }[]).map((item) => item.source_name)).toEqual(['holiday.txt']);
    expect(second['next_cursor']).toBeNull();
    const mismatched = await fails('list_documents', { limit: 2, doc_type: 'text', cursor: first['next_cursor'] });
    expect(mismatched.message).toContain('different filters');
    expect((await fails('list_documents', { cursor: 'not-a-cursor' })).code).toBe('INVALID_ARGUMENT');
    const clamped = await ok('list_documents', { limit: 500, path_prefix: join(root, 'a') });
    expect(clamped['warnings']).toEqual(['limit clamped to 200.']);
    expect(clamped['total']).toBe(2);
  });

  it('list_documents tells indexed documents from ones whose ingest has not completed', async () => {
    const before = await ok('list_documents', {});
    expect(before['pending']).toBe(0);
    expect((before['items'] as { status: string }[]).every((item) => item.status === 'indexed')).toBe(true);
    // A row reserved but never finished: what an interrupted (or running) ingest leaves.
    const { row } = await service.catalog.reserve(
      { path: join(root, 'a', 'zz-unfinished.txt'), sourceName: 'zz-unfinished.txt', docType: 'text', sizeBytes: 10, modifiedAt: '2026-02-12T12:00:00.000Z' },
      '2026-03-01T12:00:00.000Z',
    );
    try {
      const after = await ok('list_documents', { path_prefix: join(root, 'a') });
      expect(after['pending']).toBe(1);
      expect((after['items'] as { source_name: string; status: string }[]).map((item) => [item.source_name, item.status])).toEqual([
        ['invoice.md', 'indexed'],
        ['minutes.txt', 'indexed'],
        ['zz-unfinished.txt', 'pending'],
      ]);
      // The count is index-wide: a filter that leaves the row out still reports it.
      expect((await ok('list_documents', { doc_type: 'markdown' }))['pending']).toBe(1);
    } finally {
      await service.catalog.delete(row.id);
    }
  });

  it('delete_document needs exactly one of id or path and reports unknown ids as not found', async () => {
    expect((await fails('delete_document', {})).code).toBe('INVALID_ARGUMENT');
    expect((await fails('delete_document', { document_id: 1, path: '/x' })).code).toBe('INVALID_ARGUMENT');
    const [invoice] = (await ok('list_documents', { doc_type: 'markdown' }))['items'] as { id: number }[];
    expect(await ok('delete_document', { document_id: invoice?.id })).toEqual({ deleted: true, id: invoice?.id, chunks_removed: 1 });
    const missing = await fails('delete_document', { document_id: invoice?.id });
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: `Document ${invoice?.id} not found.` });
    expect(await ok('delete_document', { path: join(root, 'holiday.txt') })).toMatchObject({ deleted: true, chunks_removed: 1 });
  });
});

describe('ingest_documents on a folder larger than one call can finish', () => {
  const bigBase = mkdtempSync(join(tmpdir(), 'cos-doc-tools-budget-'));
  const notes = join(bigBase, 'documents', 'archive');
  const FILES = 12;
  let bigDatabase: CosDatabase;
  let budgeted: DocumentService;

  beforeAll(() => {
    mkdirSync(notes, { recursive: true });
    for (let i = 0; i < FILES; i += 1) writeFileSync(join(notes, `note-${String(i).padStart(2, '0')}.md`), `# Note ${i}\n\nArchived note number ${i}.`);
    bigDatabase = openDatabase({ dataDir: bigBase });
    // A 1 ms budget: every call stops after its first new file or so, as a 240 s budget would on a big archive.
    budgeted = new DocumentService({ catalog: new SqliteDocumentCatalog(bigDatabase), chunks: lanceChunkStore({ vectorsDir: join(bigBase, 'vectors') }), allowedRoots: [join(bigBase, 'documents')], embedder, ingestTimeBudgetMs: 1 });
  });

  afterAll(async () => {
    await budgeted.close();
    bigDatabase.close();
    rmSync(bigBase, { recursive: true, force: true });
  });

  it('stops before its time limit with "N of M files done — run again", and repeated calls index every file once', async () => {
    const ctx = createToolContext({ services: { documents: budgeted }, clock: new FakeClock('2026-03-01T12:00:00.000Z', 'Europe/London') });
    const indexed: string[] = [];
    let calls = 0;
    let last: Record<string, unknown> = {};
    do {
      const result = await runTool(tool('ingest_documents'), { path: notes }, ctx);
      if (!result.ok) throw new Error(`ingest_documents failed: ${result.error.code} ${result.error.message}`);
      last = result.value;
      calls += 1;
      indexed.push(...(last['ingested'] as { path: string }[]).map((doc) => doc.path));
      if (last['more'] === true) {
        // Every call moves on by at least one new file, and says how far the folder is done.
        expect((last['ingested'] as unknown[]).length).toBeGreaterThanOrEqual(1);
        expect(last['files_done']).toBe(indexed.length);
        expect(last['warnings']).toEqual([
          `Stopped at the time limit of one call: ${indexed.length} of ${FILES} files done — run the same ingest again to continue (files already indexed are skipped quickly).`,
        ]);
      }
    } while (last['more'] === true && calls <= FILES);

    expect(calls).toBeGreaterThanOrEqual(2);
    expect(calls).toBeLessThanOrEqual(FILES);
    expect(new Set(indexed).size).toBe(FILES);
    expect(indexed).toHaveLength(FILES);
    expect(last).toMatchObject({ more: false, files_done: FILES, files_total: FILES });
    expect(last['unchanged']).toBe(FILES - (last['ingested'] as unknown[]).length);
    expect(last).not.toHaveProperty('warnings');
    expect(await budgeted.count()).toBe(FILES);
  });
});
