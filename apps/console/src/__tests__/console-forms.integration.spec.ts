/**
 * Every console form's failure path over HTTP: a problem (a check of the form, or the tool's own error) shows the
 * same page again with HTTP 422, the message beside the field it concerns (`role="alert"`, linked from the input by
 * `aria-describedby`) and what was typed kept; a form that works still answers 303 with a green banner. A failure of a
 * form that has no page of its own (Undo) comes back as a red banner, never the green one. Also the content that goes
 * with the forms: the delegate form on Today and Memory, an unknown person, one date style, the Agents page without
 * a model key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestConsole, type TestConsole } from '../testing/console-harness.js';
import { callTool, getPage, postForm, seedCalls, submitForm } from './console-test-kit.js';

/** 27 Nov 2026, a Friday; 24 Nov is the Tuesday before. */
const NOW = new Date('2026-11-27T09:00:00Z');

/** The problem's paragraph for `field` of form `formId`, and the input (by id) that points at it. */
function expectProblemBeside(body: string, formId: string, field: string, inputId: string, message: string | RegExp): void {
  const problemId = `${formId}-${field}-problem`;
  const problem = new RegExp(`<p class="field-problem" id="${problemId}" role="alert" dir="auto">([^<]*)`).exec(body);
  expect(problem).not.toBeNull();
  if (typeof message === 'string') expect(problem?.[1]).toContain(message);
  else expect(problem?.[1]).toMatch(message);
  const input = new RegExp(`<(?:input|textarea|select)[^>]*id="${inputId}"[^>]*>`).exec(body)?.[0] ?? '';
  expect(input).toContain('aria-invalid="true"');
  expect(input).toMatch(new RegExp(`aria-describedby="${problemId}[ "]`));
  // Only one field of the page is marked.
  expect(body.split('role="alert"')).toHaveLength(2);
}

describe('console forms: failures stay on their page', () => {
  let consoleApp: TestConsole;
  let roots: string;

  beforeAll(async () => {
    roots = mkdtempSync(join(tmpdir(), 'cos-console-forms-'));
    consoleApp = await startTestConsole({
      startAt: NOW,
      config: { documents: { allowedRoots: [join(roots, 'allowed')] } },
      seed: async (cos) => {
        await seedCalls(cos, [
          ['link_identity', { canonical_name: 'Noa Levi', provider: 'email', provider_id: 'noa@example.com' }],
          ['store_fact', { category: 'work', key: 'desk', value: 'Third floor, by the window' }],
          ['create_delegation', { task: 'Send the Q4 budget', delegated_to: 'Noa Levi', due_date: '2026-11-24' }],
          ['create_decision', { title: 'Move standup to 9:30' }],
        ]);
      },
    });
  }, 60_000);

  afterAll(async () => {
    await consoleApp.close();
    rmSync(roots, { recursive: true, force: true });
  });

  it('People: an empty link form stays on /memory/people with 422, the message beside the name and the handle kept', async () => {
    const failed = await submitForm(consoleApp, '/memory/people', 'new-link', '/memory/people/link', { canonical_name: '  ', provider: 'github', provider_id: 'noalevi', return: '/memory/people' });
    expect(failed.status).toBe(422);
    expect(failed.location).toBeNull();
    expect(failed.body).toContain('<h1 dir="auto">Memory: people</h1>');
    expectProblemBeside(failed.body, 'new-link', 'canonical_name', 'new-link-name', 'Write the person&#39;s full name');
    expect(failed.body).toMatch(/id="new-link-handle"[^>]*value="noalevi"/);
    expect(failed.body).toMatch(/<select id="new-link-provider"[^>]*>[\s\S]*?<option value="github" selected>/);
    expect(failed.body).not.toContain('banner-ok');

    const worked = await submitForm(consoleApp, '/memory/people', 'new-link', '/memory/people/link', { canonical_name: 'Omer Katz', provider: 'email', provider_id: 'omer@example.com', return: '/memory/people' });
    expect(worked).toMatchObject({ status: 303, location: '/memory/people' });
    expect((await getPage(consoleApp, '/memory/people')).body).toContain('<div class="banner banner-ok" role="status" data-island="flash"><span dir="auto">Linked email omer@example.com to Omer Katz.</span></div>');
  });

  it("People: the tool's refusal on a profile's form comes back on that profile, beside the handle", async () => {
    const failed = await submitForm(consoleApp, '/memory/people/Noa%20Levi', 'profile-link', '/memory/people/link', { canonical_name: 'Noa Levi', provider: 'email', provider_id: 'not-an-address', return: '/memory/people/Noa%20Levi' });
    expect(failed.status).toBe(422);
    expect(failed.body).toContain('<h1 dir="auto">Noa Levi</h1>');
    expectProblemBeside(failed.body, 'profile-link', 'provider_id', 'profile-link-handle', 'provider_id:');
    expect(failed.body).toMatch(/id="profile-link-handle"[^>]*value="not-an-address"/);
  });

  it('Decisions: an empty title stays on /memory/decisions with the owner and date kept', async () => {
    const failed = await submitForm(consoleApp, '/memory/decisions', 'new-decision', '/memory/decisions/create', { title: ' ', owner: 'Dana', follow_up_date: '2026-12-01' });
    expect(failed.status).toBe(422);
    expect(failed.body).toContain('<h1 dir="auto">Memory: decisions</h1>');
    expectProblemBeside(failed.body, 'new-decision', 'title', 'decision-title', 'Write what was decided');
    expect(failed.body).toMatch(/id="decision-owner"[^>]*value="Dana"/);
    expect(failed.body).toMatch(/id="decision-follow-up"[^>]*value="2026-12-01"/);

    const { items } = await callTool<{ items: { id: number }[] }>(consoleApp, 'search_decisions', { query: 'standup' });
    const id = String(items[0]?.id);
    const status = await submitForm(consoleApp, '/memory/decisions', `decision-status-${id}`, '/memory/decisions/status', { decision_id: id, status: 'nonsense', return: '/memory/decisions' });
    expect(status.status).toBe(422);
    expectProblemBeside(status.body, `decision-status-${id}`, 'status', `decision-status-${id}`, 'status');
  });

  it('Facts: an empty value on the edit page stays there with the confidence and pin kept; adding a fact works and fails in place', async () => {
    const page = '/memory/facts/edit?category=work&key=desk';
    const failed = await submitForm(consoleApp, page, 'fact-edit', '/memory/facts/edit', { category: 'work', key: 'desk', value: '   ', confidence: '0.4', pinned: 'true' });
    expect(failed.status).toBe(422);
    expect(failed.body).toContain('<h1 dir="auto">Memory: edit a fact</h1>');
    expectProblemBeside(failed.body, 'fact-edit', 'value', 'fact-value', 'Write the value');
    expect(failed.body).toMatch(/id="fact-confidence"[^>]*value="0.4"/);
    expect(failed.body).toMatch(/name="pinned" value="true" checked/);
    const bad = await submitForm(consoleApp, page, 'fact-edit', '/memory/facts/edit', { category: 'work', key: 'desk', value: 'Fourth floor', confidence: 'high' });
    expect(bad.status).toBe(422);
    expectProblemBeside(bad.body, 'fact-edit', 'confidence', 'fact-confidence', 'is not a number');
    expect(bad.body).toContain('>Fourth floor</textarea>');

    const added = await submitForm(consoleApp, '/memory/facts', 'new-fact', '/memory/facts/create', { category: 'preference', key: 'coffee_order', value: 'Oat flat white' });
    expect(added).toMatchObject({ status: 303, location: '/memory/facts?category=preference' });
    expect(await callTool(consoleApp, 'list_facts', { category: 'preference' })).toMatchObject({ items: [expect.objectContaining({ key: 'coffee_order', value: 'Oat flat white' })] });
    const notAdded = await submitForm(consoleApp, '/memory/facts', 'new-fact', '/memory/facts/create', { category: 'preference', key: '', value: 'Espresso' });
    expect(notAdded.status).toBe(422);
    expectProblemBeside(notAdded.body, 'new-fact', 'key', 'new-fact-key', 'Give the fact a key');
    expect(notAdded.body).toContain('>Espresso</textarea>');
  });

  it('Delegations: the delegate form records one from Memory and from Today, and a bad date stays on Today with the task kept', async () => {
    const fromMemory = await submitForm(consoleApp, '/memory/delegations', 'delegations-delegate', '/memory/delegations/create', { task: 'Book the offsite venue', delegated_to: 'Omer Katz', due_date: '2026-12-04' });
    expect(fromMemory).toMatchObject({ status: 303, location: '/memory/delegations' });
    expect((await getPage(consoleApp, '/memory/delegations')).body).toContain('Delegated &quot;Book the offsite venue&quot; to Omer Katz, due Fri 4 Dec.');

    const today = await getPage(consoleApp, '/today');
    expect(today.body).toContain('<form method="post" action="/memory/delegations/create"');
    const fromToday = await submitForm(consoleApp, '/today', 'today-delegate', '/memory/delegations/create', { task: 'Draft the agenda', delegated_to: 'Noa Levi', due_date: '' });
    expect(fromToday).toMatchObject({ status: 303, location: '/today#delegations' });
    const listed = await callTool<{ items: { task: string; delegated_to: string }[] }>(consoleApp, 'list_delegations', { delegated_to: 'Noa Levi' });
    expect(listed.items.map((item) => item.task)).toContain('Draft the agenda');

    const failed = await submitForm(consoleApp, '/today', 'today-delegate', '/memory/delegations/create', { task: 'Plan the party', delegated_to: 'Noa Levi', due_date: '2026-13-45' });
    expect(failed.status).toBe(422);
    expect(failed.body).toMatch(/<h1 dir="auto">Today, /);
    expectProblemBeside(failed.body, 'today-delegate', 'due_date', 'today-delegate-due', 'due_date');
    expect(failed.body).toMatch(/id="today-delegate-task"[^>]*value="Plan the party"/);
    const empty = await submitForm(consoleApp, '/memory/delegations', 'delegations-delegate', '/memory/delegations/create', { task: 'Chase the invoice', delegated_to: ' ' });
    expect(empty.status).toBe(422);
    expectProblemBeside(empty.body, 'delegations-delegate', 'delegated_to', 'delegations-delegate-to', 'Write who is doing it');
  });

  it('Schedules and Documents: a refused action comes back on its page with 422 and the path kept', async () => {
    const run = await submitForm(consoleApp, '/schedules', 'task-run-9999', '/schedules/9999/run', { return_to: '/schedules' });
    expect(run.status).toBe(422);
    expect(run.body).toContain('<h1 dir="auto">Schedules</h1>');
    // That task's row is not on the page: the problem is in a red banner instead.
    expect(run.body).toMatch(/<div class="banner banner-error" role="alert" data-island="flash"><span dir="auto">Not done: Scheduled task 9999 not found./);

    // A run's result is told in words: its fields by name, not JSON.
    const { task } = await callTool<{ task: { id: number } }>(consoleApp, 'create_scheduled_task', { name: 'friday_alerts', schedule_type: 'cron', schedule_config: { expression: '0 16 * * 5' }, handler_type: 'alert_eval' });
    expect((await submitForm(consoleApp, '/schedules', `task-run-${task.id}`, `/schedules/${task.id}/run`, { return_to: '/schedules' })).status).toBe(303);
    const schedules = await getPage(consoleApp, '/schedules');
    expect(schedules.body).toContain('rules evaluated: 0 · rules triggered: 0 · notified: 0 · suppressed: 0');
    expect(schedules.body).not.toContain('{&quot;');

    const outside = join(roots, 'elsewhere');
    const ingest = await submitForm(consoleApp, '/documents', 'ingest', '/documents/ingest', { path: outside, recursive: 'true' });
    expect(ingest.status).toBe(422);
    expect(ingest.body).toContain('<h1 dir="auto">Documents</h1>');
    expectProblemBeside(ingest.body, 'ingest', 'path', 'ingest-path', /allowed/);
    expect(ingest.body).toContain(`value="${outside}"`);
    const blank = await submitForm(consoleApp, '/documents', 'ingest', '/documents/ingest', { path: ' ' });
    expect(blank.status).toBe(422);
    expectProblemBeside(blank.body, 'ingest', 'path', 'ingest-path', 'Write the file or folder');
  });

  it('a failure of a form with no page of its own is a red alert banner, not the green one', async () => {
    const undo = await postForm(consoleApp, '/memory/facts/restore', { category: 'work', key: 'gone', value: '', confidence: '1', return: '/memory/facts' });
    expect(undo).toEqual({ status: 303, location: '/memory/facts' });
    const { body } = await getPage(consoleApp, '/memory/facts');
    expect(body).toMatch(/<div class="banner banner-error" role="alert" data-island="flash"><span dir="auto">Not done: [^<]+<\/span><\/div>/);
    expect(body).not.toContain('banner-ok');
  });

  it('after a delete, the Undo button sits inside the green banner', async () => {
    await callTool(consoleApp, 'store_fact', { category: 'work', key: 'parking', value: 'Level -2' });
    expect((await submitForm(consoleApp, '/memory/facts', 'fact-delete-0', '/memory/facts/delete', { category: 'work', key: 'parking', return: '/memory/facts' })).status).toBe(303);
    const { body } = await getPage(consoleApp, '/memory/facts');
    expect(body).toMatch(/<div class="banner banner-ok" role="status" data-island="flash"><span dir="auto">Deleted work\/parking.<\/span><form method="post" action="\/memory\/facts\/restore" class="flash-form">[\s\S]*?<button type="submit">Undo: restore work\/parking<\/button><\/form><\/div>/);
    expect(body).not.toMatch(/<p[^>]*>\s*<form[^>]*flash-form/);
  });

  it('an unknown person is "No one by that name" with 404, a known one is their profile', async () => {
    const unknown = await getPage(consoleApp, '/memory/people/Nobody%20Here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('No one by that name');
    expect(unknown.body).not.toContain('id="identities-heading"');
    expect((await getPage(consoleApp, '/memory/people/Noa%20Levi')).status).toBe(200);
  });

  it("Today writes the suggestions' dates like every other date: weekday, day and month", async () => {
    const { body } = await getPage(consoleApp, '/today');
    expect(body).toContain('Delegated to Noa Levi, due Tue 24 Nov.');
    expect(body).toContain('(due Tue 24 Nov)');
    expect(body).not.toContain('2026-11-24<');
    expect(body).not.toMatch(/due 2026-11-24/);
  });
});

describe('console Agents page without a model API key', () => {
  let consoleApp: TestConsole;

  beforeAll(async () => {
    consoleApp = await startTestConsole({ startAt: NOW });
  }, 60_000);

  afterAll(async () => {
    await consoleApp.close();
  });

  it('says no model API key is set before the form, and folds each agent\'s capabilities with their count', async () => {
    const { body } = await getPage(consoleApp, '/agents');
    const notice = body.indexOf('No model API key is set');
    expect(notice).toBeGreaterThan(-1);
    expect(notice).toBeLessThan(body.indexOf('<form method="post" action="/agents/run"'));
    expect(body).toMatch(/<details class="capabilities"><summary>\d+ capabilities<span class="visually-hidden"> of meeting_prep<\/span><\/summary>/);
    expect(body).not.toMatch(/<td><ul class="tags">/);
  });

  it('keeps the instruction after a failed run and shows why beside it', async () => {
    const instruction = 'Summarise my week, with the open delegations first';
    const failed = await submitForm(consoleApp, '/agents', 'run', '/agents/run', { agent: 'meeting_prep', instruction });
    expect(failed.status).toBe(422);
    expect(failed.body).toContain('<h1 dir="auto">Agents</h1>');
    expectProblemBeside(failed.body, 'run', 'instruction', 'run-instruction', 'No model API key is configured');
    expect(failed.body).toContain(`>${instruction}</textarea>`);
    expect(failed.body).toMatch(/<option value="meeting_prep" selected>/);

    const blank = await submitForm(consoleApp, '/agents', 'run', '/agents/run', { agent: 'meeting_prep', instruction: '   ' });
    expect(blank.status).toBe(422);
    expectProblemBeside(blank.body, 'run', 'instruction', 'run-instruction', 'Write an instruction');
  });
});
