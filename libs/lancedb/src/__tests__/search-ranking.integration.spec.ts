/**
 * What search shows a user, through the real ingest path and the real embedder: one entry per document however many
 * of its chunks match, Hebrew documents found by Hebrew queries whose words carry other prefixes, and no "nearest"
 * documents for a name that appears nowhere.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDatabase, SqliteDocumentCatalog, type CosDatabase } from '@chief-of-staff/sqlite';
import { queryTermGroups } from '@chief-of-staff/core';
import {
  type ChunkFilter,
  type ChunkTextQuery,
  DEFAULT_RANKING_PARAMETERS,
  DocumentService,
  QueryEmbeddingCache,
  searchDocuments,
  type TitleCoverage,
  WorkerPoolEmbedder,
} from '@chief-of-staff/documents';
import { lanceChunkStore } from '../chunks/lance-chunk-store.js';
import { TITLE_WEIGHT } from '../chunks/document-chunk-table.js';

const base = mkdtempSync(join(tmpdir(), 'cos-docs-ranking-'));
const root = join(base, 'documents');
const model = new WorkerPoolEmbedder();
let embedCalls = 0;
/** The real model, counting calls: a Hebrew query must not wait for an English model it cannot use. */
const embedder = {
  id: model.id,
  dims: model.dims,
  embed: (texts: readonly string[]) => {
    embedCalls += 1;
    return model.embed(texts);
  },
};
let database: CosDatabase;
let service: DocumentService;

const longBudget = Array.from({ length: 12 }, (_, section) =>
  `## Budget line ${section + 1}\n\nThe budget for line ${section + 1} covers travel, software and hiring for the quarter; the budget owner signs off every change.`,
).join('\n\n');

beforeAll(async () => {
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'budget-book.md'), `# Budget book\n\n${longBudget}`);
  writeFileSync(join(root, 'budget-summary.md'), '# Budget summary\n\nThe total budget for the year is 2.4 million euros.');
  writeFileSync(join(root, 'garden.md'), '# Garden\n\nThe tomatoes need water twice a week.');
  writeFileSync(join(root, 'vendor-meeting.md'), '# סיכום הפגישה עם הספק\n\nבפגישה סיכמנו שהחוזה מתחדש בספטמבר והמחיר עולה בחמישה אחוזים.');
  writeFileSync(join(root, 'leave-policy.md'), '# נוהל חופשות\n\nכל עובד זכאי לעשרים ימי חופשה בשנה, ואת הימים שלא נוצלו אפשר להעביר לשנה הבאה.');
  database = openDatabase({ dataDir: base });
  service = new DocumentService({ catalog: new SqliteDocumentCatalog(database), chunks: lanceChunkStore({ vectorsDir: join(base, 'vectors') }), allowedRoots: [root], embedder });
  await service.ingest(root);
}, 60_000);

afterAll(async () => {
  await service.close();
  await model.close();
  database.close();
  rmSync(base, { recursive: true, force: true });
});

describe('search results', () => {
  it('lists a document once even when many of its chunks match', async () => {
    for (const mode of ['hybrid', 'fts', 'vector'] as const) {
      const { items } = await service.search('budget owner sign off', { mode, topK: 10 });
      const names = items.map((item) => item.sourceName);
      expect({ mode, unique: new Set(names).size }).toEqual({ mode, unique: names.length });
      expect(names).toContain('budget-book.md');
    }
  });

  it('finds Hebrew documents from differently prefixed Hebrew words in the default mode, without the English model', async () => {
    const before = embedCalls;
    const vendor = await service.search('מה סיכמנו בפגישות עם ספק על חוזה');
    expect(vendor.items[0]?.sourceName).toBe('vendor-meeting.md');
    const leave = await service.search('כמה ימי החופשה מגיעים לעובדים');
    expect(leave.items[0]?.sourceName).toBe('leave-policy.md');
    expect(embedCalls).toBe(before);
  });

  it('adds title matches to body matches in keyword scores, so the title weight counts', async () => {
    const state = await service.chunks.state();
    if (state.status !== 'ok') throw new Error(`chunk table is ${state.status}`);
    const query = { terms: queryTermGroups('budget summary').flat().join(' '), rawQuery: 'budget summary' };
    const scoreOf = async (titleWeight: number) => {
      const hits = await service.chunks.textSearch({ ...query, titleWeight }, { kind: 'chunk' }, 10);
      return hits.find((hit) => hit.sourceName === 'budget-summary.md')?.score ?? 0;
    };
    const bodyOnly = await scoreOf(0);
    const withTitle = await scoreOf(1);
    // Additive: each unit of title weight adds the same title score on top of the body's (a maximum would not).
    expect(withTitle).toBeGreaterThan(bodyOnly);
    expect((await scoreOf(2)) - withTitle).toBeCloseTo(withTitle - bodyOnly, 3);
    expect(await scoreOf(TITLE_WEIGHT)).toBeCloseTo(bodyOnly + TITLE_WEIGHT * (withTitle - bodyOnly), 3);
  });

  it('adds a title score in proportion to the share of the query words the title contains, when asked to', async () => {
    const state = await service.chunks.state();
    if (state.status !== 'ok') throw new Error(`chunk table is ${state.status}`);
    // "Budget summary" holds two of the query's three words.
    const groups = queryTermGroups('budget summary tomatoes');
    const query = { terms: groups.flat().join(' '), rawQuery: 'budget summary tomatoes' };
    const scoreOf = async (titleWeight: number, titleCoverage?: TitleCoverage) => {
      const hits = await service.chunks.textSearch({ ...query, titleWeight, titleCoverage }, { kind: 'chunk' }, 10);
      return hits.find((hit) => hit.sourceName === 'budget-summary.md')?.score ?? 0;
    };
    const bodyOnly = await scoreOf(0);
    const plain = await scoreOf(1);
    expect(plain).toBeGreaterThan(bodyOnly);
    expect(await scoreOf(1, { groups, floor: 0 })).toBeCloseTo(bodyOnly + (2 / 3) * (plain - bodyOnly), 3);
    // A floor of 0.5: half the title score counts anyway, the other half by coverage.
    expect(await scoreOf(1, { groups, floor: 0.5 })).toBeCloseTo(bodyOnly + (0.5 + 0.5 * (2 / 3)) * (plain - bodyOnly), 3);
    expect(service.chunks.titleCoverage).toBe(true);
  });

  it('asks a store that scales titles by coverage for the shipped title setting, and any other store for the plain sum', async () => {
    const queriesFor = async (titleCoverage: boolean | undefined) => {
      const seen: ChunkTextQuery[] = [];
      // The real table, reporting the capability under test and recording the keyword queries it receives.
      const chunks = new Proxy(service.chunks, {
        get(target, key) {
          if (key === 'titleCoverage') return titleCoverage;
          if (key === 'textSearch') {
            return (query: ChunkTextQuery, filter: ChunkFilter, limit: number) => {
              seen.push(query);
              return target.textSearch(query, filter, limit);
            };
          }
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
      const { items } = await searchDocuments({ chunks, queries: new QueryEmbeddingCache(embedder) }, 'budget summary', { mode: 'fts' });
      expect(items[0]?.sourceName).toBe('budget-summary.md');
      return seen;
    };
    const groups = queryTermGroups('budget summary');
    expect(await queriesFor(true)).toEqual([expect.objectContaining({ titleWeight: DEFAULT_RANKING_PARAMETERS.titleWeight, titleCoverage: { groups, floor: DEFAULT_RANKING_PARAMETERS.titleFloor } })]);
    const [plain] = await queriesFor(undefined);
    expect(plain?.titleWeight).toBe(TITLE_WEIGHT);
    expect(plain?.titleCoverage).toBeUndefined();
  });

  it('returns nothing from meaning alone for a name that appears nowhere', async () => {
    const { items } = await service.search('Zorblax Quentworth', { mode: 'vector' });
    expect(items).toEqual([]);
  });
});
