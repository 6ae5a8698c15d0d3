/**
 * Searches in team mode (ADR 0079): the candidate queries run on sessions not bound by row-level security and name
 * the caller's principal themselves, so their full-text, trigram and HNSW indexes stay usable; the records are read
 * by id on bound sessions. Two people with the same content each find only their own, the plans use the indexes (the
 * same query on a bound session cannot), a person with 5% of the vectors still gets the k asked for, and a
 * single-person database keeps its queries.
 */
import { expect, it } from '@jest/globals';
import type pg from 'pg';
import { createSystemClock, runInPrincipalScope, runInSystemScope } from '@chief-of-staff/core';
import type { ChunkRecord, Embedder } from '@chief-of-staff/documents';
import { searchFacts, type FactsRepository } from '@chief-of-staff/stores';
import { testDatabases } from '../__tests__/test-databases.js';
import { PostgresChunkStore } from '../documents/chunk-store.js';
import { PostgresFactVectorIndex } from '../documents/fact-vector-index.js';
import { createPostgresDecisionsRepository } from '../lifecycle/decisions-repository.js';
import { createPostgresFactsRepository } from '../memory/facts-repository.js';
import { createPostgresMailRepository } from '../personal-data/mail-repository.js';
import { createPostgresMessagesRepository } from '../personal-data/messages-repository.js';
import { openPostgres, type PostgresDatabase } from '../open-postgres.js';
import { EMBEDDING_DIMENSIONS } from '../schema/documents.js';
import { describeWithPostgres } from '../testing/index.js';

const databases = testDatabases('team_search');
const clock = createSystemClock('UTC');
const PEOPLE = ['user:1', 'user:2'] as const;

/**
 * A migrated database with one user (team mode); `indexScans` makes sequential scans a last resort in every session,
 * so a test table of a few thousand rows is searched the way a large one is.
 */
async function teamDatabase(options: { indexScans?: boolean } = {}): Promise<string> {
  const url = await databases.freshUrl();
  const first = await openPostgres({ url, poolSize: 1 });
  await first.pool.query("INSERT INTO users (email) VALUES ('noa@example.com')");
  if (options.indexScans === true) await first.pool.query(`ALTER DATABASE ${new URL(url).pathname.slice(1)} SET enable_seqscan = off`);
  await first.close();
  return url;
}

async function withDatabase(url: string, work: (database: PostgresDatabase) => Promise<void>): Promise<void> {
  const database = await openPostgres({ url, poolSize: 3 });
  try {
    await work(database);
  } finally {
    await database.close();
  }
}

interface Recorded {
  text: string;
  values: unknown[];
}

/** Every statement drizzle sends through `pool` from now on (drizzle queries the pool with a config object). */
function recordQueries(pool: pg.Pool): Recorded[] {
  const recorded: Recorded[] = [];
  const original = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
  Object.assign(pool, {
    query: (config: unknown, values?: unknown) => {
      if (typeof config === 'string') recorded.push({ text: config, values: Array.isArray(values) ? values : [] });
      else if (typeof config === 'object' && config !== null && 'text' in config) {
        recorded.push({ text: String(config.text), values: Array.isArray(values) ? values : [] });
      }
      return original(config, values);
    },
  });
  return recorded;
}

/** The plan of `query` on a session of `pool` in `principal`'s scope, with sequential scans made a last resort. */
async function planOn(pool: pg.Pool, principal: string, query: Recorded): Promise<string> {
  return runInPrincipalScope(principal, async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query.text}`, query.values);
      return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
}

/** The same facts for each person (so a search that crossed would find the other's), and some of their own. */
async function storeFacts(facts: FactsRepository): Promise<Map<string, Set<number>>> {
  const owned = new Map<string, Set<number>>();
  for (const person of PEOPLE) {
    const ids = new Set<number>();
    await runInPrincipalScope(person, async () => {
      const shared = [
        { category: 'work', key: 'project', value: 'Apollo budget review with Dana' },
        { category: 'personal', key: 'dentist', value: 'Dr. Levi on Herzl street' },
        { category: 'work', key: 'meeting', value: 'פגישה על התקציב של אפולו' },
      ] as const;
      for (const fact of shared) ids.add((await facts.upsert({ ...fact, source: 'user' })).fact.id);
    });
    owned.set(person, ids);
  }
  return owned;
}

/** Ten people's worth of other facts, so the planner weighs the indexes as on a real team's table. */
async function storeFiller(database: PostgresDatabase): Promise<void> {
  await runInSystemScope(() =>
    database.pool.query(
      `INSERT INTO facts (principal_id, category, key, value, source, created_at, updated_at, search_terms)
       SELECT 'user:' || (n % 10 + 1), 'backlog', 'note ' || n, 'filler text number ' || n, 'user', now(), now(), 'note ' || n || ' filler text number ' || n
       FROM generate_series(1, 20000) AS n`,
    ),
  );
  // As the tables' owner (autovacuum's job on a real server): the bound role may not.
  await database.candidates.pool.query('ANALYZE facts');
}

const SEARCHES = [
  { name: 'full text', run: (facts: FactsRepository) => facts.fullTextCandidates('apollo budget', { limit: 20 }), index: 'facts_search_vector_idx' },
  { name: 'substring', run: (facts: FactsRepository) => facts.substringCandidates('levi on', { limit: 20 }), index: 'trgm_idx' },
  { name: 'Hebrew word', run: (facts: FactsRepository) => facts.hebrewWordCandidates('תקציב', { limit: 20 }), index: 'trgm_idx' },
] as const;

describeWithPostgres('searches in team mode', () => {
  it('finds each person\'s facts only, through their own candidate queries, and searchFacts returns their records', async () => {
    await withDatabase(await teamDatabase(), async (database) => {
      expect(database.rowSecurity).toBe('scoped-role');
      const facts = createPostgresFactsRepository(database, clock);
      const owned = await storeFacts(facts);
      await storeFiller(database);
      for (const person of PEOPLE) {
        const mine = owned.get(person) ?? new Set<number>();
        for (const search of SEARCHES) {
          const ids = (await runInPrincipalScope(person, () => search.run(facts))) ?? [];
          expect({ search: search.name, found: ids.length > 0 }).toEqual({ search: search.name, found: true });
          expect({ search: search.name, foreign: ids.filter((id) => !mine.has(id)) }).toEqual({ search: search.name, foreign: [] });
        }
        const page = await runInPrincipalScope(person, () => searchFacts({ facts, clock }, { query: 'Apollo' }, { limit: 10 }));
        expect(page.items.length).toBeGreaterThan(0);
        expect(page.items.filter((item) => !mine.has(item.fact.id))).toEqual([]);
      }
    });
  });

  it('plans the candidate queries with their indexes, which the same query on a bound session cannot use', async () => {
    await withDatabase(await teamDatabase(), async (database) => {
      const facts = createPostgresFactsRepository(database, clock);
      await storeFacts(facts);
      await storeFiller(database);
      expect(database.candidates.pool).not.toBe(database.pool);
      const recorded = recordQueries(database.candidates.pool);
      for (const search of SEARCHES) {
        recorded.length = 0;
        await runInPrincipalScope('user:1', () => search.run(facts));
        const query = recorded.find((statement) => /@@|ILIKE/.test(statement.text));
        expect(query?.text).toContain('"principal_id" = $');
        const candidatePlan = await planOn(database.candidates.pool, 'user:1', query as Recorded);
        expect({ search: search.name, plan: candidatePlan }).toEqual({ search: search.name, plan: expect.stringContaining(search.index) });
        // Where these queries ran before: row-level security keeps the operator out of the index.
        const boundPlan = await planOn(database.pool, 'user:1', query as Recorded);
        expect({ search: search.name, plan: boundPlan }).toEqual({ search: search.name, plan: expect.not.stringContaining(search.index) });
      }
    });
  });

  it('searches each person\'s decisions only, paging and counting on the candidate sessions with the trigram index', async () => {
    await withDatabase(await teamDatabase(), async (database) => {
      const decisions = createPostgresDecisionsRepository(database, clock);
      for (const person of PEOPLE) {
        await runInPrincipalScope(person, async () => {
          for (let i = 0; i < 3; i += 1) await decisions.create({ title: `Adopt the Apollo budget ${i}`, description: `${person} decided` });
        });
      }
      await runInSystemScope(() =>
        database.pool.query(
          `INSERT INTO decisions (principal_id, title, description)
           SELECT 'user:' || (i % 10 + 1), 'decision ' || i, 'about topic ' || (i % 97) FROM generate_series(1, 5000) AS i`,
        ),
      );
      await database.candidates.pool.query('ANALYZE decisions');
      const recorded = recordQueries(database.candidates.pool);
      for (const person of PEOPLE) {
        const page = await runInPrincipalScope(person, () => decisions.search({ query: 'apollo BUDGET' }, { limit: 2 }));
        expect(page.total).toBe(3);
        expect(page.items.map((decision) => decision.description)).toEqual([`${person} decided`, `${person} decided`]);
        const next = await runInPrincipalScope(person, () => decisions.search({ query: 'apollo BUDGET' }, { limit: 2, cursor: page.next_cursor }));
        expect(next.items.map((decision) => decision.title)).toEqual(['Adopt the Apollo budget 0']);
      }
      const query = recorded.find((statement) => statement.text.includes('ILIKE'));
      expect(query?.text).toContain('"principal_id" = $');
      expect(await planOn(database.candidates.pool, 'user:1', query as Recorded)).toContain('decisions_trgm_idx');
      expect(await planOn(database.pool, 'user:1', query as Recorded)).not.toContain('decisions_trgm_idx');
    });
  });

  it('searches each person\'s document chunks only, by words and by vector, the words through the GIN index', async () => {
    await withDatabase(await teamDatabase(), async (database) => {
      const embedder = hashEmbedder();
      const chunks = new PostgresChunkStore(database, { embedder });
      const texts = ['Apollo budget review with Dana', 'Dentist appointment on Herzl street', 'Quarterly planning notes'];
      for (const [n, person] of PEOPLE.entries()) {
        await runInPrincipalScope(person, async () => {
          await database.pool.query(
            `INSERT INTO documents (id, path, source_name, doc_type, size_bytes, content_hash, modified_at, ingested_at)
             OVERRIDING SYSTEM VALUE SELECT d, '/notes/' || d || '.txt', 'doc', 'text', 1, 'h', now(), now() FROM generate_series($1::int, $2::int) AS d`,
            [n * 100 + 1, n * 100 + texts.length],
          );
          const vectors = await embedder.embed(texts);
          const rows = texts.map((text, i): ChunkRecord => ({
            documentId: n * 100 + i + 1,
            chunkIndex: 0,
            kind: 'chunk',
            path: `/notes/${n * 100 + i + 1}.txt`,
            sourceName: 'doc',
            docType: 'text',
            title: '',
            text,
            contentHash: 'h',
            sizeBytes: text.length,
            modifiedAtMs: 0,
            ingestedAtMs: 0,
            vector: vectors[i] as Float32Array,
          }));
          await chunks.insertNewDocuments(rows);
        });
      }
      await runInSystemScope(async () => {
        await database.pool.query(
          `INSERT INTO documents (id, path, source_name, doc_type, size_bytes, content_hash, modified_at, ingested_at, principal_id)
           OVERRIDING SYSTEM VALUE SELECT d, '/other/' || d || '.txt', 'doc', 'text', 1, 'h', now(), now(), 'user:' || (d % 10 + 3) FROM generate_series(1000, 4000) AS d`,
        );
        await database.pool.query(
          `INSERT INTO document_chunks (id, document_id, chunk_index, kind, path, source_name, doc_type, title, text, terms, title_terms,
             content_hash, text_hash, size_bytes, modified_at_ms, ingested_at_ms, vector, principal_id)
           SELECT d || ':0', d, 0, 'chunk', '/other/' || d || '.txt', 'doc', 'text', '', 'other note ' || d, 'other note ' || d, '',
             'h', 'h', 1, 0, 0, (SELECT vector FROM document_chunks LIMIT 1), 'user:' || (d % 10 + 3) FROM generate_series(1000, 4000) AS d`,
        );
      });
      await database.candidates.pool.query('ANALYZE document_chunks');
      // The analysed terms of the first text, as the documents library would make them of a query.
      const { rows: analysed } = await database.candidates.pool.query<{ terms: string }>("SELECT terms FROM document_chunks WHERE text LIKE 'Apollo%' LIMIT 1");
      const terms = analysed[0]?.terms ?? '';
      const recorded = recordQueries(database.candidates.pool);
      for (const [n, person] of PEOPLE.entries()) {
        const mine = (hit: { documentId: number }) => hit.documentId > n * 100 && hit.documentId <= n * 100 + texts.length;
        const words = await runInPrincipalScope(person, () => chunks.textSearch({ terms, rawQuery: terms }, { kind: 'chunk' }, 10));
        expect(words.map((hit) => hit.text)).toEqual(['Apollo budget review with Dana']);
        expect(words.filter((hit) => !mine(hit))).toEqual([]);
        const query = (await embedder.embed(['Apollo budget review with Dana']))[0] as Float32Array;
        const near = await runInPrincipalScope(person, () => chunks.vectorSearch(query, { kind: 'chunk' }, 10));
        expect(near).toHaveLength(texts.length);
        expect(near.filter((hit) => !mine(hit))).toEqual([]);
        expect(near[0]?.text).toBe('Apollo budget review with Dana');
      }
      const search = recorded.find((statement) => statement.text.includes('WITH candidates'));
      expect(search?.text).toContain('principal_id = $');
      expect(await planOn(database.candidates.pool, 'user:1', search as Recorded)).toContain('document_chunks_terms_idx');
      expect(await planOn(database.pool, 'user:1', search as Recorded)).not.toContain('document_chunks_terms_idx');
    });
  });

  it('scores a person\'s chunks from their own rows alone: another person\'s documents do not move them', async () => {
    await withDatabase(await teamDatabase(), async (database) => {
      const embedder = hashEmbedder();
      const chunks = new PostgresChunkStore(database, { embedder });
      const store = async (person: string, first: number, texts: readonly string[]) =>
        runInPrincipalScope(person, async () => {
          await database.pool.query(
            `INSERT INTO documents (id, path, source_name, doc_type, size_bytes, content_hash, modified_at, ingested_at)
             OVERRIDING SYSTEM VALUE SELECT d, '/notes/' || d || '.txt', 'doc', 'text', 1, 'h', now(), now() FROM generate_series($1::int, $2::int) AS d`,
            [first, first + texts.length - 1],
          );
          const vectors = await embedder.embed([...texts]);
          await chunks.insertNewDocuments(
            texts.map((text, i): ChunkRecord => ({
              documentId: first + i, chunkIndex: 0, kind: 'chunk', path: `/notes/${first + i}.txt`, sourceName: 'doc', docType: 'text', title: '', text,
              contentHash: 'h', sizeBytes: text.length, modifiedAtMs: 0, ingestedAtMs: 0, vector: vectors[i] as Float32Array,
            })),
          );
        });
      await store('user:1', 1, ['Apollo budget review with Dana', 'Budget for the offsite', 'Quarterly planning notes']);
      const { rows: analysed } = await database.candidates.pool.query<{ terms: string }>("SELECT terms FROM document_chunks WHERE text LIKE 'Apollo%' LIMIT 1");
      const terms = analysed[0]?.terms ?? '';
      const scores = () => runInPrincipalScope('user:1', async () => (await chunks.textSearch({ terms, rawQuery: terms }, { kind: 'chunk' }, 10)).map((hit) => [hit.text, hit.score]));
      const before = await scores();
      expect(before.length).toBe(2);
      // The other person writes many documents full of the same words; the table's statistics change with them.
      await store('user:2', 1_000, Array.from({ length: 1_500 }, (_, i) => `budget line ${i} for Apollo and the review`));
      await database.candidates.pool.query('ANALYZE document_chunks');
      expect(await scores()).toEqual(before);
    });
  });

  it('searches each person\'s mail and messages only, finding the page on the candidate sessions through the GIN indexes', async () => {
    await withDatabase(await teamDatabase(), async (database) => {
      const mail = createPostgresMailRepository(database, clock);
      const chats = createPostgresMessagesRepository(database, clock);
      // With many other messages each, so the planner weighs the indexes as on real tables.
      const texts = ['Apollo budget review', 'Dentist on Tuesday', 'Apollo launch party', ...Array.from({ length: 1500 }, (_, i) => `other note ${i}`)];
      for (const person of PEOPLE) {
        await runInPrincipalScope(person, async () => {
          const inbox = await mail.ensureMailbox('local', 'INBOX', 'inbox');
          await mail.insertMessages(
            texts.map((text, i) => ({
              mailboxId: inbox.id,
              message: {
                messageId: `<${person}-${i}@mail.example>`,
                threadId: null,
                subject: text,
                fromName: '',
                fromAddress: `${person.replace(':', '')}@example.com`,
                to: [],
                cc: [],
                date: new Date(Date.UTC(2026, 4, 1 + (i % 28), 10)).toISOString(),
                bodyText: text,
                bodyHtml: null,
                snippet: '',
                read: false,
                flagged: false,
                isDraft: false,
                inReplyTo: null,
                references: [],
                attachments: [],
              },
            })),
          );
          await chats.importMessages(
            'local',
            texts.map((text, i) => ({
              externalId: `${person}-${i}`,
              conversationExternalId: 'chat',
              conversationTitle: null,
              participants: [],
              channel: 'sms',
              senderHandle: person,
              senderName: null,
              isFromMe: false,
              text,
              sentAt: new Date(Date.UTC(2026, 2, 1 + (i % 28), 8)).toISOString(),
            })),
          );
        });
      }
      await database.candidates.pool.query('ANALYZE mail_messages, messages');
      const recorded = recordQueries(database.candidates.pool);
      for (const person of PEOPLE) {
        const found = await runInPrincipalScope(person, () => mail.searchMessages({ phrases: ['apollo'] }, { limit: 1, offset: 1 }));
        expect(found.map((row) => [row.subject, row.fromAddress])).toEqual([['Apollo budget review', `${person.replace(':', '')}@example.com`]]);
        const page = await runInPrincipalScope(person, () => chats.search(['apollo'], {}, { limit: 1, offset: 0 }));
        expect(page.rows.map((row) => [row.text, row.senderHandle])).toEqual([['Apollo launch party', person]]);
        expect(page.hasMore).toBe(true);
      }
      for (const [table, index] of [['mail_messages', 'mail_messages_search_vector_idx'], ['messages', 'messages_search_vector_idx']] as const) {
        const query = recorded.find((statement) => statement.text.includes(`from "${table}"`) && statement.text.includes('@@'));
        expect(query?.text).toContain('"principal_id" = $');
        expect(await planOn(database.candidates.pool, 'user:1', query as Recorded)).toContain(index);
        expect(await planOn(database.pool, 'user:1', query as Recorded)).not.toContain(index);
      }
    });
  });

  it('leaves a single-person database\'s candidate queries as they were: one pool, no principal predicate', async () => {
    await withDatabase(await databases.freshUrl(), async (database) => {
      expect(database.rowSecurity).toBe('single-person');
      expect(database.candidates.pool).toBe(database.pool);
      const facts = createPostgresFactsRepository(database, clock);
      await facts.upsert({ category: 'work', key: 'project', value: 'Apollo budget', source: 'user' });
      const recorded = recordQueries(database.pool);
      for (const search of SEARCHES) await search.run(facts);
      expect(recorded.length).toBeGreaterThan(0);
      expect(recorded.filter((statement) => statement.text.includes('principal_id'))).toEqual([]);
    });
  });

  it('gives a person with 5% of the fact vectors the k nearest they asked for, none of anybody else\'s', async () => {
    await withDatabase(await teamDatabase({ indexScans: true }), async (database) => {
      const index = new PostgresFactVectorIndex(database, { embedder: hashEmbedder() });
      const owned = new Map<string, Set<number>>();
      const counts = { 'user:1': 100, 'user:2': 1900 } as const;
      for (const person of PEOPLE) {
        await runInPrincipalScope(person, async () => {
          const { rows } = await database.pool.query<{ id: string; key: string; value: string }>(
            `INSERT INTO facts (category, key, value, source, created_at, updated_at)
             SELECT 'backlog', 'fact ' || n, $1 || ' remembers thing ' || n, 'user', now(), now() FROM generate_series(1, $2::int) AS n
             RETURNING id, key, value`,
            [person, counts[person]],
          );
          const stored = rows.map((row) => ({ id: Number(row.id), category: 'backlog' as const, key: row.key, value: row.value }));
          await Promise.all(stored.map((fact) => index.upsertFact(fact)));
          owned.set(person, new Set(stored.map((fact) => fact.id)));
        });
      }
      await database.candidates.pool.query('ANALYZE fact_vectors');
      const k = 10;
      for (const person of PEOPLE) {
        const matches = await runInPrincipalScope(person, () => index.search('what do I remember', { limit: k }));
        expect(matches).toHaveLength(k);
        expect(matches.filter((match) => !owned.get(person)?.has(match.factId))).toEqual([]);
      }
      // The search went through the HNSW index (not an exact scan the size of the table would make cheaper).
      const plan = await planOn(database.candidates.pool, 'user:1', {
        text: 'SELECT fact_id FROM fact_vectors WHERE principal_id = $2 ORDER BY vector <=> $1::vector LIMIT 10',
        values: [`[${Array.from({ length: EMBEDDING_DIMENSIONS }, () => 0.1).join(',')}]`, 'user:1'],
      });
      expect(plan).toContain('fact_vectors_vector_idx');
      await index.close();
    });
  }, 120_000);
});

/** Deterministic unit vectors from each text's characters: different texts, different directions. */
function hashEmbedder(): Embedder {
  return {
    id: 'test-hash@1',
    dims: EMBEDDING_DIMENSIONS,
    embed(texts) {
      return Promise.resolve(
        texts.map((text) => {
          const vector = new Float32Array(EMBEDDING_DIMENSIONS);
          let seed = 2166136261;
          for (const char of text) seed = Math.imul(seed ^ (char.codePointAt(0) ?? 0), 16777619);
          for (let i = 0; i < EMBEDDING_DIMENSIONS; i += 1) {
            seed = Math.imul(seed ^ (seed >>> 15), 2246822507) ^ i;
            vector[i] = ((seed >>> 0) / 4294967296) - 0.5;
          }
          const norm = Math.hypot(...vector);
          return vector.map((value) => value / norm);
        }),
      );
    },
  };
}
