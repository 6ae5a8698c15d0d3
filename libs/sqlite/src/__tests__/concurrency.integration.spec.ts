/**
 * Multi-process safety (docs/reference/conventions.md#processes-and-surfaces, docs/reference/data-model.md#storage):
 * three processes open the same fresh database at once (racing to migrate it) and write 2,000 rows each. Every row
 * must land, no SQLITE_BUSY may surface, and the file must pass an integrity check.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { openDatabase } from '../db/open-database.js';
import { spawnStoreWriter, waitForExit } from './run-store-writer.js';

const PROCESSES = 3;
const ROWS_EACH = 2_000;

describe('concurrent writers', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-concurrency-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps all 6,000 rows from 3 processes writing at once, without SQLITE_BUSY, integrity ok', async () => {
    const children = Array.from({ length: PROCESSES }, (_, i) => spawnStoreWriter([dataDir, 'batch', String(ROWS_EACH), `p${i}`]));
    const results = await Promise.all(children.map(waitForExit));
    for (const result of results) {
      expect(result.stderr).not.toContain('SQLITE_BUSY');
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    }
    const summaries = results.map((result) => JSON.parse(result.stdout.trim()) as { facts: number; decisions: number });
    expect(summaries.reduce((n, s) => n + s.facts + s.decisions, 0)).toBe(PROCESSES * ROWS_EACH);

    const db = openDatabase({ dataDir });
    try {
      const facts = db.sqlite.prepare('SELECT count(*) AS n FROM facts').get() as { n: number };
      const decisions = db.sqlite.prepare('SELECT count(*) AS n FROM decisions').get() as { n: number };
      expect(facts.n + decisions.n).toBe(PROCESSES * ROWS_EACH);
      const migrations = db.sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number };
      expect(migrations.n).toBe(db.migrations.known);
      expect(db.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      const ftsCheck = () => db.sqlite.exec(`INSERT INTO facts_fts(facts_fts, rank) VALUES ('integrity-check', 1)`);
      expect(ftsCheck).not.toThrow();
    } finally {
      db.close();
    }
  }, 60_000);
});
