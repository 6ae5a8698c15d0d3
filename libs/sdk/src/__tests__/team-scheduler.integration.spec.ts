/**
 * The scheduler in team mode on PostgreSQL (ADR 0080): two people each schedule a task under the same name; one worker
 * (the owner's process) claims both in the system scope and runs each exactly once in its owner's scope, so the agent
 * run, its tool calls and the run's output land in that person's rows only, and nobody lists anybody else's tasks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createSilentLogger, type ToolPrincipal } from '@chief-of-staff/core';
import type { TestPostgres } from '@chief-of-staff/postgres/testing';
import { startFakeMessagesServer, type FakeMessagesServer, type FakeTurn, type RecordedRequest } from '@chief-of-staff/agents/testing';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

// Loaded lazily, as the sdk loads the PostgreSQL library (module boundaries refuse a static import).
const { describeWithPostgres } = await import('@chief-of-staff/postgres/testing');

let server: TestPostgres;
let model: FakeMessagesServer;
const dirs: string[] = [];

/** Tables whose rows belong to a principal (migration 0004_principals). */
const OWNED_TABLES = [
  'agent_memory', 'agent_runs', 'alert_rules', 'calendars', 'conversations', 'decisions', 'delegations', 'document_chunks', 'documents',
  'event_rules', 'events', 'fact_vectors', 'facts', 'fallback_events', 'identities', 'locations', 'mail_messages', 'mail_outbox',
  'mail_sync_state', 'mailboxes', 'messages', 'model_calls', 'notifications', 'reminder_lists', 'reminders', 'scheduled_tasks',
  'shared_memory', 'skill_suggestions', 'suggestion_state', 'task_runs', 'tool_usage_log', 'webhook_events',
];

/**
 * A model that stores the code word its instruction names (one `store_fact` call), then reports it: the first turn of a
 * run asks for the tool, the turn after the tool's result answers.
 */
function rememberTheCodeWord(request: RecordedRequest): FakeTurn {
  const text = request.rawBody;
  const word = /code word ([A-Za-z]+)/.exec(text)?.[1] ?? 'unknown';
  if (text.includes('"tool_result"')) return { kind: 'message', content: [{ type: 'text', text: `Stored the code word ${word}.` }] };
  return { kind: 'message', content: [{ type: 'tool_use', name: 'store_fact', input: { category: 'work', key: 'code_word', value: word } }], stopReason: 'tool_use' };
}

async function machine(url: string): Promise<ChiefOfStaff> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-team-scheduler-'));
  dirs.push(dataDir);
  return createChiefOfStaff({
    dataDir,
    env: { COS_DATABASE_URL: url, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url },
    logger: createSilentLogger(),
    semanticRecall: false,
  });
}

function valueOf<T>(result: { ok: boolean; value?: unknown; error?: unknown }): T {
  if (!result.ok) throw new Error(`tool failed: ${JSON.stringify(result.error)}`);
  return result.value as T;
}

beforeAll(async () => {
  server = await (await import('@chief-of-staff/postgres/testing')).startTestPostgres();
  model = await startFakeMessagesServer({ responder: rememberTheCodeWord });
});

afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await model?.close();
  await server?.stop();
});

describeWithPostgres('the scheduler in team mode', () => {
  it('runs every principal\'s due tasks exactly once, each in its owner\'s scope', async () => {
    const url = await server.createDatabase('team_scheduler');
    // Team mode begins with the first user; a process opened after it binds its sessions by row-level security.
    const setup = await machine(url);
    const noa = await setup.accounts.users.add({ email: 'noa@example.com' });
    const eli = await setup.accounts.users.add({ email: 'eli@example.com' });
    await setup.close();

    const cos = await machine(url);
    try {
      const as = (user: { id: number; email: string }): { caller: { kind: 'host'; principal: ToolPrincipal } } => ({
        caller: { kind: 'host', principal: { kind: 'user', userId: user.id, email: user.email, via: 'access_token' } },
      });
      const runAt = new Date(Date.now() + 1_000).toISOString();
      const schedule = (word: string) => ({
        name: 'remember',
        schedule_type: 'once',
        schedule_config: { run_at: runAt },
        handler_type: 'run_agent',
        handler_config: { agent: 'chief_of_staff', instruction: `Remember the code word ${word}.` },
      });
      const noaTask = valueOf<{ task: { id: number } }>(await cos.callTool('create_scheduled_task', schedule('Heron'), as(noa))).task;
      const eliTask = valueOf<{ task: { id: number } }>(await cos.callTool('create_scheduled_task', schedule('Falcon'), as(eli))).task;

      // Listing stays the caller's: the owner sees neither, each person their own.
      const names = async (options?: ReturnType<typeof as>) =>
        valueOf<{ items: { id: number; name: string }[] }>(await cos.callTool('list_scheduled_tasks', {}, options)).items.map((task) => task.id);
      expect(await names()).toEqual([]);
      expect(await names(as(noa))).toEqual([noaTask.id]);
      expect(await names(as(eli))).toEqual([eliTask.id]);

      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(runAt) - Date.now() + 50)));
      // The worker's ticks run in the owner's process, with no principal of their own.
      const first = await cos.scheduler.tick();
      await cos.scheduler.idle();
      const second = await cos.scheduler.tick();
      await cos.scheduler.idle();
      expect(first.claimed).toBe(2);
      expect(second.claimed).toBe(0);

      const runsOf = async (taskId: number, options?: ReturnType<typeof as>) =>
        valueOf<{ items: { status: string; result: { text?: string } | null }[] }>(await cos.callTool('list_task_runs', { task_id: taskId }, options)).items;
      expect((await runsOf(noaTask.id, as(noa))).map((run) => [run.status, run.result?.text])).toEqual([['succeeded', 'Stored the code word Heron.']]);
      expect((await runsOf(eliTask.id, as(eli))).map((run) => [run.status, run.result?.text])).toEqual([['succeeded', 'Stored the code word Falcon.']]);
      // Another person's task is not there for them, nor its runs.
      expect(await cos.callTool('list_task_runs', { task_id: noaTask.id }, as(eli))).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });

      const codeWord = async (options?: ReturnType<typeof as>) =>
        valueOf<{ items: { key: string; value: string }[] }>(await cos.callTool('query_memory', { category: 'work' }, options)).items.find((item) => item.key === 'code_word')?.value;
      expect(await codeWord(as(noa))).toBe('Heron');
      expect(await codeWord(as(eli))).toBe('Falcon');
      expect(await codeWord()).toBeUndefined();
    } finally {
      await cos.close();
    }

    // Straight from the database: every row the runs wrote names its owner, and none was left to the system scope.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const rows = async (query: string) => (await client.query<Record<string, string>>(query)).rows;
      const noaKey = `user:${noa.id}`;
      const eliKey = `user:${eli.id}`;
      expect(await rows("SELECT principal_id, value FROM facts WHERE key = 'code_word' ORDER BY principal_id")).toEqual(
        [{ principal_id: noaKey, value: 'Heron' }, { principal_id: eliKey, value: 'Falcon' }].sort((a, b) => a.principal_id.localeCompare(b.principal_id)),
      );
      expect(await rows('SELECT r.principal_id AS run, t.principal_id AS task FROM task_runs r JOIN scheduled_tasks t ON t.id = r.task_id WHERE r.principal_id <> t.principal_id')).toEqual([]);
      expect((await rows('SELECT DISTINCT principal_id FROM task_runs ORDER BY principal_id')).map((row) => row['principal_id'])).toEqual([noaKey, eliKey].sort());
      expect((await rows('SELECT DISTINCT principal_id FROM agent_runs ORDER BY principal_id')).map((row) => row['principal_id'])).toEqual([noaKey, eliKey].sort());
      expect((await rows("SELECT DISTINCT principal_id FROM tool_usage_log WHERE tool_name = 'store_fact' ORDER BY principal_id")).map((row) => row['principal_id'])).toEqual([noaKey, eliKey].sort());
      for (const table of OWNED_TABLES) {
        expect({ table, unowned: await rows(`SELECT count(*)::int AS n FROM ${table} WHERE principal_id NOT IN ('owner') AND principal_id NOT LIKE 'user:%'`) }).toEqual({ table, unowned: [{ n: 0 }] });
      }
    } finally {
      await client.end();
    }
  }, 60_000);
});
