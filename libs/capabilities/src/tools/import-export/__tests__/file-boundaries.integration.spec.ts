/**
 * The file-root boundary of import_data and export_calendar, tried with real links and pipes in a temp root: a
 * Maildir whose cur/ is a link out of the root, hard links to outside files, named pipes, and a second process
 * that keeps swapping the export target for a link while exports run.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createToolContext,
  FakeClock,
  loadConfig,
  runTool,
  type AnyToolDefinition,
  type ConfigInput,
  type ToolRunResult,
} from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import { openDatabase, openMemoryStore, type CosDatabase } from '@chief-of-staff/sqlite';
import { createProviderRegistry } from '@chief-of-staff/providers';
import { allProviderTools } from '../../provider-common/provider-tools.js';

const base = mkdtempSync(join(tmpdir(), 'cos-file-bounds-'));
const docs = join(base, 'documents');
const outside = join(base, 'outside');
const clock = new FakeClock('2026-03-06T15:00:00.000Z', 'Europe/London');
let database: CosDatabase;
let memory: MemoryStore;

function message(subject: string, id: string): string {
  return `From: someone@example.com\r\nTo: dana@example.com\r\nSubject: ${subject}\r\nMessage-ID: <${id}@example.com>\r\nDate: Thu, 05 Mar 2026 10:00:00 +0000\r\n\r\nBody of ${subject}.\r\n`;
}

function call(name: string, args: Record<string, unknown>, overrides: ConfigInput = {}): Promise<ToolRunResult> {
  const config = loadConfig({ env: { COS_DATA_DIR: base, COS_TIMEZONE: 'Europe/London' }, overrides: { documents: { allowedRoots: [docs] }, ...overrides } });
  const providers = createProviderRegistry({ config, memory: openMemoryStore({ database: database }), desktop: null });
  const tool = allProviderTools.find((candidate) => candidate.name === name) as unknown as AnyToolDefinition;
  return runTool(tool, args, createToolContext({ services: { providers, config, memory }, clock, caller: { kind: 'host' } }));
}

async function ok(name: string, args: Record<string, unknown>, overrides: ConfigInput = {}): Promise<Record<string, unknown>> {
  const result = await call(name, args, overrides);
  if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

async function mailSubjects(query: string): Promise<string[]> {
  const found = await ok('search_mail', { query });
  return (found['items'] as { subject: string }[]).map((item) => item.subject);
}

beforeAll(() => {
  mkdirSync(docs, { recursive: true });
  mkdirSync(outside, { recursive: true });
  database = openDatabase({ dataDir: base });
  memory = openMemoryStore({ database, clock });
});

afterAll(() => {
  database.close();
  rmSync(base, { recursive: true, force: true });
});

describe('import_data never reads outside the allowed roots', () => {
  it('skips a Maildir cur/ folder that is a link to a folder outside the roots, and says so', async () => {
    mkdirSync(join(outside, 'c'), { recursive: true });
    writeFileSync(join(outside, 'c', '1.x:2,S'), message('OUTSIDEMARK', 'outside'));
    mkdirSync(join(docs, 'md', 'new'), { recursive: true });
    writeFileSync(join(docs, 'md', 'new', '2.x'), message('INSIDEMARK', 'inside'));
    symlinkSync(join(outside, 'c'), join(docs, 'md', 'cur'));
    mkdirSync(join(docs, 'md', '.Work', 'new'), { recursive: true });
    symlinkSync(join(outside, 'c'), join(docs, 'md', '.Work', 'cur'));
    symlinkSync(join(outside, 'c'), join(docs, 'md', '.Linked'));

    const result = await ok('import_data', { kind: 'maildir', path: join(docs, 'md') });
    expect(result['imported']).toBe(0);
    const warnings = (result['warnings'] as string[]).join('\n');
    expect(warnings).toContain(join(docs, 'md'));
    expect(warnings).toContain('symbolic link');
    expect(await mailSubjects('OUTSIDEMARK')).toEqual([]);
  });

  it('imports a real Maildir but never a message file that is a link or a hard link', async () => {
    const box = join(docs, 'real-md');
    mkdirSync(join(box, 'cur'), { recursive: true });
    mkdirSync(join(box, 'new'), { recursive: true });
    writeFileSync(join(box, 'cur', 'a:2,S'), message('REALMARK', 'real'));
    writeFileSync(join(outside, 'linked.eml'), message('LINKEDMARK', 'linked'));
    symlinkSync(join(outside, 'linked.eml'), join(box, 'cur', 'b:2,S'));
    writeFileSync(join(outside, 'hard.eml'), message('HARDMARK', 'hard'));
    linkSync(join(outside, 'hard.eml'), join(box, 'new', 'c'));

    const result = await ok('import_data', { kind: 'maildir', path: box, target: 'real' });
    expect(result['imported']).toBe(1);
    expect((result['warnings'] as string[]).join('\n')).toContain('documents.followHardLinks');
    expect(await mailSubjects('REALMARK')).toEqual(['REALMARK']);
    expect(await mailSubjects('LINKEDMARK')).toEqual([]);
    expect(await mailSubjects('HARDMARK')).toEqual([]);
  });

  it('refuses a hard-linked export file unless documents.followHardLinks is set', async () => {
    writeFileSync(join(outside, 'chat.jsonl'), JSON.stringify({ id: 'h1', conversation: 'c', sender: 'x', text: 'HARDCHAT', sent_at: '2026-03-01T10:00:00Z' }) + '\n');
    linkSync(join(outside, 'chat.jsonl'), join(docs, 'chat.jsonl'));
    const refused = await call('import_data', { kind: 'messages', path: join(docs, 'chat.jsonl') });
    expect(refused.ok ? null : refused.error).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('documents.followHardLinks') });
    const allowed = await ok('import_data', { kind: 'messages', path: join(docs, 'chat.jsonl') }, { documents: { allowedRoots: [docs], followHardLinks: true } });
    expect(allowed['imported']).toBe(1);
  });

  it('answers promptly for a named pipe, for every file kind, and keeps serving', async () => {
    const pipe = join(docs, 'feed.jsonl');
    execFileSync('mkfifo', [pipe]);
    for (const kind of ['messages', 'messages_jsonl', 'ics', 'mbox', 'eml'] as const) {
      const started = Date.now();
      const result = await call('import_data', { kind, path: pipe });
      expect(result.ok ? null : result.error).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('not a regular file') });
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    const box = join(docs, 'pipe-md');
    mkdirSync(join(box, 'cur'), { recursive: true });
    mkdirSync(join(box, 'new'), { recursive: true });
    execFileSync('mkfifo', [join(box, 'new', 'stuck')]);
    const maildir = await ok('import_data', { kind: 'maildir', path: box, target: 'pipes' });
    expect((maildir['warnings'] as string[]).join('\n')).toContain('not a regular file');
    expect(await ok('list_mailboxes', {})).toBeDefined();
  });
});

describe('export_calendar never writes outside the allowed roots', () => {
  beforeAll(async () => {
    writeFileSync(join(docs, 'work.ics'), 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nX-WR-CALNAME:Work\r\nBEGIN:VEVENT\r\nUID:e1\r\nDTSTAMP:20260301T000000Z\r\nDTSTART:20260309T090000Z\r\nDTEND:20260309T100000Z\r\nSUMMARY:Stand-up\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n');
    await ok('import_data', { kind: 'ics', path: join(docs, 'work.ics') });
  });

  it('refuses to overwrite a file with another hard link (it may be outside the roots)', async () => {
    writeFileSync(join(outside, 'victim.ics'), 'ORIGINAL');
    linkSync(join(outside, 'victim.ics'), join(docs, 'victim.ics'));
    const result = await call('export_calendar', { calendar: 'Work', path: join(docs, 'victim.ics') });
    expect(result.ok ? null : result.error.code).toBe('PERMISSION_DENIED');
    expect(readFileSync(join(outside, 'victim.ics'), 'utf8')).toBe('ORIGINAL');
  });

  it('replaces a link planted at the target instead of writing through it, however the race falls', async () => {
    const victim = join(outside, 'race-victim.ics');
    writeFileSync(victim, 'UNTOUCHED');
    const target = join(docs, 'race.ics');
    // A second process swaps the target between a link to the victim and nothing, as fast as it can, for a
    // bounded time; it stops by itself.
    const flipper = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs'); const end = Date.now() + 8000;
         while (Date.now() < end) { try { fs.symlinkSync(${JSON.stringify(victim)}, ${JSON.stringify(target)}); } catch {}
           try { fs.unlinkSync(${JSON.stringify(target)}); } catch {} }`,
      ],
      { stdio: 'ignore' },
    );
    let written = 0;
    try {
      for (let round = 0; round < 300; round += 1) {
        const result = await call('export_calendar', { calendar: 'Work', path: target });
        if (result.ok) written += 1;
        expect(readFileSync(victim, 'utf8')).toBe('UNTOUCHED');
      }
    } finally {
      flipper.kill('SIGKILL');
    }
    expect(written).toBeGreaterThan(0);
    expect(readFileSync(victim, 'utf8')).toBe('UNTOUCHED');
    expect(existsSync(join(outside, 'race.ics'))).toBe(false);
  });
});
