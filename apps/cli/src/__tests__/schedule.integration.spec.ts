/**
 * `cos schedule` through the built CLI: add with clear errors for bad input, list, run now, history, remove; a failed
 * run exits 1; a run says what it did and where its output went; times in the user's zone; a duplicate name is
 * replaced with --replace.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { createCliSandbox } from './run-cli.js';

const sandbox = createCliSandbox('schedule');
afterAll(() => sandbox.remove());

describe('cos schedule', () => {
  it('refuses a bad cron expression or handler with the reason, exit code 2, storing nothing', async () => {
    const badCron = await sandbox.run(['schedule', 'add', 'nightly', 'alert_eval', '--cron', '61 * * * *']);
    expect(badCron.code).toBe(2);
    expect(badCron.stderr).toContain('Invalid value for minute');
    const badHandler = await sandbox.run(['schedule', 'add', 'shell', 'run_shell', '--every', '5']);
    expect(badHandler.code).toBe(2);
    expect(badHandler.stderr).toContain('alert_eval');
    const neither = await sandbox.run(['schedule', 'add', 'x', 'alert_eval']);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('exactly one of --every');
    expect((await sandbox.run(['schedule', 'list', '--json'])).json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('adds, lists, runs now, shows the history and removes a task', async () => {
    const added = await sandbox.run(['schedule', 'add', 'alerts', 'alert_eval', '--every', '120', '--json']);
    expect(added.code).toBe(0);
    const id = added.json<{ task: { id: number } }>().task.id;
    const list = await sandbox.run(['schedule', 'list']);
    expect(list.stdout).toContain('alerts');
    expect(list.stdout).toContain('every 120 minutes');
    const ran = await sandbox.run(['schedule', 'run', String(id)]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('succeeded');
    const runs = await sandbox.run(['schedule', 'runs', String(id), '--json']);
    expect(runs.json<{ items: Array<{ trigger: string; status: string }> }>().items).toEqual([expect.objectContaining({ trigger: 'manual', status: 'succeeded' })]);
    expect((await sandbox.run(['schedule', 'remove', String(id)])).code).toBe(0);
    expect((await sandbox.run(['schedule', 'run', String(id)])).code).not.toBe(0);
  });

  it('a failed run exits 1 with the reason; a successful one says what it did and where its output went', async () => {
    const config = JSON.stringify({ agent: 'daily_briefing', instruction: 'Brief me.' });
    expect((await sandbox.run(['schedule', 'add', 'briefing', 'run_agent', '--every', '60', '--config', config])).code).toBe(0);
    const failed = await sandbox.run(['schedule', 'run', 'briefing']);
    expect(failed.stdout).toMatch(/Run \d+: failed — /);
    expect(failed.code).toBe(1);
    const failedJson = await sandbox.run(['schedule', 'run', 'briefing', '--json']);
    expect(failedJson.json<{ run: { status: string } }>().run.status).toBe('failed');
    expect(failedJson.code).toBe(1);
    expect((await sandbox.run(['schedule', 'add', 'checks', 'alert_eval', '--every', '60'])).code).toBe(0);
    const ok = await sandbox.run(['schedule', 'run', 'checks']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/Run \d+: succeeded — rules evaluated: 0, rules triggered: 0, notified: 0, suppressed: 0\./);
    expect(ok.stdout).toContain('Not delivered anywhere (the task has no delivery channel)');
    expect((await sandbox.run(['schedule', 'add', 'checks_notified', 'alert_eval', '--every', '60', '--notify'])).code).toBe(0);
    expect((await sandbox.run(['schedule', 'run', 'checks_notified'])).stdout).toContain('Delivered as a notification.');
  });

  it('shows times in the configured zone with the zone and runs by task name; --json keeps ISO times', async () => {
    const berlin = { COS_TIMEZONE: 'Europe/Berlin' };
    const added = await sandbox.run(['schedule', 'add', 'berlin_morning', 'alert_eval', '--cron', '0 8 * * *'], berlin);
    expect(added.stdout).toMatch(/next run \d{4}-\d{2}-\d{2} 08:00 CES?T\./);
    const list = await sandbox.run(['schedule', 'list'], berlin);
    expect(list.stdout).toMatch(/berlin_morning .* \d{4}-\d{2}-\d{2} 08:00 CES?T/);
    const listed = (await sandbox.run(['schedule', 'list', '--json'], berlin)).json<{ items: Array<{ name: string; next_run_at: string }> }>().items;
    expect(listed.find((task) => task.name === 'berlin_morning')?.next_run_at).toMatch(/^\d{4}-\d{2}-\d{2}T0[67]:00:00\.000Z$/);
    expect((await sandbox.run(['schedule', 'run', 'berlin_morning'], berlin)).code).toBe(0);
    const runs = await sandbox.run(['schedule', 'runs', 'berlin_morning'], berlin);
    expect(runs.stdout).toMatch(/\d+ +berlin_morning +manual +succeeded +\d{4}-\d{2}-\d{2} \d{2}:\d{2} CES?T/);
    expect(runs.stdout).not.toMatch(/T\d{2}:\d{2}:\d{2}/);
  });

  it('a duplicate name says how to replace it from the CLI, and --replace does', async () => {
    const first = (await sandbox.run(['schedule', 'add', 'dup', 'alert_eval', '--every', '30', '--json'])).json<{ task: { id: number } }>().task.id;
    const again = await sandbox.run(['schedule', 'add', 'dup', 'alert_eval', '--every', '45']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    expect(again.stderr).toContain('--replace');
    expect(again.stderr).not.toContain('upsert');
    const replaced = await sandbox.run(['schedule', 'add', 'dup', 'alert_eval', '--every', '45', '--replace', '--json']);
    expect(replaced.code).toBe(0);
    expect(replaced.json<{ task: { id: number; schedule_config: unknown } }>().task).toMatchObject({ id: first, schedule_config: { minutes: 45 } });
  });
});
