/**
 * Migration 0012 adds `facts.observed_at` to a data directory made by the previous version: the facts already there
 * keep every value, their observed time stays unknown (NULL, never guessed from another column), and new facts carry one.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import { openDatabase } from './open-database.js';
import { createFactsRepository } from '../memory/facts-repository.js';

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
const ADDED = '0012_facts_observed_at';

/** The migrations folder as the previous version shipped it: every migration before `tag`. */
function migrationsBefore(tag: string, into: string): string {
  const folder = join(into, 'drizzle');
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

describe('migration 0012: when a fact was observed', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cos-migrate-observed-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the facts of an older data directory with an unknown observed time, and stores one for new facts', async () => {
    const dataDir = join(dir, 'data');
    const older = openDatabase({ dataDir, migrationsFolder: migrationsBefore(ADDED, dir) });
    const columns = (older.sqlite.prepare(`SELECT name FROM pragma_table_info('facts')`).all() as { name: string }[]).map((row) => row.name);
    expect(columns).not.toContain('observed_at');
    older.sqlite
      .prepare(`INSERT INTO facts (category, key, value, source_ref, created_at, updated_at) VALUES ('personal', 'support_group', 'Caroline went to the support group', ?, '2023-05-08T13:56:00.000Z', '2023-05-08T13:56:00.000Z')`)
      .run(JSON.stringify({ provider: 'message', timestamp: '2023-05-08T13:56' }));
    older.close();

    const current = openDatabase({ dataDir });
    try {
      expect(current.migrations.applied).toBe(1);
      const facts = createFactsRepository(current, new FakeClock());
      expect(await facts.get('personal', 'support_group')).toMatchObject({
        value: 'Caroline went to the support group',
        createdAt: '2023-05-08T13:56:00.000Z',
        observedAt: null,
      });
      const { fact } = await facts.upsert({ category: 'personal', key: 'race', value: 'Melanie ran a charity race', source: 'user', observedAt: '2023-05-20' });
      expect(fact.observedAt).toBe('2023-05-20');
      // The old fact, unknown, counts at its creation time in a window.
      const may = await facts.observedIn({ observed: { from: '2023-05-01', before: '2023-06-01' } }, 10);
      expect(may.map((found) => found.key)).toEqual(['race', 'support_group']);
    } finally {
      current.close();
    }
  });
});
