/**
 * The personal-data tools through `runTool`, as every surface calls them: a real SQLite database, the provider
 * registry built from real configuration, real files imported with import_data.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createToolContext,
  FakeClock,
  loadConfig,
  runTool,
  type AnyToolDefinition,
  type ConfigInput,
  type CosConfig,
  type ToolCaller,
  type ToolRunResult,
} from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import { openDatabase, openMemoryStore, type CosDatabase } from '@chief-of-staff/sqlite';
import { createProviderRegistry, type ProviderRegistry } from '@chief-of-staff/providers';
import { TEAM_CALENDAR_ICS } from '@chief-of-staff/stores/testing';
import { allProviderTools } from '../provider-tools.js';

const FIXTURE = TEAM_CALENDAR_ICS;
const base = mkdtempSync(join(tmpdir(), 'cos-provider-tools-'));
const docs = join(base, 'documents');
let database: CosDatabase;
let memory: MemoryStore;
let config: CosConfig;
let providers: ProviderRegistry;
const clock = new FakeClock('2026-03-06T15:00:00.000Z', 'America/New_York');

function setup(overrides: ConfigInput = {}): { config: CosConfig; providers: ProviderRegistry } {
  const cfg = loadConfig({
    env: { COS_DATA_DIR: base, COS_TIMEZONE: 'America/New_York' },
    overrides: { user: { name: 'Dana Reed', email: 'dana@example.com' }, documents: { allowedRoots: [docs] }, providers: { notifications: 'log' }, ...overrides },
  });
  return { config: cfg, providers: createProviderRegistry({ config: cfg, memory: openMemoryStore({ database: database }), desktop: null }) };
}

const tool = (name: string): AnyToolDefinition => {
  const found = allProviderTools.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found as unknown as AnyToolDefinition;
};

function call(name: string, args: Record<string, unknown>, caller: ToolCaller = { kind: 'host' }, registry = providers, cfg = config): Promise<ToolRunResult> {
  return runTool(tool(name), args, createToolContext({ services: { providers: registry, config: cfg, memory }, clock, caller }));
}

async function ok(name: string, args: Record<string, unknown>, caller?: ToolCaller): Promise<Record<string, unknown>> {
  const result = await call(name, args, caller);
  if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message} ${result.error.hint ?? ''}`);
  return result.value;
}

async function fails(name: string, args: Record<string, unknown>, caller?: ToolCaller) {
  const result = await call(name, args, caller);
  if (result.ok) throw new Error(`${name} unexpectedly succeeded`);
  return result.error;
}

beforeAll(async () => {
  mkdirSync(docs, { recursive: true });
  copyFileSync(FIXTURE, join(docs, 'work.ics'));
  database = openDatabase({ dataDir: base });
  memory = openMemoryStore({ database, clock });
  ({ config, providers } = setup());
  await ok('import_data', { kind: 'ics', path: join(docs, 'work.ics') });
  await ok('import_data', { kind: 'ics', path: join(docs, 'work.ics'), target: 'Maya (shared)', owner_email: 'maya@example.com' });
  await memory.identities.link({ canonicalName: 'Maya Lopez', provider: 'email', providerId: 'maya@example.com' });
});

afterAll(() => {
  database.close();
  rmSync(base, { recursive: true, force: true });
});

describe('every tool is well formed', () => {
  it('has the 30 provider tools, uniquely named, with the expected annotations', () => {
    const names = allProviderTools.map((t) => t.name);
    expect(new Set(names).size).toBe(30);
    const hints = (name: string) => {
      const a = tool(name).annotations;
      return `${a.readOnlyHint ? 'R' : 'W'}${a.destructiveHint ? 'D' : '-'}${a.idempotentHint ? 'I' : '-'}${a.openWorldHint ? 'O' : '-'}`;
    };
    expect(
      Object.fromEntries(['get_calendar_events', 'create_calendar_event', 'update_calendar_event', 'delete_calendar_event', 'send_email', 'mark_mail_read', 'send_notification', 'import_data', 'export_calendar', 'find_group_availability'].map((n) => [n, hints(n)])),
    ).toEqual({
      get_calendar_events: 'R-IO',
      create_calendar_event: 'W--O',
      update_calendar_event: 'W-IO',
      delete_calendar_event: 'WDIO',
      send_email: 'WD-O',
      mark_mail_read: 'W-IO',
      send_notification: 'W--O',
      import_data: 'W-I-',
      export_calendar: 'R-I-',
      find_group_availability: 'R-IO',
    });
  });
});

describe('calendar and availability tools', () => {
  it('get_calendar_events: inclusive end date, local times, pagination bound to filters', async () => {
    const first = await ok('get_calendar_events', { start_date: '2026-03-09', end_date: '2026-03-09', calendar: 'work', limit: 2 });
    expect((first['items'] as { title: string }[]).map((e) => e.title)).toEqual(['Team sync', 'London stand-up']);
    expect(first['total']).toBe(4);
    expect(first['untrusted_content']).toBe(true);
    expect((first['items'] as { start_local: string }[])[0]?.start_local).toBe('2026-03-09T10:00:00.000-04:00');
    const next = await ok('get_calendar_events', { start_date: '2026-03-09', end_date: '2026-03-09', calendar: 'work', limit: 2, cursor: first['next_cursor'] });
    expect((next['items'] as { title: string }[]).map((e) => e.title)).toEqual(['Vendor call', 'Budget review']);
    const wrong = await fails('get_calendar_events', { start_date: '2026-03-10', end_date: '2026-03-10', calendar: 'work', cursor: first['next_cursor'] });
    expect(wrong.code).toBe('INVALID_ARGUMENT');
    expect((await fails('get_calendar_events', { start_date: '2026-02-30', end_date: '2026-03-01' })).message).toContain('start_date');
    expect((await fails('get_calendar_events', { start_date: '2026-01-01', end_date: '2027-06-01' })).message).toContain('at most 366');
    expect((await fails('get_calendar_events', { start_date: '2026-03-09', end_date: '2026-03-10', calendar: 'Nope' })).code).toBe('NOT_FOUND');
  });

  it('find_my_open_slots answers from the imported file, in the user zone', async () => {
    const result = await ok('find_my_open_slots', { start_date: '2026-03-09', end_date: '2026-03-09', calendars: ['Work'] });
    expect(result['formatted_text']).toBe('Mon, Mar 9: 8:00 AM–10:00 AM, 11:00 AM–12:00 PM, 12:30 PM–6:00 PM (EDT)');
    expect((result['slots'] as { soft_conflicts: string[] }[])[2]?.soft_conflicts).toEqual(['Vendor call']);
    const bad = await fails('find_my_open_slots', { start_date: '2026-03-09', end_date: '2026-03-09', working_hours_start: '19:00' });
    expect(bad).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('working_hours_end') });
  });

  it('find_group_availability resolves a name through identities and subtracts their calendar', async () => {
    const result = await ok('find_group_availability', {
      participants: ['Maya Lopez', 'ghost@example.com', 'Nobody Known'],
      start_date: '2026-03-09',
      end_date: '2026-03-09',
      duration_minutes: 60,
      preferred_times: 'afternoon',
    });
    expect(result['participants']).toEqual([
      { input: 'Maya Lopez', email: 'maya@example.com', name: 'Maya Lopez', status: 'ok', source: 'calendar:Maya (shared)' },
      { input: 'ghost@example.com', email: 'ghost@example.com', name: null, status: 'no_data', source: null },
      { input: 'Nobody Known', email: null, name: null, status: 'unresolved', source: null },
    ]);
    const suggestions = result['suggestions'] as { suggested_start_local: string; available_for: string[]; score: number }[];
    // Mine: 08–10, 11–12, 12:30–18 (the tentative vendor call is soft). Maya is busy 12:00–12:30, 13–14 and 15–16,
    // which leaves 08–10, 11–12, 14–15 and 16–18 for an hour. 14:00 is preferred, prime time and not adjacent to
    // anything of mine; 11:00 follows my 10–11 team sync directly.
    expect(suggestions.map((s) => [s.suggested_start_local, s.score])).toEqual([
      ['2026-03-09T14:00:00.000-04:00', 1],
      ['2026-03-09T16:15:00.000-04:00', 0.9],
      ['2026-03-09T08:15:00.000-04:00', 0.6],
      ['2026-03-09T11:00:00.000-04:00', 0.4],
    ]);
    expect(result['total_mutual_slots']).toBe(4);
    expect(suggestions[0]?.available_for).toEqual(['dana@example.com', 'maya@example.com']);
    const strict = await fails('find_group_availability', { participants: ['ghost@example.com'], start_date: '2026-03-09', end_date: '2026-03-09', require_all: true });
    expect(strict.code).toBe('UNAVAILABLE');
    expect((await fails('find_group_availability', { participants: ['maya@example.com'], start_date: '2026-03-09', end_date: '2026-03-09', preferred_times: 'evening' })).code).toBe('INVALID_ARGUMENT');
  });

  it('creates, updates and deletes events; person calendars are read-only', async () => {
    const created = await ok('create_calendar_event', {
      title: 'Quarterly planning',
      start: '2026-03-11T13:00',
      end: '2026-03-11T15:00',
      calendar: 'Work',
      attendees: [{ email: 'Maya@Example.com', name: 'Maya' }, { email: 'dana@example.com' }],
      alarms_minutes: [10, 10, 30],
    });
    const event = created['event'] as { id: number; start: string; attendees: { email: string; is_self: boolean }[]; alarms_minutes: number[] };
    expect(event.start).toBe('2026-03-11T17:00:00.000Z');
    expect(event.attendees).toEqual([
      { email: 'maya@example.com', name: 'Maya', response: 'needs_action', is_self: false },
      { email: 'dana@example.com', name: null, response: 'accepted', is_self: true },
    ]);
    expect(event.alarms_minutes).toEqual([10, 30]);
    const moved = await ok('update_calendar_event', { event_id: event.id, start: '2026-03-11T16:00', end: '2026-03-11T17:00', location: 'Room 2' });
    expect(moved['event']).toMatchObject({ start_local: '2026-03-11T16:00:00.000-04:00', location: 'Room 2', title: 'Quarterly planning' });
    const allDay = await ok('create_calendar_event', { title: 'Conference', start: '2026-03-18', end: '2026-03-19', all_day: true, show_as: 'oof' });
    expect(allDay['event']).toMatchObject({ all_day: true, start_date: '2026-03-18', end_date: '2026-03-19', calendar: 'Work' });
    expect(await ok('delete_calendar_event', { event_id: event.id })).toEqual({ deleted: true, id: event.id });
    expect((await fails('delete_calendar_event', { event_id: event.id })).message).toBe(`Event ${event.id} not found.`);
    const readOnly = await fails('create_calendar_event', { title: 'x', start: '2026-03-11T09:00', end: '2026-03-11T10:00', calendar: 'Maya (shared)' });
    expect(readOnly.code).toBe('READ_ONLY');
    expect((await fails('create_calendar_event', { title: 'x', start: '2026-03-11', end: '2026-03-11T10:00' })).message).toContain('start');
    expect((await fails('create_calendar_event', { title: 'x', start: '2026-03-11T09:00', end: '2026-03-11T10:00', recurrence: 'EVERY MONDAY' })).code).toBe('INVALID_ARGUMENT');
  });
});

describe('reminders tools', () => {
  it('creates, lists, searches, completes and deletes reminders', async () => {
    const created = await ok('create_reminder', { title: 'Book flights', due: '2026-03-08', priority: 'medium' });
    const id = (created['reminder'] as { id: number }).id;
    const listed = await ok('list_reminders', {});
    expect((listed['items'] as { title: string }[]).map((r) => r.title)).toEqual(['Submit expenses', 'Book flights']);
    expect((await ok('search_reminders', { query: 'FLIGHTS' }))['items']).toHaveLength(1);
    await ok('complete_reminder', { reminder_id: id });
    expect((await ok('list_reminders', { status: 'completed' }))['items']).toHaveLength(1);
    expect((await ok('list_reminder_lists', {}))['items']).toEqual([{ id: expect.any(Number), name: 'Reminders', color: null, open_count: 1, is_default: true }]);
    const missing = await fails('create_reminder', { title: 'x', list: 'Groceries' });
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: 'Reminder list Groceries not found.', hint: 'Existing lists: Reminders.' });
    expect(await ok('delete_reminder', { reminder_id: id })).toEqual({ deleted: true, id });
  });
});

describe('mail tools and the send rules', () => {
  beforeAll(() => {
    const mbox = [
      'From alice@acme.example Mon Mar  2 09:00:00 2026',
      'From: Alice Martin <alice@acme.example>',
      'To: Dana Reed <dana@example.com>, Bob <bob@acme.example>',
      'Subject: Contract renewal',
      'Date: Mon, 02 Mar 2026 09:00:00 +0000',
      'Message-ID: <contract-1@acme.example>',
      '',
      'Can you confirm the renewal terms by Friday?',
      '',
    ].join('\n');
    writeFileSync(join(docs, 'inbox.mbox'), mbox);
  });

  it('imports and reads mail', async () => {
    expect(await ok('import_data', { kind: 'mbox', path: join(docs, 'inbox.mbox') })).toMatchObject({ imported: 1, target: 'local/INBOX' });
    const listed = await ok('get_mail_messages', { unread_only: true });
    expect(listed['items']).toEqual([expect.objectContaining({ subject: 'Contract renewal', from: { name: 'Alice Martin', address: 'alice@acme.example' } })]);
    const found = await ok('search_mail', { query: 'renewal terms', until: '2026-03-02' });
    const id = (found['items'] as { message_id: string }[])[0]?.message_id as string;
    const full = await ok('get_mail_message', { message_id: id });
    expect(full).toMatchObject({ body_text: 'Can you confirm the renewal terms by Friday?', body_truncated: false, untrusted_content: true });
    expect(await ok('get_unread_count', {})).toEqual({ mailbox: 'INBOX', account: 'local', unread_count: 1 });
    expect(await ok('mark_mail_read', { message_id: '<contract-1@acme.example>' })).toEqual({ message_id: id, read: true });
    expect((await fails('get_unread_count', { mailbox: 'Receipts' })).code).toBe('NOT_FOUND');
  });

  it('host: preview without confirm_send; with it the local store saves a draft and says it cannot transmit', async () => {
    const preview = await ok('send_email', { to: 'maya@example.com, sam@vendor.example', subject: 'Agenda', body: 'Draft agenda attached.' });
    expect(preview).toMatchObject({ status: 'confirmation_required', preview: { to: ['maya@example.com', 'sam@vendor.example'], subject: 'Agenda', body_preview: 'Draft agenda attached.' } });
    expect(await memory.mail.listOutbox()).toEqual([]);
    const confirmed = await ok('send_email', { to: ['maya@example.com'], subject: 'Agenda', body: 'Draft agenda attached.', confirm_send: true });
    expect(confirmed).toMatchObject({ status: 'draft_saved', draft_id: expect.any(String), warnings: [expect.stringContaining('cannot transmit')] });
    expect((await fails('send_email', { to: ['not-an-address'], subject: 'x', body: 'y' })).message).toContain('to[0]');
  });

  it('agents: confirm_send is ignored; drafts are saved and the user is notified', async () => {
    const agent: ToolCaller = { kind: 'agent', agentName: 'inbox_triage', runId: 'run-9' };
    const reply = await ok('reply_to_email', { message_id: '<contract-1@acme.example>', body: 'Confirmed.', reply_all: true, confirm_send: true }, agent);
    expect(reply).toMatchObject({ status: 'draft_saved', warnings: [expect.stringContaining('agentSendMode is "draft"')] });
    const draft = await ok('get_mail_message', { message_id: reply['draft_id'] });
    expect(draft).toMatchObject({ subject: 'Re: Contract renewal', in_reply_to: '<contract-1@acme.example>', mailbox: 'Drafts' });
    expect((draft['to'] as { address: string }[]).map((a) => a.address)).toEqual(['alice@acme.example']);
    expect((draft['cc'] as { address: string }[]).map((a) => a.address)).toEqual(['bob@acme.example']);
    expect((await memory.mail.listOutbox()).at(-1)).toMatchObject({ createdBy: 'inbox_triage' });
    expect(database.sqlite.prepare(`SELECT title, origin FROM notifications ORDER BY id DESC LIMIT 1`).get()).toEqual({ title: 'Draft email saved', origin: 'agent' });
  });
});

describe('messages, notifications, export, and configuration', () => {
  it('imports and reads messages with their default windows', async () => {
    writeFileSync(
      join(docs, 'chat.jsonl'),
      [
        JSON.stringify({ conversation: 'family', sender: '+15551230001', sender_name: 'Mum', text: 'Call me tonight', date: '2026-03-06T10:00:00Z' }),
        JSON.stringify({ conversation: 'family', sender: '+15551230001', text: 'Old news', date: '2026-02-01T10:00:00Z' }),
      ].join('\n'),
    );
    expect(await ok('import_data', { kind: 'messages', path: join(docs, 'chat.jsonl') })).toMatchObject({ kind: 'messages_jsonl', imported: 2 });
    expect(((await ok('get_messages', {}))['items'] as { text: string }[]).map((m) => m.text)).toEqual(['Call me tonight']);
    expect(((await ok('search_messages', { query: 'news' }))['items'] as unknown[])).toHaveLength(0);
    expect(((await ok('search_messages', { query: 'news', since: '2026-01-01' }))['items'] as unknown[])).toHaveLength(1);
  });

  it('send_notification logs, and an agent run may send at most five', async () => {
    const agent: ToolCaller = { kind: 'agent', agentName: 'brief', runId: 'run-cap' };
    for (let i = 0; i < 5; i += 1) expect(await ok('send_notification', { title: `n${i}`, message: 'm' }, agent)).toMatchObject({ status: 'logged', channels: ['log'] });
    expect((await fails('send_notification', { title: 'n6', message: 'm' }, agent)).code).toBe('LIMIT_EXCEEDED');
    expect((await ok('send_notification', { title: 'host', message: 'm' }))['notification_id']).toEqual(expect.any(Number));
  });

  it('list_notifications shows what was sent, newest first, filtered by origin and status, with a total', async () => {
    const agent: ToolCaller = { kind: 'agent', agentName: 'brief', runId: 'run-list' };
    await ok('send_notification', { title: 'From the brief agent', message: 'Three meetings today.', urgency: 'high' }, agent);
    await ok('send_notification', { title: 'Latest', message: 'Sent last.' });
    const listed = await ok('list_notifications', { limit: 2 });
    expect(listed['items']).toEqual([
      expect.objectContaining({ title: 'Latest', message: 'Sent last.', origin: 'tool', status: 'logged', channels: ['log'], sent_at: expect.any(String) }),
      expect.objectContaining({ title: 'From the brief agent', urgency: 'high', origin: 'agent', run_id: 'run-list' }),
    ]);
    expect(listed['next_cursor']).toEqual(expect.any(String));
    const fromAgents = await ok('list_notifications', { origin: 'agent' });
    expect((fromAgents['items'] as { origin: string }[]).every((n) => n.origin === 'agent')).toBe(true);
    expect(fromAgents['total']).toBe((fromAgents['items'] as unknown[]).length);
    expect((await ok('list_notifications', { status: 'failed' }))['items']).toEqual([]);
    expect((await ok('list_notifications', { since: '2099-01-01T00:00:00Z' }))['total']).toBe(0);
    expect((await fails('list_notifications', { origin: 'pigeon' })).code).toBe('INVALID_ARGUMENT');
  });

  it('import_data and export_calendar are for the user only, inside the allowed roots', async () => {
    const agent: ToolCaller = { kind: 'agent', agentName: 'x' };
    expect((await fails('import_data', { kind: 'ics', path: join(docs, 'work.ics') }, agent)).code).toBe('PERMISSION_DENIED');
    expect((await fails('import_data', { kind: 'ics', path: FIXTURE })).code).toBe('PERMISSION_DENIED');
    const written = await ok('export_calendar', { calendar: 'Work', path: join(docs, 'export', '..', 'work-export.ics') });
    expect(written).toMatchObject({ calendar: 'Work', events: expect.any(Number), path: join(docs, 'work-export.ics') });
    expect(readFileSync(join(docs, 'work-export.ics'), 'utf8')).toContain('BEGIN:VCALENDAR');
    const inline = await ok('export_calendar', { calendar: 'Work', start_date: '2026-03-09', end_date: '2026-03-09' });
    expect(inline['ics']).toContain('SUMMARY:London stand-up');
    expect(inline['ics']).not.toContain('Offsite planning day');
    expect((await fails('export_calendar', { calendar: 'Work', path: join(base, 'outside.ics') })).code).toBe('PERMISSION_DENIED');
    expect(existsSync(join(base, 'outside.ics'))).toBe(false);
  });

  it('a source switched off answers NOT_CONFIGURED with what to set', async () => {
    const off = setup({ providers: { mail: 'none', notifications: 'none' } });
    const result = await call('search_mail', { query: 'x' }, { kind: 'host' }, off.providers, off.config);
    expect(result.ok ? null : result.error).toEqual({
      code: 'NOT_CONFIGURED',
      message: 'Mail is not configured (providers.mail: none).',
      hint: expect.stringContaining('providers.mail'),
      details: { source: 'mail' },
    });
  });
});
