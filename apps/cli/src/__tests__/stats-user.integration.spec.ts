/**
 * `cos stats --user <email>` through the built CLI: one user's usage counts on the configured storage — on the
 * embedded store (where everything stored is the owner's) and on PostgreSQL in team mode, where the user's own rows are
 * counted — as text or JSON, and never a word of what they stored.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { TestPostgres } from '@chief-of-staff/postgres/testing';
import { createCliSandbox } from './run-cli.js';

// Loaded lazily, as the sdk loads the PostgreSQL library (module boundaries refuse a static import).
const { describeWithPostgres } = await import('@chief-of-staff/postgres/testing');

const sandbox = createCliSandbox('stats-user');
let server: TestPostgres;

beforeAll(async () => {
  server = await (await import('@chief-of-staff/postgres/testing')).startTestPostgres();
});

afterAll(async () => {
  sandbox.remove();
  await server?.stop();
});

interface Usage {
  principal: string;
  email: string;
  facts: number;
  decisions: number;
  tool_calls: number;
  tool_errors: number;
}

describeWithPostgres('cos stats --user', () => {
  it('shows one user\'s counts on the embedded store, and names an unknown email', async () => {
    expect((await sandbox.run(['users', 'add', 'noa@example.com'])).code).toBe(0);
    expect((await sandbox.run(['memory', 'add', 'work', 'launch', 'the secret launch date is May 3'])).code).toBe(0);

    const human = await sandbox.run(['stats', '--user', 'Noa@Example.com']);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^Usage of noa@example\.com \(user:1, active\); tool calls over the last 7 day\(s\)/);
    expect(human.stdout).toMatch(/^facts\s+0$/m);
    expect(human.stdout).toMatch(/^last activity\s+never$/m);

    const json = await sandbox.run(['stats', '--user', 'noa@example.com', '--days', '30', '--json']);
    expect(json.code).toBe(0);
    expect(json.json<{ days: number; items: Usage[] }>()).toMatchObject({ days: 30, items: [{ principal: 'user:1', email: 'noa@example.com', facts: 0, tool_calls: 0 }] });

    const unknown = await sandbox.run(['stats', '--user', 'ghost@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('NOT_FOUND: No user has the email ghost@example.com');
  }, 60_000);

  it('counts the user\'s own rows on PostgreSQL in team mode, without their content', async () => {
    const url = await server.createDatabase('stats_user');
    const env = { COS_DATABASE_URL: url };
    expect((await sandbox.run(['users', 'add', 'eli@example.com'], env)).code).toBe(0);
    expect((await sandbox.run(['memory', 'add', 'work', 'owner_note', 'the owner secret'], env)).code).toBe(0);
    // Eli's rows, as the server writes them for a signed-in user (the CLI itself always acts as the owner).
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query("INSERT INTO facts (category, key, value, principal_id) VALUES ('work', 'k1', 'eli secret one', 'user:1'), ('work', 'k2', 'eli secret two', 'user:1')");
      await client.query("INSERT INTO decisions (title, description, principal_id) VALUES ('eli secret decision', '', 'user:1')");
      await client.query("INSERT INTO tool_usage_log (tool_name, caller_kind, success, principal_id) VALUES ('store_fact', 'host', true, 'user:1'), ('delete_fact', 'host', false, 'user:1')");
    } finally {
      await client.end();
    }
    const json = await sandbox.run(['stats', '--user', 'eli@example.com', '--json'], env);
    expect(json.code).toBe(0);
    const { items } = json.json<{ items: Usage[] }>();
    expect(items).toEqual([expect.objectContaining({ principal: 'user:1', email: 'eli@example.com', facts: 2, decisions: 1, tool_calls: 2, tool_errors: 1 })]);
    expect(json.stdout).not.toMatch(/secret/);
  }, 60_000);
});
