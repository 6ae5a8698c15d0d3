/**
 * A server at `max_connections` (several servers and workers on one database, each with its pool): a query waits for
 * a connection to free up instead of failing at once, and when none does it fails saying so, never as an unexpected
 * error.
 */
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import pg from 'pg';
import { isToolError } from '@chief-of-staff/core';
import { describeWithPostgres, startTestPostgres, type TestPostgres } from '../testing/index.js';
import { PrincipalScopedPool } from '../principal-scoped-pool.js';

let server: TestPostgres;
let url = '';
const held: pg.Client[] = [];

beforeAll(async () => {
  server = await startTestPostgres();
  url = await server.createDatabase('connection_limit');
});

afterEach(async () => {
  await Promise.all(held.splice(0).map((client) => client.end().catch(() => undefined)));
});

afterAll(async () => {
  await server?.stop();
});

/** Opens connections until the server refuses one with too_many_connections. */
async function fillServer(): Promise<void> {
  for (let opened = 0; opened < 500; opened += 1) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      held.push(client);
    } catch (error) {
      expect((error as { code?: string }).code).toBe('53300');
      return;
    }
  }
  throw new Error('the server never refused a connection');
}

describeWithPostgres('a server with every connection in use', () => {
  it('answers once another program closes one of its connections', async () => {
    await fillServer();
    const pool = new PrincipalScopedPool({ connectionString: url, max: 2 });
    try {
      const answer = pool.query<{ one: number }>('SELECT 1 AS one');
      setTimeout(() => void held.pop()?.end(), 300);
      expect((await answer).rows[0]?.one).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('fails as unavailable, saying every connection is in use, when none frees up', async () => {
    await fillServer();
    const pool = new PrincipalScopedPool({ connectionString: url, max: 2 });
    try {
      const failure = await pool.query('SELECT 1').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isToolError(failure) && failure.code).toBe('UNAVAILABLE');
      expect((failure as Error).message).toMatch(/every connection it allows is in use/);
    } finally {
      await pool.end();
    }
  });
});
