/**
 * Team mode's isolation through the whole catalogue: the built MCP server over HTTP on a throw-away PostgreSQL with
 * two users, each seeded with data in every domain through the tools as that person (every stored text carries the
 * person's marker word). Then every tool of `tools/list` is called by each person with the other's ids, names and
 * queries made of the other's marker, arguments filled from the input schemas. No answer may show the other's marker,
 * and the other's data, read through their own tools before and after, must not change. Last, the same tables read
 * straight from PostgreSQL under the scoped role hold only the principal's rows, and none without a principal.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import pg from 'pg';
import { createSilentLogger, createSystemClock, loadConfig } from '@chief-of-staff/core';
import { openStorage } from '@chief-of-staff/sdk';
import type { TestPostgres } from '@chief-of-staff/postgres/testing';
import { startBuiltHttpServer, type BuiltHttpServer } from './start-built-http-server.js';

// Loaded lazily, as the sdk loads the PostgreSQL library (module boundaries refuse a static import).
const { describeWithPostgres } = await import('@chief-of-staff/postgres/testing');

const SERVER_TOKEN = 'team-isolation-fuzz-server-token-0123456789';

/**
 * Tools the fuzz does not call, and why. Everything else in `tools/list` is called (the test fails when the catalogue
 * gains a tool that is neither called nor listed here, so a new tool is looked at).
 */
const SKIPPED: Record<string, string> = {
  run_agent: 'needs a model',
  dispatch_agents: 'needs a model',
  auto_create_skill: 'needs a model to design the agent',
};

interface Person {
  /** `a` or `b`. */
  tag: string;
  /** Lower-case word in every text this person stores; the other person's answers must never contain it. */
  marker: string;
  /** Lower-case handle in this person's names (agents, rules, keys…). */
  handle: string;
  email: string;
  token: string;
  principal: string;
  client: Client;
  /** Ids the seeding tools returned, by tool. */
  ids: Map<string, (number | string)[]>;
  documentsDir: string;
}

let postgres: TestPostgres;
let databaseUrl: string;
let dataDir: string;
let server: BuiltHttpServer;
const people: Person[] = [];

function textOf(result: { content?: unknown; structuredContent?: unknown }): string {
  return JSON.stringify({ content: result.content, structured: result.structuredContent });
}

async function call(person: Person, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; structured: Record<string, unknown>; text: string }> {
  // A request sent on a kept-alive connection the server is just closing never reached it: send it once more.
  const send = () => person.client.callTool({ name, arguments: args });
  const result = (await send().catch((error: unknown) => {
    if (/other side closed|ECONNRESET/.test(String((error as { cause?: unknown }).cause ?? error))) return send();
    throw error;
  })) as { isError?: boolean; content?: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> };
  return { isError: result.isError === true, structured: result.structuredContent ?? {}, text: textOf(result) };
}

async function must(person: Person, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await call(person, name, args);
  if (result.isError) throw new Error(`${person.tag}: ${name} failed: ${result.text}`);
  return result.structured;
}

/** Every `id`, `message_id` or `event_id` in an answer. */
function idsIn(value: unknown, found: (number | string)[] = []): (number | string)[] {
  if (Array.isArray(value)) for (const item of value) idsIn(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (/^(id|message_id|event_id|document_id)$/.test(key) && (typeof inner === 'number' || typeof inner === 'string')) found.push(inner);
      else idsIn(inner, found);
    }
  }
  return found;
}

function remember(person: Person, tool: string, answer: unknown): void {
  const ids = idsIn(answer);
  person.ids.set(tool, [...new Set([...(person.ids.get(tool) ?? []), ...ids])]);
}

/** The seeding script: data in every domain, every text carrying the person's marker. */
function seedScript(p: Person): [string, Record<string, unknown>][] {
  const m = p.marker;
  const h = p.handle;
  return [
    ['store_fact', { category: 'work', key: `${h}_project`, value: `${m} project plan for the launch` }],
    ['store_memory', { category: 'relationship', key: `${h}_mentor`, value: `${m} mentor meets on Thursdays` }],
    ['create_decision', { title: `${m} vendor decision`, description: `${m} chose the vendor`, owner: `${h}-owner`, status: 'pending_execution', follow_up_date: '2026-11-20', tags: [h] }],
    ['create_delegation', { task: `${m} quarterly report`, delegated_to: `${h}-delegate`, due_date: '2026-11-01', description: `${m} report` }],
    ['link_identity', { canonical_name: `${h} person`, provider: 'email', provider_id: `${h}@example.com`, display_name: `${m} person` }],
    ['create_alert_rule', { name: `${h}-alert`, alert_type: 'overdue_delegation', description: `${m} alert` }],
    ['create_calendar_event', { title: `${m} budget review`, start: '2026-12-01T10:00', end: '2026-12-01T11:00', notes: `${m} notes` }],
    ['create_reminder', { title: `${m} renew the permit`, due: '2026-12-04', notes: `${m}` }],
    ['send_email', { to: [`${h}@example.com`], subject: `${m} budget agenda`, body: `${m} draft agenda`, confirm_send: true }],
    ['send_notification', { title: `${m} heads-up`, message: `${m} the review moved` }],
    ['store_location', { name: `${h}-office`, address: `${m} street 1`, notes: `${m}` }],
    ['create_agent', { name: `${h}-agent`, description: `${m} helper agent`, system_prompt: `${m} You help with planning.`, capabilities: ['memory_read'] }],
    ['store_agent_memory', { agent_name: `${h}-agent`, key: `${h}_pref`, value: `${m} likes short answers`, memory_type: 'preference' }],
    ['store_shared_memory', { namespace: `${h}-ns`, key: `${h}_shared`, value: `${m} shared note` }],
    ['create_scheduled_task', { name: `${h}-task`, description: `${m} task`, schedule_type: 'interval', schedule_config: { hours: 12 }, handler_type: 'alert_eval' }],
    ['ingest_webhook', { source: `${h}-src`, event_type: 'issue.opened', payload: { title: `${m} webhook payload` } }],
    ['create_event_rule', { name: `${h}-rule`, description: `${m} rule`, event_source: `${h}-src`, event_type_pattern: 'issue.*', agent_name: `${h}-agent`, instruction_template: `${m} triage`, enabled: false }],
    ['record_tool_usage', { tool_name: 'query_memory', query_pattern: `${m} pattern` }],
    ['ingest_documents', { path: p.documentsDir }],
    ['import_data', { kind: 'messages_jsonl', path: join(p.documentsDir, 'messages.jsonl') }],
    ['list_documents', {}],
    ['get_mail_messages', { mailbox: 'Drafts' }],
    ['get_messages', { since: '2020-01-01' }],
  ];
}

/** A person's own view of their data, through their read tools: what must not change when the other person calls. */
function snapshotScript(p: Person): [string, Record<string, unknown>][] {
  const h = p.handle;
  return [
    ['list_facts', {}],
    ['search_decisions', {}],
    ['list_delegations', {}],
    ['search_identity', { query: h }],
    ['list_alert_rules', {}],
    ['get_calendar_events', { start_date: '2026-11-01', end_date: '2027-01-31' }],
    ['list_reminders', {}],
    ['get_mail_messages', { mailbox: 'Drafts' }],
    ['list_notifications', {}],
    ['list_locations', {}],
    ['get_agent', { name: `${h}-agent` }],
    ['get_agent_memory', { agent_name: `${h}-agent` }],
    ['get_shared_memory', { namespace: `${h}-ns` }],
    ['list_scheduled_tasks', {}],
    ['list_webhook_events', {}],
    ['list_event_rules', {}],
    ['list_documents', {}],
    ['get_messages', { since: '2020-01-01' }],
  ];
}

/** Drops what changes by reading alone (access counts and times, timings, cursors). */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !/(accessed|access_count|_ms$|duration|latency|^warnings?$|^age|^meta$)/.test(key))
      .map(([key, inner]) => [key, stable(inner)]),
  );
}

async function snapshot(p: Person): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, args] of snapshotScript(p)) out[`${name} ${JSON.stringify(args)}`] = stable((await call(p, name, args)).structured);
  // And the person's folder on the server's disk.
  out['files'] = readdirSync(p.documentsDir).sort();
  return out;
}

/** Names of the `owner`'s things, by parameter, for the `caller`'s fuzz arguments. */
function nameFor(param: string, tool: string, owner: Person): unknown {
  const h = owner.handle;
  const query = owner.marker[0]?.toUpperCase() + owner.marker.slice(1);
  switch (param) {
    case 'query':
    case 'query_pattern':
    case 'prefix':
      return param === 'prefix' ? `${h}_` : query;
    case 'category':
      return 'work';
    case 'key':
      return tool === 'dismiss_suggestion' ? `${h}_suggestion` : `${h}_project`;
    case 'name':
      if (/agent/.test(tool) || tool === 'get_agent' || tool === 'enrich_person') return tool === 'enrich_person' ? `${h} person` : `${h}-agent`;
      if (tool === 'store_location') return `${h}-office`;
      if (tool === 'create_alert_rule') return `${h}-alert`;
      if (tool === 'create_event_rule') return `${h}-rule`;
      if (tool === 'create_scheduled_task') return `${h}-task`;
      return `${h}-name`;
    case 'agent_name':
      return `${h}-agent`;
    case 'namespace':
      return `${h}-ns`;
    case 'canonical_name':
      return `${h} person`;
    case 'provider':
      return 'email';
    case 'calendar':
      return 'Calendar';
    case 'provider_id':
      return `${h}@example.com`;
    case 'mailbox':
      return 'Drafts';
    case 'delegated_to':
      return `${h}-delegate`;
    case 'owner':
      return `${h}-owner`;
    case 'source':
    case 'event_source':
      return `${h}-src`;
    case 'tool_name':
      return 'query_memory';
    case 'conversation':
    case 'sender':
      return `${h}-chat`;
    case 'participants':
      return [`${h}@example.com`];
    case 'path':
      // The owner's own files on the server's disk: the caller may neither read them in nor write beside them.
      if (tool === 'import_data') return join(owner.documentsDir, 'messages.jsonl');
      if (tool === 'export_calendar') return join(owner.documentsDir, 'export.ics');
      return tool === 'ingest_documents' ? owner.documentsDir : join(owner.documentsDir, `${owner.marker}-plan.md`);
    default:
      return undefined;
  }
}

/** Which seeding tools' ids an id parameter takes. */
function idSources(tool: string, param: string): string[] {
  if (param === 'rule_id') return tool.includes('event_rule') ? ['create_event_rule'] : ['create_alert_rule'];
  if (param === 'event_id') return tool.includes('webhook') ? ['ingest_webhook'] : ['create_calendar_event'];
  if (param === 'message_id') return ['get_mail_messages'];
  const byParam: Record<string, string[]> = {
    reminder_id: ['create_reminder'],
    decision_id: ['create_decision'],
    delegation_id: ['create_delegation'],
    task_id: ['create_scheduled_task'],
    document_id: ['list_documents'],
    suggestion_id: [],
  };
  return byParam[param] ?? [];
}

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
}

/** A plain value for a parameter that names nothing of anyone's. */
function plainValue(param: string, schema: Schema, caller: Person): unknown {
  const dates: Record<string, string> = {
    start: '2026-12-01T09:00',
    end: '2026-12-01T09:30',
    start_date: '2026-11-01',
    end_date: '2027-01-31',
    due: '2026-12-10',
    due_date: '2026-12-10',
    since: '2020-01-01',
    until: '2030-01-01',
    due_before: '2030-01-01',
  };
  if (param in dates) return dates[param];
  if (param === 'kind') return 'messages_jsonl';
  if (schema.enum) return schema.enum[0];
  if (param === 'schedule_config') return { hours: 6 };
  if (param === 'payload') return { title: 'fuzz payload' };
  if (param === 'to') return ['someone@example.com'];
  if (param === 'event_type' || param === 'event_type_pattern') return 'issue.opened';
  if (param === 'handler_type') return 'alert_eval';
  if (param === 'target_mailbox') return 'Archive';
  if (param === 'limit' || param === 'top_k') return 50;
  const type = Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? schema.anyOf?.[0]?.type);
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 1 ? schema.minimum : 1;
    case 'boolean':
      return typeof schema.default === 'boolean' ? schema.default : false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return `fuzz text from ${caller.handle}`;
  }
}

/**
 * The argument sets for one tool called by `caller` against `owner`'s data: one per id of the owner's the tool can
 * take, each with the owner's names in every naming parameter (required or not), and one with the required
 * parameters alone.
 */
function fuzzArguments(tool: Tool, owner: Person, caller: Person): Record<string, unknown>[] {
  const schema = tool.inputSchema as Schema;
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const base: Record<string, unknown> = {};
  const named: Record<string, unknown> = {};
  const idParams: string[] = [];
  for (const [param, property] of Object.entries(properties)) {
    if (/_id$/.test(param) && param !== 'provider_id' && param !== 'delivery_id') {
      idParams.push(param);
      continue;
    }
    const name = nameFor(param, tool.name, owner);
    if (name !== undefined) named[param] = name;
    if (required.has(param)) base[param] = name ?? plainValue(param, property, caller);
  }
  const sets: Record<string, unknown>[] = [{ ...base }, { ...base, ...named }];
  for (const param of idParams) {
    const ids = idSources(tool.name, param).flatMap((source) => owner.ids.get(source) ?? []);
    // A path is the other way to name a document: with an id it would be refused as ambiguous before any lookup.
    const { path: _path, ...namedButPath } = named;
    for (const id of ids) sets.push({ ...base, ...namedButPath, [param]: id });
    if (ids.length === 0 && required.has(param)) sets.push({ ...base, ...namedButPath, [param]: properties[param]?.type === 'string' ? 'missing' : 999_999 });
  }
  return sets;
}

/** Answers with the caller's echoed argument strings removed (an error may quote the query it was given). */
function withoutEcho(text: string, args: Record<string, unknown>): string {
  let out = text;
  for (const value of Object.values(args)) if (typeof value === 'string' && value.length > 0) out = out.split(JSON.stringify(value).slice(1, -1)).join('');
  return out;
}

async function connectAs(token: string): Promise<Client> {
  const client = new Client({ name: 'fuzz', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

beforeAll(async () => {
  postgres = await (await import('@chief-of-staff/postgres/testing')).startTestPostgres();
  databaseUrl = await postgres.createDatabase('team_fuzz');
  dataDir = mkdtempSync(join(tmpdir(), 'cos-team-fuzz-'));
  const env = { COS_DATA_DIR: dataDir, COS_DATABASE_URL: databaseUrl, COS_TIMEZONE: 'UTC' };
  // The users (team mode) and their tokens exist before the server starts, as `cos users add` / `cos tokens create` do.
  const storage = await openStorage(loadConfig({ env }), { clock: createSystemClock('UTC'), logger: createSilentLogger() });
  const made: { email: string; token: string; principal: string }[] = [];
  try {
    for (const email of ['alpha@example.com', 'bravo@example.com']) {
      const user = await storage.memory.users.add({ email });
      const created = await storage.memory.accessTokens.create({ userId: user.id, name: 'fuzz' });
      made.push({ email, token: created.token, principal: `user:${user.id}` });
    }
  } finally {
    await storage.memory.close();
  }
  server = await startBuiltHttpServer({ ...env, COS_MCP_HTTP_TOKEN: SERVER_TOKEN });
  for (const [index, [tag, marker, handle]] of [
    ['a', 'zephyrqa', 'alpha'],
    ['b', 'quokkaqb', 'bravo'],
  ].entries()) {
    const { email, token, principal } = made[index] ?? { email: '', token: '', principal: '' };
    // A user's own folder inside documents.allowedRoots (the default root, <dataDir>/documents).
    const documentsDir = join(dataDir, 'documents', '.principals', principal.replace(':', '-'));
    mkdirSync(documentsDir, { recursive: true });
    // The file's name carries the marker too: an answer listing it shows it.
    writeFileSync(join(documentsDir, `${marker}-plan.md`), `# ${marker} plan\n\nThe ${marker} launch plan covers the budget and the hiring.\n`);
    writeFileSync(
      join(documentsDir, 'messages.jsonl'),
      `${JSON.stringify({ channel: 'chat', conversation: `${handle}-chat`, sender: `${handle}-chat`, text: `${marker} see you at the offsite`, date: new Date().toISOString() })}\n`,
    );
    people.push({ tag: tag ?? '', marker: marker ?? '', handle: handle ?? '', email, token, principal, client: await connectAs(token), ids: new Map(), documentsDir });
  }
}, 120_000);

afterAll(async () => {
  for (const person of people) await person.client.close();
  await server?.stop();
  await postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describeWithPostgres('team mode isolation through the whole catalogue', () => {
  it('lets neither person read or change the other\'s data through any tool', async () => {
    const [alpha, bravo] = people as [Person, Person];
    for (const person of people) {
      for (const [name, args] of seedScript(person)) remember(person, name, await must(person, name, args));
    }
    // Reads first, then writes, then deletions: a deletion that crossed the wall would hide what a read would show.
    const rank = (tool: Tool): number => (tool.annotations?.readOnlyHint === true ? 0 : tool.annotations?.destructiveHint === true ? 2 : 1);
    const tools = (await alpha.client.listTools()).tools.sort((x, y) => rank(x) - rank(y) || (x.name < y.name ? -1 : 1));
    const unknownSkips = Object.keys(SKIPPED).filter((name) => !tools.some((tool) => tool.name === name));
    expect(unknownSkips).toEqual([]);

    const leaks: string[] = [];
    const crossWrites: string[] = [];
    const changed: string[] = [];
    let calls = 0;
    let idWrites = 0;
    for (const [owner, caller] of [
      [alpha, bravo],
      [bravo, alpha],
    ] as const) {
      const before = await snapshot(owner);
      for (const tool of tools) {
        if (SKIPPED[tool.name]) continue;
        for (const args of fuzzArguments(tool, owner, caller)) {
          calls += 1;
          const answer = await call(caller, tool.name, args).catch((error: unknown) => {
            throw new Error(`${caller.tag} ${tool.name} ${JSON.stringify(args)} got no answer: ${String(error)}`);
          });
          if (withoutEcho(answer.text, args).includes(owner.marker)) leaks.push(`${caller.tag} ${tool.name} ${JSON.stringify(args)} → ${answer.text.slice(0, 400)}`);
          const idArg = Object.entries(args).find(([param]) => /_id$/.test(param) && param !== 'provider_id');
          const writes = tool.annotations?.readOnlyHint !== true;
          // A write naming the other's row must find nothing: NOT_FOUND, as for an id that never existed.
          if (idArg && writes && !/"text":"NOT_FOUND:/.test(answer.text)) crossWrites.push(`${caller.tag} ${tool.name} ${JSON.stringify(args)} → ${answer.text.slice(0, 300)}`);
          if (idArg && writes) idWrites += 1;
        }
      }
      // Reads again after every write: a write that brought the owner's data into the caller's rows shows now.
      for (const tool of tools.filter((candidate) => candidate.annotations?.readOnlyHint === true && !SKIPPED[candidate.name])) {
        for (const args of fuzzArguments(tool, owner, caller)) {
          const answer = await call(caller, tool.name, args);
          if (withoutEcho(answer.text, args).includes(owner.marker)) leaks.push(`${caller.tag} ${tool.name} ${JSON.stringify(args)} (after the writes) → ${answer.text.slice(0, 400)}`);
        }
      }
      const after = await snapshot(owner);
      for (const [read, seen] of Object.entries(before)) {
        if (JSON.stringify(after[read]) !== JSON.stringify(seen)) changed.push(`${owner.tag}'s ${read}: ${JSON.stringify(seen).slice(0, 300)} → ${JSON.stringify(after[read]).slice(0, 300)}`);
      }
      // The snapshot is not empty: the owner's data shows the owner's marker.
      expect(JSON.stringify(before)).toContain(owner.marker);
    }
    expect({ leaks, crossWrites, changed }).toEqual({ leaks: [], crossWrites: [], changed: [] });
    expect(calls).toBeGreaterThan(tools.length * 2);
    expect(idWrites).toBeGreaterThanOrEqual(20);
  }, 180_000);

  it('shows each person only their own agents as prompts and resources', async () => {
    for (const [owner, caller] of [
      [people[0], people[1]],
      [people[1], people[0]],
    ] as [Person, Person][]) {
      const prompts = JSON.stringify(await caller.client.listPrompts());
      const resources = JSON.stringify(await caller.client.listResources());
      expect(prompts).not.toContain(owner.marker);
      expect(resources).not.toContain(owner.marker);
      expect(prompts).toContain(caller.marker);
      const read = await caller.client.readResource({ uri: `agent://${owner.handle}-agent` }).catch((error: unknown) => String(error));
      expect(JSON.stringify(read)).not.toContain(owner.marker);
      const prompt = await caller.client.getPrompt({ name: `${owner.handle}-agent`, arguments: { instruction: 'plan' } }).catch((error: unknown) => String(error));
      expect(JSON.stringify(prompt)).not.toContain(owner.marker);
    }
  });

  it('holds, straight in PostgreSQL under the scoped role, only the principal\'s rows in every table', async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const tables = (await admin.query<{ table_name: string }>("SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'principal_id' ORDER BY table_name")).rows.map((row) => row.table_name);
    await admin.end();
    expect(tables.length).toBeGreaterThanOrEqual(30);
    const owned = new Map<string, number>();
    for (const person of people) {
      const session = new pg.Client({ connectionString: databaseUrl });
      await session.connect();
      try {
        await session.query('SET ROLE cos_scoped');
        await session.query("SELECT set_config('cos.principal', $1, false)", [person.principal]);
        for (const table of tables) {
          const { rows } = await session.query<{ total: string; others: string }>(`SELECT count(*) AS total, count(*) FILTER (WHERE principal_id <> $1) AS others FROM "${table}"`, [person.principal]);
          expect({ table, others: Number(rows[0]?.others) }).toEqual({ table, others: 0 });
          owned.set(`${person.tag} ${table}`, Number(rows[0]?.total));
        }
      } finally {
        await session.end();
      }
    }
    // Each person owns rows in many tables: the check above was not vacuous.
    for (const person of people) expect(tables.filter((table) => (owned.get(`${person.tag} ${table}`) ?? 0) > 0).length).toBeGreaterThanOrEqual(15);
    const unscoped = new pg.Client({ connectionString: databaseUrl });
    await unscoped.connect();
    try {
      await unscoped.query('SET ROLE cos_scoped');
      for (const table of tables) {
        const { rows } = await unscoped.query<{ total: string }>(`SELECT count(*) AS total FROM "${table}"`);
        expect({ table, rows: Number(rows[0]?.total) }).toEqual({ table, rows: 0 });
      }
    } finally {
      await unscoped.end();
    }
  }, 60_000);
});
