/**
 * `cos docs`, `cos import` and `cos export-calendar` against the built CLI, with files written by the test inside
 * the one allowed root.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createCliSandbox, type CliSandbox } from './run-cli.js';

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//cli test//EN',
  'X-WR-CALNAME:Work',
  'BEGIN:VEVENT',
  'UID:planning-1@cli.test',
  'DTSTAMP:20260101T000000Z',
  'DTSTART:20260305T100000Z',
  'DTEND:20260305T110000Z',
  'SUMMARY:Planning with Dana',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:budget-1@cli.test',
  'DTSTAMP:20260101T000000Z',
  'DTSTART:20260306T140000Z',
  'DTEND:20260306T150000Z',
  'SUMMARY:Budget review',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const MBOX = [
  'From dana@example.com Mon Mar  2 09:00:00 2026',
  'From: Dana Reed <dana@example.com>',
  'To: me@example.com',
  'Subject: Offsite venue',
  'Date: Mon, 02 Mar 2026 09:00:00 +0000',
  'Message-ID: <venue-1@example.com>',
  '',
  'I booked the venue in Lisbon for the offsite.',
  '',
  'From sam@example.com Mon Mar  2 10:00:00 2026',
  'From: Sam Lee <sam@example.com>',
  'To: me@example.com',
  'Subject: Lunch on Friday?',
  'Date: Mon, 02 Mar 2026 10:00:00 +0000',
  'Message-ID: <lunch-1@example.com>',
  '',
  'Shall we have lunch on Friday?',
  '',
].join('\n');

describe('cos docs, import and export-calendar', () => {
  let cli: CliSandbox;
  let docsDir: string;

  beforeAll(() => {
    cli = createCliSandbox('docs');
    docsDir = join(cli.filesDir, 'notes');
    mkdirSync(join(docsDir, 'finance'), { recursive: true });
    writeFileSync(join(docsDir, 'offsite.md'), '# Team offsite\n\nThe team offsite is in Lisbon in May. Dana books the venue and the flights.\n');
    writeFileSync(join(docsDir, 'finance', 'budget.txt'), 'The 2026 budget is 1.2 million, approved by the board in January.\n');
    writeFileSync(join(docsDir, 'figures.xlsx'), 'not really a spreadsheet');
    writeFileSync(join(cli.filesDir, 'work.ics'), ICS);
    writeFileSync(join(cli.filesDir, 'archive.mbox'), MBOX);
  });

  afterAll(() => cli.remove());

  it('ingests a folder and summarises files, chunks and skipped files with their reasons', async () => {
    const ingest = await cli.run(['docs', 'ingest', docsDir, '--json']);
    expect(ingest.code).toBe(0);
    const summary = ingest.json<{ files: number; chunks: number; unchanged: number; skipped: { path: string; reason: string }[] }>();
    expect(summary.files).toBe(2);
    expect(summary.chunks).toBeGreaterThanOrEqual(2);
    expect(summary.unchanged).toBe(0);
    expect(summary.skipped).toEqual([{ path: join(docsDir, 'figures.xlsx'), reason: expect.stringContaining('CSV') }]);
  });

  it('finds the passage that answers a question, with its file', async () => {
    const search = await cli.run(['docs', 'search', 'where is the team offsite', '--top-k', '2']);
    expect(search.code).toBe(0);
    expect(search.stdout).toMatch(/^1\. .*offsite\.md \(chunk 0, score/);
    expect(search.stdout).toContain('Lisbon in May');
  });

  it('lists what is indexed, and skips unchanged files on a second ingest (relative path, no sub-folders)', async () => {
    const list = await cli.run(['docs', 'list', '--json']);
    expect(list.code).toBe(0);
    expect(list.json<{ items: { path: string }[]; total: number }>()).toMatchObject({
      total: 2,
      items: [{ path: join(docsDir, 'finance', 'budget.txt') }, { path: join(docsDir, 'offsite.md') }],
    });

    const again = await cli.run(['docs', 'ingest', 'files/notes', '--no-recursive']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Indexed 0 files (0 chunks); 1 unchanged; 1 skipped.');
    expect(again.stdout).toMatch(/figures\.xlsx\s+xlsx files are not supported yet/);
  });

  it('refuses a folder outside the allowed roots and says which setting to change (exit 1)', async () => {
    const outside = await cli.run(['docs', 'ingest', cli.dataDir]);
    expect(outside.code).toBe(1);
    expect(outside.stderr).toContain('PERMISSION_DENIED');
    expect(outside.stderr).toContain('documents.allowedRoots');
  });

  it('ingests a folder bigger than one call can finish: each call stops in time, the command goes on until done (exit 0)', async () => {
    const archive = join(cli.filesDir, 'archive');
    mkdirSync(archive, { recursive: true });
    for (let i = 0; i < 8; i += 1) writeFileSync(join(archive, `old-${i}.md`), `# Old note ${i}\n\nArchived minutes, part ${i}.`);
    // A 1 ms budget makes every call stop after a new file or so, as the default budget does on a large archive.
    const budget = { COS_DOCUMENTS_INGEST_TIME_BUDGET_MS: '1' };

    const one = await cli.run(['call', 'ingest_documents', JSON.stringify({ path: archive })], budget);
    expect(one.code).toBe(0);
    const first = one.json<{ more: boolean; files_done: number; files_total: number; ingested: unknown[] }>();
    expect(first).toMatchObject({ more: true, files_total: 8 });
    expect(first.files_done).toBeLessThan(8);
    expect(one.stdout).toContain(`${first.files_done} of 8 files done — run the same ingest again to continue`);

    const all = await cli.run(['docs', 'ingest', archive, '--json'], budget);
    expect(all.code).toBe(0);
    expect(all.json()).toMatchObject({ files: 8, unchanged: first.ingested.length, skipped: [], warnings: [] });
    expect(all.json<{ ingested: unknown[] }>().ingested).toHaveLength(8 - first.ingested.length);

    const listed = await cli.run(['docs', 'list', '--path-prefix', archive, '--json']);
    expect(listed.json<{ items: unknown[] }>().items).toHaveLength(8);
  });

  it('rejects an unknown search mode, listing the valid ones (exit 2)', async () => {
    const bad = await cli.run(['docs', 'search', 'offsite', '--mode', 'fuzzy']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Allowed choices are hybrid, vector, fts');
    expect(bad.stdout).toBe('');
  });

  it('imports an .ics calendar once, and a second import adds nothing', async () => {
    const first = await cli.run(['import', 'ics', join(cli.filesDir, 'work.ics'), '--json']);
    expect(first.code).toBe(0);
    expect(first.json()).toMatchObject({ kind: 'ics', target: 'Work', imported: 2, error_count: 0 });

    const second = await cli.run(['import', 'ics', join(cli.filesDir, 'work.ics')]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Imported 0 new, 0 updated, 2 already known (ics → Work)');
  });

  it('imports an mbox into the local INBOX, where the mail tools find it', async () => {
    const imported = await cli.run(['import', 'mbox', join(cli.filesDir, 'archive.mbox'), '--json']);
    expect(imported.code).toBe(0);
    expect(imported.json()).toMatchObject({ kind: 'mbox', imported: 2, error_count: 0 });

    const search = await cli.run(['call', 'search_mail', JSON.stringify({ query: 'venue' })]);
    expect(search.code).toBe(0);
    expect(search.stdout).toContain('Offsite venue');
  });

  it('exports the imported calendar to stdout and to a file inside the allowed roots', async () => {
    const printed = await cli.run(['export-calendar', 'Work']);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain('BEGIN:VCALENDAR');
    expect(printed.stdout).toContain('SUMMARY:Planning with Dana');

    const out = join(cli.filesDir, 'work-export.ics');
    const written = await cli.run(['export-calendar', 'Work', '--out', out]);
    expect(written.code).toBe(0);
    expect(written.stdout).toContain(`Wrote 2 events of "Work" to ${out}`);
    expect(readFileSync(out, 'utf8')).toContain('SUMMARY:Budget review');
  });

  it('rejects an import kind it does not know, listing the valid ones (exit 2)', async () => {
    const bad = await cli.run(['import', 'vcard', join(cli.filesDir, 'work.ics')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Allowed choices are ics, mbox, maildir, eml, messages');
  });
});
