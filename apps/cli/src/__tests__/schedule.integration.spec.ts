/** `cos schedule` through the built CLI: add with clear errors for bad input, list, run now, history, remove. */
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
});
