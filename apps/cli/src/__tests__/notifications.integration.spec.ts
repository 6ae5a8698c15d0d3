/**
 * `cos notifications` through the built CLI: an alert raised by a scheduled alert_eval run shows up, newest first, with
 * a message that names the person, the task and how late it is; filters and a bad `--since` behave.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { createCliSandbox } from './run-cli.js';

const sandbox = createCliSandbox('notifications');
afterAll(() => sandbox.remove());

/** `YYYY-MM-DD` that many days before today (UTC, the sandbox's zone). */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

describe('cos notifications', () => {
  it('is empty at first, then lists the alert the worker sent with who, what and how late', async () => {
    const empty = await sandbox.run(['notifications']);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain('No notifications sent yet');

    const due = daysAgo(3);
    expect((await sandbox.run(['call', 'create_delegation', JSON.stringify({ task: 'Budget review', delegated_to: 'Tom Becker', due_date: due })])).code).toBe(0);
    expect((await sandbox.run(['call', 'create_alert_rule', JSON.stringify({ name: 'late work', alert_type: 'overdue_delegation', condition: {} })])).code).toBe(0);
    expect((await sandbox.run(['schedule', 'add', 'alerts', 'alert_eval', '--every', '60'])).code).toBe(0);
    expect((await sandbox.run(['schedule', 'run', 'alerts'])).code).toBe(0);
    expect((await sandbox.run(['call', 'send_notification', '{"title":"Later one","message":"Sent by hand."}'])).code).toBe(0);

    const table = await sandbox.run(['notifications']);
    expect(table.code).toBe(0);
    const rows = table.stdout.split('\n').filter((line) => /^\d+\s/.test(line));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Later one');
    expect(rows[1]).toMatch(/alert\s+\w+\s+Alert: late work\s+Delegation to Tom Becker overdue by 3 days: Budget review \(due \d+ \w{3}\)/);

    const alerts = await sandbox.run(['notifications', '--since', '7d', '--origin', 'alert', '--json']);
    expect(alerts.code).toBe(0);
    expect(alerts.json<{ items: Array<Record<string, unknown>>; total: number }>()).toMatchObject({
      total: 1,
      items: [{ title: 'Alert: late work', origin: 'alert', message: expect.stringContaining('overdue by 3 days: Budget review') }],
    });
  });

  it('refuses a --since it cannot read with the forms it takes, exit 2', async () => {
    const bad = await sandbox.run(['notifications', '--since', 'yesterday']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Use a span back from now (7d, 12h), a date');
  });
});
