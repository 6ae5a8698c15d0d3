import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { containsPattern, FakeClock, foldCase } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '../testing/create-test-memory-store.js';
import { bulkLoad } from '../testing/bulk-load.js';
import { defaultMigrationsFolder, openDatabase } from '../db/open-database.js';
import type { DecisionStatus } from '@chief-of-staff/stores';
import { PLAIN_CHARACTER_CLASS } from '@chief-of-staff/stores/adapter-kit';
import { buildTrigramPhrase } from '../db/fts-query.js';
import { decisionCandidatesCondition, DECISIONS_FOLD_SCAN_PREDICATE } from './decisions-text-search.js';
import { openMemoryStore } from '../memory/memory-store.js';
import { DECISION_SEARCH_CORPUS, DECISION_SEARCH_QUERIES } from '@chief-of-staff/stores/testing';
import { decisions } from '../db/schema/lifecycle.js';

type Sqlite = TestMemoryStore['database']['sqlite'];

/** The search as it was before the trigram index: every row folded and matched with LIKE. */
function fullScanIds(sqlite: Sqlite, query: string, filters: { status?: DecisionStatus; owner?: string } = {}): number[] {
  const pattern = containsPattern(query.trim());
  const columns = ['title', 'description', 'context', 'tags', 'owner', 'decided_by'];
  const params: unknown[] = columns.map(() => pattern);
  let where = `(${columns.map((column) => `cos_fold(${column}) LIKE ? ESCAPE '\\'`).join(' OR ')})`;
  if (filters.status !== undefined) {
    where += ' AND status = ?';
    params.push(filters.status);
  }
  if (filters.owner !== undefined) {
    where += ' AND cos_fold(owner) = ?';
    params.push(foldCase(filters.owner.trim()));
  }
  const sql = `SELECT id FROM decisions WHERE ${where} ORDER BY created_at DESC, id DESC`;
  return (sqlite.prepare(sql).all(...params) as { id: number }[]).map((row) => row.id);
}

/** Every page of a search with a small limit, following cursors; each page must report the same total. */
async function searchAllPages(
  store: TestMemoryStore,
  filters: { query?: string; status?: DecisionStatus; owner?: string },
): Promise<{ ids: number[]; totals: Set<number | undefined> }> {
  const ids: number[] = [];
  const totals = new Set<number | undefined>();
  let cursor: string | null = null;
  do {
    const page = await store.decisions.search(filters, { limit: 4, cursor });
    ids.push(...page.items.map((item) => item.id));
    totals.add(page.total);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return { ids, totals };
}

function trigramIds(sqlite: Sqlite, text: string): number[] {
  const phrase = buildTrigramPhrase(text);
  if (phrase === null) throw new Error('phrase too short');
  const rows = sqlite.prepare('SELECT rowid AS id FROM decisions_trigram WHERE decisions_trigram MATCH ? ORDER BY rowid').all(phrase);
  return (rows as { id: number }[]).map((row) => row.id);
}

/** Throws when the external-content trigram index disagrees with the decisions table. */
function checkIndexIntegrity(sqlite: Sqlite): void {
  sqlite.prepare(`INSERT INTO decisions_trigram(decisions_trigram, rank) VALUES ('integrity-check', 1)`).run();
}

/** The code points of a GLOB class body (`a-z` ranges expanded). */
function classCharacters(body: string): string[] {
  const chars = [...body];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += 1) {
    const from = chars[i] as string;
    if (chars[i + 1] === '-' && i + 2 < chars.length) {
      const to = chars[i + 2] as string;
      for (let cp = from.codePointAt(0) as number; cp <= (to.codePointAt(0) as number); cp += 1) out.push(String.fromCodePoint(cp));
      i += 2;
    } else {
      out.push(from);
    }
  }
  return out;
}

describe('decision search through the trigram index', () => {
  let clock: FakeClock;
  let store: TestMemoryStore;

  beforeEach(() => {
    clock = new FakeClock('2026-01-15T09:00:00.000Z');
    store = createTestMemoryStore({ clock });
  });
  afterEach(async () => await store.cleanup());

  async function seedCorpus(): Promise<void> {
    const statuses: DecisionStatus[] = ['pending_execution', 'executed', 'deferred', 'reversed'];
    for (const [i, input] of DECISION_SEARCH_CORPUS.entries()) {
      // Every third decision shares its creation time with the previous one, so the id tiebreak is exercised.
      if (i % 3 !== 2) clock.advance(1000);
      await store.decisions.create({ ...input, status: statuses[i % statuses.length] as DecisionStatus });
    }
  }

  it('returns exactly what a full folded scan returns, in the same order, pages and totals', async () => {
    await seedCorpus();
    for (const query of DECISION_SEARCH_QUERIES) {
      const expected = fullScanIds(store.database.sqlite, query);
      const { ids, totals } = await searchAllPages(store, { query });
      expect({ query, ids }).toEqual({ query, ids: expected });
      expect({ query, totals: [...totals] }).toEqual({ query, totals: [expected.length] });
    }
    // Sanity: the corpus really exercises Unicode folding, not just ASCII.
    expect(fullScanIds(store.database.sqlite, 'STRASSE')).toHaveLength(2);
    expect(fullScanIds(store.database.sqlite, 'café')).toHaveLength(1);
    expect((await store.decisions.search({ query: 'cafe\u0301' }, {})).items.map((d) => d.title)).toEqual(['Café opening']);
    expect((await store.decisions.search({ query: 'FILE' }, {})).items.map((d) => d.title)).toEqual(['ﬁle the taxes']);
  });

  it('combines the query with the status and owner filters exactly as before', async () => {
    await seedCorpus();
    const cases: { query: string; status?: DecisionStatus; owner?: string }[] = [
      { query: 'adopt', status: 'pending_execution' },
      { query: 'adopt', status: 'executed' },
      { query: 'strasse', owner: 'JÜRGEN GROSS' },
      { query: 'term', owner: 'dana' },
      { query: 'levi', owner: ' NOA LEVI ' },
      { query: 'של', owner: 'דנה כהן' },
      { query: 'in', status: 'deferred' },
    ];
    for (const filters of cases) {
      const expected = fullScanIds(store.database.sqlite, filters.query, filters);
      const { ids, totals } = await searchAllPages(store, filters);
      expect({ filters, ids, totals: [...totals] }).toEqual({ filters, ids: expected, totals: [expected.length] });
    }
  });

  it('keeps the index in sync when decisions are created, updated and deleted', async () => {
    const sqlite = store.database.sqlite;
    const a = await store.decisions.create({ title: 'Adopt Postgres', tags: ['db'] });
    const b = await store.decisions.create({ title: 'Move office', owner: 'Noa' });
    expect(trigramIds(sqlite, 'postgres')).toEqual([a.id]);

    await store.decisions.update(a.id, { title: 'Adopt MySQL', tags: ['sql-engine'] });
    expect(trigramIds(sqlite, 'postgres')).toEqual([]);
    expect(trigramIds(sqlite, 'mysql')).toEqual([a.id]);
    expect(trigramIds(sqlite, 'SQL-ENGINE')).toEqual([a.id]);
    expect((await store.decisions.search({ query: 'postgres' }, {})).total).toBe(0);
    expect((await store.decisions.search({ query: 'MySQL' }, {})).items.map((d) => d.id)).toEqual([a.id]);

    // A change to a column outside the index, and notes appended to the description.
    await store.decisions.update(b.id, { status: 'executed' });
    await store.decisions.update(b.id, { notes: 'Signed the lease' });
    expect((await store.decisions.search({ query: 'lease' }, {})).items.map((d) => d.id)).toEqual([b.id]);
    checkIndexIntegrity(sqlite);

    expect(await store.decisions.delete(a.id)).toBe(true);
    expect(trigramIds(sqlite, 'mysql')).toEqual([]);
    expect((await store.decisions.search({ query: 'adopt' }, {})).total).toBe(0);
    checkIndexIntegrity(sqlite);
  });

  it('agrees with cos_fold on every plain character, and sends every other row to the folded check', async () => {
    const sqlite = store.database.sqlite;
    const plain = ['\t', '\n', '\r', ...classCharacters(PLAIN_CHARACTER_CLASS)];
    const fold = sqlite.prepare(`SELECT 1 FROM decisions WHERE id = ? AND ${DECISIONS_FOLD_SCAN_PREDICATE}`);
    await bulkLoad(store, async () => {
      for (const ch of plain) {
        // The folding of a plain character is one character, the one the trigram tokenizer folds it to.
        expect({ ch, folded: [...foldCase(ch)].length }).toEqual({ ch, folded: 1 });
        const { id } = await store.decisions.create({ title: `x${ch}${ch}${ch}x` });
        expect({ ch, hits: trigramIds(sqlite, foldCase(ch).repeat(3)).includes(id) }).toEqual({ ch, hits: true });
        expect({ ch, listed: fold.get(id) !== undefined }).toEqual({ ch, listed: false });
      }
    });
    for (const ch of ['ß', 'ﬁ', '\u0301', 'µ', 'ª', '\u00a0', '…', 'Σ', 'İ', 'Ａ', '🚀', '×', '\u05b4']) {
      const { id } = await store.decisions.create({ title: 'plain', context: `x${ch}x` });
      expect({ ch, listed: fold.get(id) !== undefined }).toEqual({ ch, listed: true });
    }
  });

  it('answers a long query from the trigram table and the partial index, not a scan of every row', () => {
    const condition = decisionCandidatesCondition(foldCase('Adopt'));
    expect(condition).not.toBeNull();
    expect(decisionCandidatesCondition(foldCase('ß'))).toBeNull();
    const query = store.database.db.select().from(decisions).where(condition ?? undefined).toSQL();
    const plan = store.database.sqlite
      .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .all(...query.params)
      .map((row) => (row as { detail: string }).detail)
      .join('\n');
    expect(plan).toMatch(/decisions_trigram VIRTUAL TABLE/);
    expect(plan).toMatch(/USING INDEX decisions_fold_scan_idx/);
    expect(plan.split('\n')).not.toContain('SCAN decisions');
    const migration = readFileSync(join(defaultMigrationsFolder(), '0003_decisions_trigram.sql'), 'utf8');
    expect(migration).toContain(`WHERE ${DECISIONS_FOLD_SCAN_PREDICATE};`);
  });
});

describe('decisions_trigram migration', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('upgrades a database created before it and indexes the existing decisions', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cos-decisions-trigram-'));
    dirs.push(root);
    // The migrations as they were before this one.
    const oldMigrations = join(root, 'drizzle');
    cpSync(defaultMigrationsFolder(), oldMigrations, { recursive: true });
    unlinkSync(join(oldMigrations, '0003_decisions_trigram.sql'));
    const journalFile = join(oldMigrations, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const index = journal.entries.findIndex((entry) => entry.tag === '0003_decisions_trigram');
    expect(index).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, index);
    writeFileSync(journalFile, JSON.stringify(journal));

    const file = join(root, 'cos.db');
    const clock = new FakeClock('2026-01-15T09:00:00.000Z');
    const before = openMemoryStore({ database: openDatabase({ file, migrationsFolder: oldMigrations }), clock });
    expect(before.database.sqlite.prepare(`SELECT name FROM sqlite_master WHERE name = 'decisions_trigram'`).get()).toBeUndefined();
    const old = await before.decisions.create({ title: 'Adopt Postgres', owner: 'Noa', tags: ['infra'] });
    clock.advance(1000);
    const other = await before.decisions.create({ title: 'Rename Straße office', description: 'שלום' });
    await before.close();

    const after = openMemoryStore({ file, clock });
    try {
      // This migration and any written after it.
      expect(after.database.migrations.applied).toBe(after.database.migrations.known - index);
      checkIndexIntegrity(after.database.sqlite);
      expect(trigramIds(after.database.sqlite, 'POSTGRES')).toEqual([old.id]);
      expect((await after.decisions.search({ query: 'INFRA' }, {})).items.map((d) => d.id)).toEqual([old.id]);
      expect((await after.decisions.search({ query: 'strasse' }, {})).items.map((d) => d.id)).toEqual([other.id]);
      expect((await after.decisions.search({ query: 'שלום' }, {})).items.map((d) => d.id)).toEqual([other.id]);
      // New writes after the upgrade are indexed by the triggers.
      const fresh = await after.decisions.create({ title: 'Adopt Redis' });
      expect((await after.decisions.search({ query: 'adopt' }, {})).items.map((d) => d.id)).toEqual([fresh.id, old.id]);
    } finally {
      await after.close();
    }
  });
});
