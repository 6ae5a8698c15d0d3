/**
 * openPostgres against a real PostgreSQL 15 with pgvector (one throw-away cluster for the file): migrations on an
 * empty database, idempotence, concurrent opens under the advisory lock, the same columns as the SQLite schema, and
 * rows that round-trip (timestamps, JSON, booleans, vectors) with the HNSW, full-text and trigram indexes in use.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { cosineDistance, eq, sql } from 'drizzle-orm';
import { isCosError } from '@chief-of-staff/core';
import { openDatabase } from '@chief-of-staff/sqlite';
import { describeWithPostgres, startTestPostgres, type TestPostgres } from '../testing/index.js';
import { openPostgres, type PostgresDatabase } from '../open-postgres.js';
import { calendars, documentChunks, documents, EMBEDDING_DIMENSIONS, events, facts, messages, conversations, scheduledTasks, taskRuns } from '../schema/index.js';
import { messageSearchTerms } from '../search-terms.js';
import { defaultPostgresMigrationsFolder } from '../open-postgres.js';
import { MIGRATIONS_SCHEMA, MIGRATIONS_TABLE } from '../apply-migrations.js';

const ISO_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let server: TestPostgres;

beforeAll(async () => {
  server = await startTestPostgres();
  process.stderr.write(`test PostgreSQL started in ${server.startMs.toFixed(0)} ms\n`);
});

afterAll(async () => {
  await server?.stop();
});

async function tableNames(database: PostgresDatabase): Promise<string[]> {
  const result = await database.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
  );
  return result.rows.map((row) => row.table_name);
}

/** A unit vector pointing mostly along `axis`, so cosine order is known in advance. */
function unitVector(axis: number, tilt = 0): number[] {
  const values = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  values[axis] = 1;
  values[(axis + 1) % EMBEDDING_DIMENSIONS] = tilt;
  const norm = Math.hypot(...values);
  return values.map((value) => value / norm);
}

describeWithPostgres('openPostgres migrations', () => {
  it('creates the extensions and every table on an empty database, then finds nothing to do', async () => {
    const url = await server.createDatabase('migrate_once');
    const first = await openPostgres({ url });
    try {
      expect(first.migrations.applied).toBe(first.migrations.known);
      expect(first.migrations.known).toBeGreaterThan(0);
      expect(await first.schemaVersion()).toBe(first.migrations.known);
      const extensions = await first.pool.query<{ extname: string }>(`SELECT extname FROM pg_extension ORDER BY extname`);
      expect(extensions.rows.map((row) => row.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'vector']));
      expect(await tableNames(first)).toEqual(
        expect.arrayContaining(['facts', 'decisions', 'scheduled_tasks', 'task_runs', 'document_chunks', 'fact_vectors', 'vector_spaces']),
      );
    } finally {
      await first.close();
    }
    const second = await openPostgres({ url });
    try {
      expect(second.migrations).toEqual({ applied: 0, known: first.migrations.known });
      const history = await second.pool.query(`SELECT count(*)::int AS n FROM "${MIGRATIONS_SCHEMA}"."${MIGRATIONS_TABLE}"`);
      expect(history.rows[0]).toEqual({ n: first.migrations.known });
    } finally {
      await second.close();
    }
  });

  it('lets several processes open one empty database at once: one migrates, the others wait and find it done', async () => {
    const url = await server.createDatabase('migrate_concurrently');
    const opened = await Promise.all(Array.from({ length: 4 }, () => openPostgres({ url, poolSize: 2 })));
    try {
      const applied = opened.map((database) => database.migrations.applied).sort();
      const known = opened[0]?.migrations.known ?? 0;
      expect(applied).toEqual([0, 0, 0, known]);
      for (const database of opened) expect(await database.schemaVersion()).toBe(known);
    } finally {
      await Promise.all(opened.map((database) => database.close()));
    }
  });

  it('refuses a database migrated by a newer version, saying to upgrade', async () => {
    const url = await server.createDatabase('migrate_newer');
    const database = await openPostgres({ url });
    await database.pool.query(`INSERT INTO "${MIGRATIONS_SCHEMA}"."${MIGRATIONS_TABLE}" (hash, created_at) VALUES ('future', 9999999999999)`);
    await database.close();
    const failure = await openPostgres({ url }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isCosError(failure) && failure.code).toBe('DB_NEWER_THAN_CODE');
    expect((failure as Error).message).toMatch(/newer version of Chief of Staff.*Upgrade Chief of Staff/);
  });

  it('rolls a failing migration back completely and releases the lock for the next process', async () => {
    const url = await server.createDatabase('migrate_failing');
    const folder = mkdtempSync(join(tmpdir(), 'cos-pg-migrations-'));
    try {
      cpSync(defaultPostgresMigrationsFolder(), folder, { recursive: true });
      const journalFile = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[] };
      const last = journal.entries[journal.entries.length - 1];
      journal.entries.push({ idx: journal.entries.length, version: last?.version ?? '7', when: (last?.when ?? 0) + 1, tag: '9999_broken', breakpoints: true });
      writeFileSync(journalFile, JSON.stringify(journal));
      writeFileSync(join(folder, '9999_broken.sql'), 'CREATE TABLE half_done (id int);--> statement-breakpoint\nSELECT no_such_function();');

      await expect(openPostgres({ url, migrationsFolder: folder })).rejects.toMatchObject({ code: 'DB_OPEN_FAILED', message: expect.stringContaining('no_such_function') });
      const database = await openPostgres({ url, poolSize: 1 });
      try {
        // Everything the failed run did was undone (the shipped migrations included), so this open applied them all.
        expect(database.migrations.applied).toBe(database.migrations.known);
        expect(await tableNames(database)).not.toContain('half_done');
        const locks = await database.pool.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'`);
        expect(locks.rows[0]).toEqual({ n: 0 });
      } finally {
        await database.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('has the columns of every SQLite table it mirrors, under the same names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cos-pg-parity-'));
    const sqlite = openDatabase({ dataDir: dir });
    const url = await server.createDatabase('parity');
    const database = await openPostgres({ url });
    try {
      const pgTables = await tableNames(database);
      const sqliteTables = (
        sqlite.sqlite
          .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%' AND name NOT LIKE '%_trigram%' AND name NOT LIKE '__drizzle%'`)
          .all() as { name: string }[]
      )
        .map((row) => row.name);
      expect(sqliteTables.length).toBeGreaterThan(25);
      for (const table of sqliteTables) {
        expect(pgTables).toContain(table);
        const sqliteColumns = (sqlite.sqlite.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((row) => row.name);
        const pgColumns = (
          await database.pool.query<{ column_name: string }>(
            `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
            [table],
          )
        ).rows.map((row) => row.column_name);
        expect({ table, missing: sqliteColumns.filter((column) => !pgColumns.includes(column)) }).toEqual({ table, missing: [] });
      }
    } finally {
      await database.close();
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads its migrations from the package folder by default', () => {
    expect(defaultPostgresMigrationsFolder()).toMatch(/libs\/postgres\/drizzle$/);
  });
});

describeWithPostgres('rows on PostgreSQL', () => {
  let database: PostgresDatabase;

  beforeAll(async () => {
    database = await openPostgres({ url: await server.createDatabase('round_trip') });
  });

  afterAll(async () => {
    await database?.close();
  });

  it('round-trips a fact as the SQLite side returns it: ISO timestamps, JSON, booleans, numbers', async () => {
    const written = {
      category: 'work' as const,
      key: 'project.atlas.owner',
      value: 'Dana runs the Atlas project',
      confidence: 0.85,
      pinned: true,
      sourceRef: { provider: 'email' as const, message_id: 'msg-42' },
      searchTerms: 'project atlas owner dana runs the atlas project work',
      updatedAt: '2026-02-22T10:30:00.120Z',
    };
    const [inserted] = await database.db.insert(facts).values(written).returning();
    expect(inserted).toMatchObject(written);
    expect(inserted?.createdAt).toMatch(ISO_MILLIS);
    expect(inserted?.embeddingStatus).toBe('pending');
    const [read] = await database.db.select().from(facts).where(eq(facts.id, inserted?.id ?? -1));
    expect(read).toEqual(inserted);

    // Full text over the analysed terms (simple configuration: no stemming of its own) and substring search.
    const words = await database.db.select({ id: facts.id }).from(facts).where(sql`${facts.searchVector} @@ plainto_tsquery('simple', 'atlas dana')`);
    expect(words.map((row) => row.id)).toEqual([inserted?.id]);
    const substring = await database.db.select({ id: facts.id }).from(facts).where(sql`${facts.value} ILIKE '%TLAS PRO%'`);
    expect(substring.map((row) => row.id)).toEqual([inserted?.id]);
  });

  it('reads timestamps as UTC ISO strings even where the database defaults to another time zone', async () => {
    const url = await server.createDatabase('other_zone');
    const setup = await openPostgres({ url });
    await setup.pool.query(`ALTER DATABASE other_zone SET timezone = 'Asia/Jerusalem'`);
    await setup.close();
    const zoned = await openPostgres({ url });
    try {
      const zone = await zoned.pool.query<{ TimeZone: string }>('SHOW timezone');
      expect(zone.rows[0]?.TimeZone).toBe('UTC');
      const [row] = await zoned.db.insert(facts).values({ category: 'personal', key: 'tz', value: 'v', updatedAt: '2026-07-01T21:59:59.999Z' }).returning();
      expect(row?.updatedAt).toBe('2026-07-01T21:59:59.999Z');
      const [day] = (await zoned.pool.query<{ day: string }>(`SELECT (updated_at::date)::text AS day FROM facts WHERE id = $1`, [row?.id])).rows;
      expect(day?.day).toBe('2026-07-01');
    } finally {
      await zoned.close();
    }
  });

  it('round-trips the providers\' rows: all-day dates, a series master\'s empty recurrence id, attendees, message search', async () => {
    const [calendar] = await database.db.insert(calendars).values({ name: 'Work' }).returning();
    const event = {
      calendarId: calendar?.id ?? -1,
      uid: 'offsite@example.com',
      title: 'Team offsite',
      startAt: '2026-05-04T00:00:00.000Z',
      endAt: '2026-05-06T00:00:00.000Z',
      allDay: true,
      startDate: '2026-05-04',
      endDate: '2026-05-06',
      attendees: [{ email: 'dana@example.com', name: 'Dana', response: 'accepted' as const, is_self: false }],
    };
    const [inserted] = await database.db.insert(events).values(event).returning();
    expect(inserted).toMatchObject({ ...event, recurrenceId: '', exdates: [], showAs: 'busy', status: 'confirmed' });
    expect(await database.db.select().from(events).where(eq(events.id, inserted?.id ?? -1))).toEqual([inserted]);

    const [conversation] = await database.db.insert(conversations).values({ provider: 'local', externalId: 'c1', channel: 'sms' }).returning();
    const message = { text: 'Running late, start without me', senderHandle: '+15550100', senderName: 'Omer' };
    await database.db.insert(messages).values({
      ...message,
      provider: 'local',
      externalId: 'm1',
      conversationId: conversation?.id ?? -1,
      channel: 'sms',
      sentAt: '2026-05-04T08:59:00.000Z',
      searchTerms: messageSearchTerms(message),
    });
    const found = await database.db.select({ text: messages.text }).from(messages).where(sql`${messages.searchVector} @@ plainto_tsquery('simple', 'late omer')`);
    expect(found).toEqual([{ text: message.text }]);
  });

  it('keeps explicit ids (a copied data directory) and cascades task runs with their task', async () => {
    const [task] = await database.db
      .insert(scheduledTasks)
      .values({ id: 500, name: 'morning brief', scheduleType: 'cron', scheduleConfig: { expression: '0 8 * * *' }, handlerType: 'morning_brief', nextRunAt: '2026-03-01T08:00:00.000Z' })
      .returning();
    expect(task).toMatchObject({ id: 500, enabled: true, handlerConfig: {}, nextRunAt: '2026-03-01T08:00:00.000Z' });
    await database.db.insert(taskRuns).values({ taskId: 500, trigger: 'scheduled', startedAt: '2026-03-01T08:00:00.005Z', result: { ok: true } });
    const due = await database.db.select({ id: scheduledTasks.id }).from(scheduledTasks).where(sql`${scheduledTasks.nextRunAt} <= ${'2026-03-01T08:00:00.000Z'}`);
    expect(due).toEqual([{ id: 500 }]);
    await database.db.delete(scheduledTasks).where(eq(scheduledTasks.id, 500));
    expect(await database.db.select().from(taskRuns)).toEqual([]);
  });

  it('finds the nearest chunks by cosine distance through the HNSW index', async () => {
    const [document] = await database.db
      .insert(documents)
      .values({ path: '/notes/atlas.md', sourceName: 'atlas.md', docType: 'markdown', sizeBytes: 120, contentHash: 'h1', modifiedAt: '2026-02-01T09:00:00.000Z', ingestedAt: '2026-02-02T09:00:00.000Z' })
      .returning();
    const documentId = document?.id ?? -1;
    const chunk = (index: number, axis: number, tilt: number, terms: string) => ({
      id: `${documentId}:${index}`,
      documentId,
      chunkIndex: index,
      kind: 'chunk',
      path: '/notes/atlas.md',
      sourceName: 'atlas.md',
      docType: 'markdown' as const,
      title: 'Atlas',
      text: `chunk ${index}`,
      terms,
      titleTerms: 'atlas',
      contentHash: 'h1',
      textHash: `t${index}`,
      sizeBytes: 120,
      modifiedAtMs: 1_769_936_400_000,
      ingestedAtMs: 1_770_022_800_000,
      vector: unitVector(axis, tilt),
    });
    await database.db.insert(documentChunks).values([chunk(0, 3, 0.1, 'budget review'), chunk(1, 3, 0.9, 'meet schedul'), chunk(2, 40, 0, 'holiday plan')]);

    const query = unitVector(3);
    const distance = cosineDistance(documentChunks.vector, query);
    const nearest = database.db.select({ id: documentChunks.id, distance }).from(documentChunks).orderBy(distance).limit(2);
    // On three rows the planner would rather scan; with scans priced out, the plan shows the index can serve the query.
    const client = await database.pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const plan = await client.query(`EXPLAIN SELECT id FROM document_chunks ORDER BY vector <=> $1::vector LIMIT 2`, [JSON.stringify(query)]);
      expect(JSON.stringify(plan.rows)).toContain('document_chunks_vector_idx');
    } finally {
      await client.query('RESET enable_seqscan');
      client.release();
    }

    const rows = await nearest;
    expect(rows.map((row) => row.id)).toEqual([`${documentId}:0`, `${documentId}:1`]);
    expect(rows[0]?.distance).toBeCloseTo(1 - 1 / Math.hypot(1, 0.1), 6);

    const [read] = await database.db.select().from(documentChunks).where(eq(documentChunks.id, `${documentId}:2`));
    expect(read?.vector).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(read?.vector[40]).toBeCloseTo(1, 6);
    expect(read?.modifiedAtMs).toBe(1_769_936_400_000);

    const keyword = await database.db.select({ id: documentChunks.id }).from(documentChunks).where(sql`${documentChunks.termsVector} @@ to_tsquery('simple', 'schedul')`);
    expect(keyword).toEqual([{ id: `${documentId}:1` }]);

    // Deleting the document removes its chunks, as replacing a document's chunks in LanceDB does.
    await database.db.delete(documents).where(eq(documents.id, documentId));
    expect(await database.db.select({ id: documentChunks.id }).from(documentChunks)).toEqual([]);
  });
});
