/**
 * Memory → Decisions and Memory → Delegations over HTTP against a seeded console: the lists and their filters render
 * the tools' data, the status forms change what search_decisions and list_delegations return, a new decision can be
 * recorded, and a POST without the CSRF token changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestConsole, type TestConsole } from '../testing/console-harness.js';
import { callTool, getPage, postForm, seedCalls } from './console-test-kit.js';

interface Item {
  id: number;
  title?: string;
  task?: string;
  status: string;
}

describe('Memory → Decisions and Delegations', () => {
  let consoleApp: TestConsole;
  const ids: Record<string, number> = {};

  const decisionStatus = async (id: number) =>
    (await callTool<{ items: Item[] }>(consoleApp, 'search_decisions', { limit: 100 })).items.find((item) => item.id === id)?.status;
  const delegationStatus = async (id: number) =>
    (await callTool<{ items: Item[] }>(consoleApp, 'list_delegations', { limit: 100 })).items.find((item) => item.id === id)?.status;

  beforeAll(async () => {
    consoleApp = await startTestConsole({
      seed: async (cos) => {
        await seedCalls(cos, [
          ['create_decision', { title: 'Move standup to 9:30', owner: 'Noa', follow_up_date: '2020-01-10', tags: ['team'] }],
          ['create_decision', { title: 'להעביר את המשרד לתל אביב', owner: 'Dana', status: 'deferred' }],
          ['create_delegation', { task: 'Send the Q4 budget', delegated_to: 'Noa', due_date: '2020-01-01', priority: 'high' }],
          ['create_delegation', { task: 'Book the offsite venue', delegated_to: 'Omer', due_date: '2099-01-01' }],
          ['create_delegation', { task: 'Old finished chore', delegated_to: 'Omer' }],
        ]);
        const done = await cos.callTool('list_delegations', { delegated_to: 'Omer' }, { caller: { kind: 'cli' } });
        if (!done.ok) throw new Error(done.error.message);
        const chore = (done.value.items as Item[]).find((item) => item.task === 'Old finished chore');
        await seedCalls(cos, [['update_delegation', { delegation_id: chore?.id, status: 'completed' }]]);
      },
    });
    for (const item of (await callTool<{ items: Item[] }>(consoleApp, 'search_decisions', {})).items) ids[item.title ?? ''] = item.id;
    for (const item of (await callTool<{ items: Item[] }>(consoleApp, 'list_delegations', {})).items) ids[item.task ?? ''] = item.id;
  }, 60_000);

  afterAll(async () => {
    await consoleApp.close();
  });

  it('lists decisions with the follow-ups that are due, and filters them', async () => {
    const { status, body } = await getPage(consoleApp, '/memory/decisions');
    expect(status).toBe(200);
    expect(body).toContain('Follow-ups due');
    expect(body).toContain('<td data-label="Decision"><span dir="auto">Move standup to 9:30</span>');
    expect(body).toContain('<span dir="auto">להעביר את המשרד לתל אביב</span>');
    expect(body).toContain('<option value="deferred" selected>Deferred</option>');
    const deferred = await getPage(consoleApp, '/memory/decisions?status=deferred');
    expect(deferred.body).not.toContain('<td data-label="Decision"><span dir="auto">Move standup to 9:30</span>');
    const search = await getPage(consoleApp, '/memory/decisions?q=standup');
    expect(search.body).toContain('Matching decisions');
    expect(search.body).not.toContain('להעביר את המשרד');
  });

  it('changes a decision status in place, and records a new decision', async () => {
    const id = ids['Move standup to 9:30'] ?? 0;
    const done = await postForm(consoleApp, '/memory/decisions/status', { decision_id: String(id), status: 'executed', return: '/memory/decisions?q=standup' });
    expect(done).toEqual({ status: 303, location: '/memory/decisions?q=standup' });
    expect(await decisionStatus(id)).toBe('executed');
    expect((await getPage(consoleApp, '/memory/decisions?q=standup')).body).toContain('&quot;Move standup to 9:30&quot; is now executed.');

    expect((await postForm(consoleApp, '/memory/decisions/create', { title: 'Hire a second designer', owner: 'Dana', follow_up_date: '' })).status).toBe(303);
    const found = await callTool<{ items: Item[] }>(consoleApp, 'search_decisions', { query: 'designer' });
    expect(found.items).toEqual([expect.objectContaining({ title: 'Hire a second designer', status: 'pending_execution' })]);

    expect((await postForm(consoleApp, '/memory/decisions/status', { decision_id: String(id), status: 'nonsense' })).status).toBe(303);
    expect((await getPage(consoleApp, '/memory/decisions')).body).toContain('Not done:');
    expect(await decisionStatus(id)).toBe('executed');
  });

  it('lists active delegations, the most overdue first, and filters by status and assignee', async () => {
    const { status, body } = await getPage(consoleApp, '/memory/delegations');
    expect(status).toBe(200);
    expect(body).toContain('Most overdue');
    expect(body).toMatch(/Send the Q4 budget<\/span><\/strong> — <span dir="auto">Noa<\/span> <span class="overdue">\d+ days overdue/);
    expect(body).toContain('<td data-label="Task"><span dir="auto">Book the offsite venue</span>');
    expect(body).not.toContain('Old finished chore');
    const completed = await getPage(consoleApp, '/memory/delegations?status=completed');
    expect(completed.body).toContain('Old finished chore');
    const omer = await getPage(consoleApp, '/memory/delegations?status=all&to=Omer');
    expect(omer.body).toContain('Old finished chore');
    expect(omer.body).not.toContain('Send the Q4 budget');
  });

  it('changes a delegation status in place', async () => {
    const id = ids['Book the offsite venue'] ?? 0;
    const done = await postForm(consoleApp, '/memory/delegations/status', { delegation_id: String(id), status: 'completed', return: '/memory/delegations' });
    expect(done).toEqual({ status: 303, location: '/memory/delegations' });
    expect(await delegationStatus(id)).toBe('completed');
    const after = await getPage(consoleApp, '/memory/delegations');
    expect(after.body).toContain('&quot;Book the offsite venue&quot; is now completed.');
    expect(after.body).not.toContain('<td data-label="Task"><span dir="auto">Book the offsite venue</span>');
  });

  it('refuses a status change without the CSRF token and changes nothing', async () => {
    const decision = ids['להעביר את המשרד לתל אביב'] ?? 0;
    const delegation = ids['Send the Q4 budget'] ?? 0;
    expect((await postForm(consoleApp, '/memory/decisions/status', { decision_id: String(decision), status: 'executed' }, { csrf: false })).status).toBe(403);
    expect((await postForm(consoleApp, '/memory/decisions/create', { title: 'Sneaky decision' }, { csrf: false })).status).toBe(403);
    expect((await postForm(consoleApp, '/memory/delegations/status', { delegation_id: String(delegation), status: 'cancelled' }, { csrf: false })).status).toBe(403);
    expect(await decisionStatus(decision)).toBe('deferred');
    expect(await delegationStatus(delegation)).toBe('active');
    expect((await callTool<{ items: Item[] }>(consoleApp, 'search_decisions', { query: 'Sneaky' })).items).toEqual([]);
  });
});
