/**
 * The Schedules pages against a seeded console: the task list with next runs, a task's run history with its results
 * and errors, the run-now / enable / disable / delete actions changing what the tools return, CSRF refusal, and one
 * browser pass with an accessibility check.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';
import { axeCheck } from '../testing/axe-check.js';
import { startTestConsole, type TestConsole } from '../testing/console-harness.js';
import { describeWithBrowser, openBrowser } from '../testing/open-browser.js';
import { cosCall as call, getPage, postForm } from './console-test-kit.js';

interface Task {
  id: number;
  name: string;
  enabled: boolean;
}

const ids: Record<string, number> = {};

async function seed(cos: ChiefOfStaff): Promise<void> {
  const create = async (name: string, args: Record<string, unknown>) => {
    ids[name] = (await call<{ task: Task }>(cos, 'create_scheduled_task', { name, ...args })).task.id;
  };
  await create('nightly retention', { description: 'ניקוי לילי של יומנים', schedule_type: 'cron', schedule_config: { expression: '30 2 * * *' }, handler_type: 'retention' });
  await create('skills review', { schedule_type: 'interval', schedule_config: { hours: 6 }, handler_type: 'skill_analysis', enabled: false });
  // Its delivery goes to a port nothing listens on, so its run fails with the reason in the history.
  await create('broken hook', {
    schedule_type: 'interval',
    schedule_config: { days: 1 },
    handler_type: 'retention',
    delivery_channel: 'webhook',
    delivery_config: { url: 'http://127.0.0.1:9/hook' },
  });
  await call(cos, 'run_scheduled_task', { task_id: ids['nightly retention'] });
  await call(cos, 'run_scheduled_task', { task_id: ids['broken hook'] });
}

describe('Schedules pages', () => {
  let app: TestConsole;
  const get = (path: string) => getPage(app, path);
  const task = async (id: number | undefined) => (await call<{ items: Task[] }>(app.cos, 'list_scheduled_tasks', { task_id: id })).items[0];

  beforeAll(async () => {
    app = await startTestConsole({ seed, config: { timezone: 'Asia/Jerusalem' } });
  }, 60_000);

  afterAll(async () => {
    await app.close();
  });

  it('lists the tasks with their schedules, next runs in local time, last results and the latest runs', async () => {
    const { status, body } = await get('/schedules');
    expect(status).toBe(200);
    expect(body).toContain('<span dir="auto">nightly retention</span>');
    expect(body).toContain('<span dir="auto">ניקוי לילי של יומנים</span>');
    expect(body).toContain('cron 30 2 * * *');
    expect(body).toContain('every 6 hours');
    expect(body).toContain('every 1 day');
    // The cron task's next run, 02:30 in Jerusalem, shown in the configured zone.
    expect(body).toMatch(/<time datetime="[^"]+">\w{3} \d{1,2} \w{3}, 02:30<\/time>/);
    expect(body).toContain('no worker running');
    expect(body).toContain('<h2 id="latest-runs-heading">Latest runs</h2>');
    expect(body).toContain('<p class="error-text" dir="auto">delivery by webhook failed: the request failed</p>');
    expect(body).toContain(`action="/schedules/${ids['skills review']}/enabled"`);
    expect(body).toContain('aria-label="Enable skills review"');
  });

  it('shows one task with its run history, results and errors, filtered by status', async () => {
    const { body } = await get(`/schedules/${ids['broken hook']}`);
    expect(body).toContain('Schedule: broken hook');
    expect(body).toContain('<h2 id="runs-heading">Run history</h2>');
    expect(body).toContain('status-bad');
    expect(body).toContain('<dd class="error-text" dir="auto">delivery by webhook failed');
    const succeeded = await get(`/schedules/${ids['broken hook']}?status=succeeded`);
    expect(succeeded.body).toContain('No succeeded runs.');
    const ok = await get(`/schedules/${ids['nightly retention']}`);
    expect(ok.body).toContain('status-ok');
    expect(ok.body).toContain('1 run, newest first.');
  });

  it('answers an unknown or malformed task address with a short note', async () => {
    expect((await get('/schedules/9999')).body).toContain('Scheduled task 9999 not found.');
    const malformed = await get('/schedules/abc');
    expect(malformed.body).toContain('a task&#39;s address ends in its number');
    expect(malformed.body).not.toContain('at ');
  });

  it('pages the task list instead of rendering every task', async () => {
    const first = await get('/schedules');
    expect(first.body).not.toContain('Next page');
    const cursorPage = await call<{ next_cursor: string | null }>(app.cos, 'list_scheduled_tasks', { limit: 2 });
    expect(cursorPage.next_cursor).not.toBeNull();
    // The console's own page size is 50: a later page opened by cursor offers the way back.
    const later = await get(`/schedules?cursor=${encodeURIComponent(cursorPage.next_cursor ?? '')}`);
    expect(later.status).toBe(200);
    expect(later.body).toContain('First page');
  });

  it('runs a task now, and enables and disables it, changing what the tools return', async () => {
    const id = ids['skills review'];
    const runs = async () => (await call<{ total: number }>(app.cos, 'list_task_runs', { task_id: id })).total;
    expect(await runs()).toBe(0);
    const ran = await postForm(app, `/schedules/${id}/run`, { return_to: `/schedules/${id}` });
    expect(ran.status).toBe(303);
    expect(ran.location).toBe(`/schedules/${id}#runs`);
    expect(await runs()).toBe(1);
    expect((await get(`/schedules/${id}`)).body).toContain('Ran &quot;skills review&quot;: succeeded in');

    const enabled = await postForm(app, `/schedules/${id}/enabled`, { enabled: 'true', return_to: '/schedules' });
    expect(enabled.location).toBe('/schedules#tasks');
    expect((await task(id))?.enabled).toBe(true);
    expect((await get('/schedules')).body).toMatch(/&quot;skills review&quot; is enabled; next run/);
    await postForm(app, `/schedules/${id}/enabled`, { enabled: 'false', return_to: 'https://evil.example/' }).then((response) => {
      expect(response.location).toBe('/schedules#tasks');
    });
    expect((await task(id))?.enabled).toBe(false);
  });

  it('deletes a task', async () => {
    const { id } = (await call<{ task: Task }>(app.cos, 'create_scheduled_task', { name: 'to delete', schedule_type: 'interval', schedule_config: { hours: 1 }, handler_type: 'retention' })).task;
    const deleted = await postForm(app, `/schedules/${id}/delete`, {});
    expect(deleted.location).toBe('/schedules');
    expect((await app.cos.callTool('list_scheduled_tasks', { task_id: id }, { caller: { kind: 'cli' } })).ok).toBe(false);
    expect((await get('/schedules')).body).toContain('Deleted &quot;to delete&quot; and its run history.');
  });

  it('shows a tool error from an action as a note, not a stack', async () => {
    const response = await postForm(app, '/schedules/9999/run', {});
    expect(response.status).toBe(303);
    const { body } = await get('/schedules');
    expect(body).toContain('Not done: Scheduled task 9999 not found.');
  });

  it('refuses a POST without the CSRF token and changes nothing', async () => {
    const id = ids['nightly retention'];
    const before = await call<{ total: number }>(app.cos, 'list_task_runs', { task_id: id });
    for (const action of ['run', 'enabled', 'delete']) {
      const refused = await postForm(app, `/schedules/${id}/${action}`, { enabled: 'false' }, { csrf: false });
      expect(refused.status).toBe(403);
    }
    expect((await call<{ total: number }>(app.cos, 'list_task_runs', { task_id: id })).total).toBe(before.total);
    expect(await task(id)).toMatchObject({ enabled: true, name: 'nightly retention' });
  });
});

describeWithBrowser('Schedules in a browser', () => {
  let app: TestConsole;

  beforeAll(async () => {
    app = await startTestConsole({ seed });
  }, 60_000);

  afterAll(async () => {
    await app.close();
  });

  it('shows the tasks, disables one by clicking, and has no serious accessibility problems', async () => {
    const browser = await openBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(app.signInLink());
      await page.goto(`${app.url}/schedules`);
      await page.getByRole('link', { name: 'nightly retention' }).first().waitFor();
      expect(await page.getByRole('heading', { name: 'Tasks' }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Disable nightly retention' }).click();
      await page.getByText('"nightly retention" is disabled.').waitFor();
      expect(await page.getByRole('button', { name: 'Enable nightly retention' }).isVisible()).toBe(true);
      expect(await axeCheck(page)).toEqual([]);
      await page.goto(`${app.url}/schedules/${ids['broken hook']}`);
      await page.getByRole('heading', { name: 'Run history' }).waitFor();
      expect(await axeCheck(page)).toEqual([]);
    } finally {
      await browser.close();
    }
    const listed = await app.cos.callTool('list_scheduled_tasks', { task_id: ids['nightly retention'] }, { caller: { kind: 'cli' } });
    expect(listed.ok && (listed.value['items'] as Task[])[0]?.enabled).toBe(false);
  }, 60_000);
});
