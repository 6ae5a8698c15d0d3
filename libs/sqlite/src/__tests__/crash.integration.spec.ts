/**
 * Crash safety: a process writing in a loop is killed with SIGKILL ten times. The database must still open,
 * pass its integrity checks, and hold every write whose call had returned before the kill.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { openDatabase } from '../db/open-database.js';
import { spawnStoreWriter } from './run-store-writer.js';

const KILLS = 10;

/** Runs one writer until it has been writing for `writeMs`, kills it, and returns the keys it reported. */
function runAndKill(dataDir: string, tag: string, writeMs: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawnStoreWriter([dataDir, 'loop', tag]);
    let buffer = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (buffer === '' && chunk.startsWith('ready\n')) setTimeout(() => child.kill('SIGKILL'), writeMs);
      buffer += chunk;
    });
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`writer ended without being killed: ${stderr}`));
      // Only complete lines: a key printed in full was written before the print.
      const lines = buffer.split('\n').slice(0, -1);
      resolve(lines.filter((line) => line !== 'ready'));
    });
  });
}

describe('crash safety', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-crash-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('survives 10 SIGKILLs mid-write with every acknowledged write present', async () => {
    const acknowledged: string[] = [];
    for (let i = 0; i < KILLS; i += 1) {
      acknowledged.push(...(await runAndKill(dataDir, `run${i}`, 40 + ((i * 37) % 120))));
    }
    expect(acknowledged.length).toBeGreaterThan(KILLS);

    const db = openDatabase({ dataDir });
    try {
      expect(db.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      const present = new Set(
        (db.sqlite.prepare(`SELECT key FROM facts WHERE category = 'backlog'`).all() as { key: string }[]).map((row) => row.key),
      );
      const missing = acknowledged.filter((key) => !present.has(key));
      expect(missing).toEqual([]);
      expect(() => db.sqlite.exec(`INSERT INTO facts_fts(facts_fts, rank) VALUES ('integrity-check', 1)`)).not.toThrow();
    } finally {
      db.close();
    }
    // Ten child start-ups dominate; allow for a busy machine.
  }, 90_000);
});
