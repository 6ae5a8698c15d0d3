/**
 * The inbox lock: two importers that both saw the same expired lock (the second runs at the worst moment of the
 * first) — exactly one takes it; across real processes, several importers started at the same instant against an
 * expired lock (an older version's empty file, or one whose owner died) — exactly one takes it each round. Then importInbox itself: an
 * expired lock is taken over and the inbox imported, a live one makes the pass skip.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ts from 'typescript';
import { createSilentLogger, FakeClock } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import { importInbox } from '../import-inbox.js';
import { acquireInboxLock, type InboxLock } from '../inbox-lock.js';

const TTL_MS = 10 * 60_000;
const IMPORTERS = 4;

/**
 * One importer: waits for the common start instant and tries to take the lock. A holder keeps it, as an import
 * would, until every importer has tried (so a slow starter cannot arrive after the release and count as a winner).
 */
const importerScript = (moduleUrl: string, lockFile: string, startAt: number) => `
  const { acquireInboxLock } = await import(${JSON.stringify(moduleUrl)});
  const { readdirSync, writeFileSync } = await import('node:fs');
  const { dirname, join } = await import('node:path');
  const inbox = dirname(${JSON.stringify(lockFile)});
  while (Date.now() < ${startAt}) {}
  const lock = acquireInboxLock(${JSON.stringify(lockFile)}, { nowMs: Date.now(), ttlMs: ${TTL_MS} });
  writeFileSync(join(inbox, 'tried-' + process.pid), '');
  if (lock) {
    const deadline = Date.now() + 20000;
    while (readdirSync(inbox).filter((name) => name.startsWith('tried-')).length < ${IMPORTERS} && Date.now() < deadline) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
    lock.release();
  }
  process.stdout.write(lock ? 'imported' : 'skipped');
`;

function run(script: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done(out) : fail(new Error(`importer exited with ${code}: ${err}`))));
  });
}

describe('the inbox lock', () => {
  let dir: string;
  let moduleUrl: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cos-inbox-lock-'));
    // The lock needs only node:fs and node:crypto, so the child processes run it compiled on its own.
    const source = readFileSync(resolve(import.meta.dirname, '..', 'inbox-lock.ts'), 'utf8');
    const compiled = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    const file = join(dir, 'inbox-lock.mjs');
    writeFileSync(file, compiled);
    moduleUrl = `file://${file}`;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const expiredLock = (name: string, legacy: boolean): string => {
    const inbox = join(dir, name);
    mkdirSync(inbox);
    const lockFile = join(inbox, '.import.lock');
    const old = new Date(Date.now() - 2 * TTL_MS);
    writeFileSync(lockFile, legacy ? '' : JSON.stringify({ owner: 'dead-1', pid: 1, expires_at_ms: old.getTime() }));
    utimesSync(lockFile, old, old);
    return lockFile;
  };

  it.each([
    ['an older version\'s empty lock file', true],
    ['a lock whose owner died', false],
  ])('lets exactly one of two importers that both saw %s take it', (name, legacy) => {
    for (const secondReleases of [false, true]) {
      const lockFile = expiredLock(`interleaved-${String(legacy)}-${String(secondReleases)}`, legacy);
      let second: InboxLock | undefined;
      // The second importer saw the same expired lock and acts while the first is between seeing and acting.
      const first = acquireInboxLock(lockFile, {
        nowMs: Date.now(),
        ttlMs: TTL_MS,
        onExpiredSeen: () => {
          second = acquireInboxLock(lockFile, { nowMs: Date.now(), ttlMs: TTL_MS });
          // A quick import may even be over before the first acts.
          if (secondReleases) second?.release();
        },
      });
      expect({ name, secondReleases, first: first !== undefined, second: second !== undefined }).toEqual({ name, secondReleases, first: false, second: true });
      if (!secondReleases) {
        expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ owner: second?.owner });
        second?.release();
      }
      expect(readdirSync(join(lockFile, '..'))).toEqual([]);
    }
  });

  it('lets exactly one of several processes racing for an expired lock take it', async () => {
    for (let round = 0; round < 4; round += 1) {
      // Even rounds: an older version's empty lock file; odd rounds: a lock whose owner died before its expiry.
      const lockFile = expiredLock(`round-${round}`, round % 2 === 0);
      const inbox = join(lockFile, '..');
      const startAt = Date.now() + 700;
      const outcomes = await Promise.all(Array.from({ length: IMPORTERS }, () => run(importerScript(moduleUrl, lockFile, startAt))));
      expect({ round, imported: outcomes.filter((outcome) => outcome === 'imported').length }).toEqual({ round, imported: 1 });
      // Released, and nothing left behind that would keep the next pass out.
      expect(readdirSync(inbox).filter((name) => name === '.import.lock' || name.endsWith('.draft'))).toEqual([]);
    }
  }, 60_000);

  it('importInbox takes over an expired lock and skips while a live one is held', async () => {
    const clock = new FakeClock(new Date());
    const store: TestMemoryStore = createTestMemoryStore({ clock });
    try {
      const inbox = join(dir, 'importer');
      mkdirSync(inbox);
      const lockFile = join(inbox, '.import.lock');
      const drop = (name: string) => {
        const file = join(inbox, name);
        writeFileSync(file, JSON.stringify({ source: 'monitoring', event_type: 'disk.full', delivery_id: name }));
        const settled = new Date(Date.now() - 10_000);
        utimesSync(file, settled, settled);
      };
      const pass = async () => await importInbox({ events: store.webhookEvents, inboxDir: inbox, logger: createSilentLogger(), nowMs: () => Date.now() });

      const held = acquireInboxLock(lockFile, { nowMs: Date.now(), ttlMs: TTL_MS });
      expect(held).toBeDefined();
      drop('a.json');
      expect(await pass()).toMatchObject({ imported: 0, skipped: 'another process is importing the inbox' });
      held?.release();
      expect(await pass()).toMatchObject({ imported: 1 });

      writeFileSync(lockFile, '');
      const old = new Date(Date.now() - 2 * TTL_MS);
      utimesSync(lockFile, old, old);
      drop('b.json');
      expect(await pass()).toMatchObject({ imported: 1 });
      expect(readdirSync(inbox).filter((name) => name.startsWith('.import.lock'))).toEqual([]);
    } finally {
      await store.cleanup();
    }
  });
});
