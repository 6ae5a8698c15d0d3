/**
 * The administrator's tools (capability admin, ADR 0080): on PostgreSQL in team mode the owner sees each user's
 * counts — and nothing any of them stored — while a signed-in user is refused; on the embedded store the owner sees
 * their own counts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createSilentLogger, type ToolPrincipal } from '@chief-of-staff/core';
import type { TestPostgres } from '@chief-of-staff/postgres/testing';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

// Loaded lazily, as the sdk loads the PostgreSQL library (module boundaries refuse a static import).
const { describeWithPostgres } = await import('@chief-of-staff/postgres/testing');

let server: TestPostgres;
const dirs: string[] = [];

async function machine(env: Record<string, string> = {}): Promise<ChiefOfStaff> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-admin-tools-'));
  dirs.push(dataDir);
  return createChiefOfStaff({ dataDir, env, logger: createSilentLogger(), semanticRecall: false });
}

function valueOf<T>(result: { ok: boolean; value?: unknown; error?: unknown }): T {
  if (!result.ok) throw new Error(`tool failed: ${JSON.stringify(result.error)}`);
  return result.value as T;
}

type Usage = { principal: string; email: string | null; facts: number; people: number; decisions: number; delegations: number; scheduled_tasks: number; tool_calls: number; tool_errors: number; last_activity_at: string | null };

/** What each person stores: every string here is content the administrator must never see. */
async function seed(cos: ChiefOfStaff, who: string, options: { caller: { kind: 'host'; principal?: ToolPrincipal } }, facts: number): Promise<void> {
  for (let n = 0; n < facts; n += 1) valueOf(await cos.callTool('store_fact', { category: 'work', key: `secret_key_${who}_${n}`, value: `secret value of ${who} ${n}` }, options));
  valueOf(await cos.callTool('create_decision', { title: `Secret decision of ${who}`, description: `secret rationale of ${who}` }, options));
  valueOf(await cos.callTool('create_delegation', { task: `Secret errand of ${who}`, delegated_to: `Secret Person of ${who}` }, options));
  valueOf(await cos.callTool('link_identity', { canonical_name: `Secret Friend of ${who}`, provider: 'email', provider_id: `friend.of.${who}@example.com` }, options));
  // One call that fails: counted as an error.
  expect((await cos.callTool('delete_fact', { category: 'work', key: `missing_${who}` }, options)).ok).toBe(false);
}

beforeAll(async () => {
  server = await (await import('@chief-of-staff/postgres/testing')).startTestPostgres();
});

afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await server?.stop();
});

describeWithPostgres('admin tools', () => {
  it('show the owner every user\'s counts on PostgreSQL in team mode, with none of anybody\'s content', async () => {
    const url = await server.createDatabase('admin_tools');
    const setup = await machine({ COS_DATABASE_URL: url });
    const noa = await setup.accounts.users.add({ email: 'noa@example.com' });
    const eli = await setup.accounts.users.add({ email: 'eli@example.com' });
    await setup.accounts.users.add({ email: 'idle@example.com' });
    await setup.close();

    const cos = await machine({ COS_DATABASE_URL: url });
    try {
      const as = (user: { id: number; email: string }) => ({ caller: { kind: 'host' as const, principal: { kind: 'user' as const, userId: user.id, email: user.email, via: 'access_token' as const } } });
      await seed(cos, 'noa', as(noa), 3);
      await seed(cos, 'eli', as(eli), 1);
      await seed(cos, 'owner', { caller: { kind: 'host' } }, 2);

      // Usage rows are written behind the calls: wait until the last seeded call is on record.
      let usage = valueOf<{ days: number; items: Usage[] }>(await cos.callTool('admin_usage', { days: 7 }));
      for (const deadline = Date.now() + 10_000; Date.now() < deadline && usage.items.reduce((errors, item) => errors + item.tool_errors, 0) < 3; ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        usage = valueOf<{ days: number; items: Usage[] }>(await cos.callTool('admin_usage', { days: 7 }));
      }
      expect(usage.days).toBe(7);
      const byEmail = Object.fromEntries(usage.items.map((item) => [item.email ?? item.principal, item]));
      expect(usage.items.map((item) => item.email ?? item.principal)).toEqual(['owner', 'eli@example.com', 'idle@example.com', 'noa@example.com']);
      expect(byEmail['noa@example.com']).toMatchObject({ principal: `user:${noa.id}`, facts: 3, people: 1, decisions: 1, delegations: 1, scheduled_tasks: 0, tool_calls: 7, tool_errors: 1 });
      expect(byEmail['eli@example.com']).toMatchObject({ principal: `user:${eli.id}`, facts: 1, people: 1, decisions: 1, delegations: 1, tool_calls: 5, tool_errors: 1 });
      expect(byEmail['idle@example.com']).toMatchObject({ facts: 0, tool_calls: 0, last_activity_at: null });
      expect(byEmail['owner']).toMatchObject({ facts: 2, decisions: 1, tool_errors: 1 });
      expect(byEmail['noa@example.com']?.last_activity_at).toEqual(expect.any(String));

      const one = valueOf<{ items: Usage[] }>(await cos.callTool('admin_usage', { email: 'Noa@Example.com' }));
      expect(one.items).toEqual([byEmail['noa@example.com']]);
      expect(await cos.callTool('admin_usage', { email: 'nobody@example.com' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });

      const users = valueOf<{ items: { email: string; status: string; last_token_used_at: string | null }[] }>(await cos.callTool('admin_list_users', {}));
      expect(users.items.map((user) => [user.email, user.status, user.last_token_used_at])).toEqual([
        ['eli@example.com', 'active', null],
        ['idle@example.com', 'active', null],
        ['noa@example.com', 'active', null],
      ]);

      // Numbers and accounts only: nothing anybody stored.
      const answers = JSON.stringify([usage, one, users]);
      expect(answers).not.toMatch(/secret|friend\.of|Secret/i);

      // A signed-in user is refused, however they ask.
      for (const tool of ['admin_usage', 'admin_list_users']) {
        expect(await cos.callTool(tool, {}, as(noa))).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
      }
    } finally {
      await cos.close();
    }
  }, 60_000);

  it('refuses an agent without the admin capability', async () => {
    const cos = await machine();
    try {
      const refused = await cos.callTool('admin_usage', {}, { caller: { kind: 'agent', agentName: 'chief_of_staff', capabilities: ['memory_read'] } });
      expect(refused).toMatchObject({ ok: false });
      const allowed = await cos.callTool('admin_usage', {}, { caller: { kind: 'agent', agentName: 'auditor', capabilities: ['admin'] } });
      expect(allowed.ok).toBe(true);
    } finally {
      await cos.close();
    }
  });

  it('shows the owner their own counts on the embedded store', async () => {
    const cos = await machine();
    try {
      await seed(cos, 'owner', { caller: { kind: 'host' } }, 2);
      let usage = valueOf<{ items: Usage[] }>(await cos.callTool('admin_usage', {}));
      for (const deadline = Date.now() + 10_000; Date.now() < deadline && usage.items[0]?.tool_errors !== 1; ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        usage = valueOf<{ items: Usage[] }>(await cos.callTool('admin_usage', {}));
      }
      expect(usage.items).toEqual([expect.objectContaining({ principal: 'owner', email: null, facts: 2, people: 1, decisions: 1, delegations: 1, tool_errors: 1 })]);
      // The seeded calls, and the administrator's own calls before this answer.
      expect(usage.items[0]?.tool_calls).toBeGreaterThanOrEqual(6);
      expect(JSON.stringify(usage)).not.toMatch(/secret/i);
    } finally {
      await cos.close();
    }
  });
});
