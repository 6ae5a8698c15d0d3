/**
 * `scheduler.runInServer: auto`: a user who runs only the MCP server still gets scheduled work done — the server
 * ticks while no worker heartbeat is alive — and the scheduler tools are served over MCP.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectBuiltServer } from './connect-built-server.js';

describe('scheduler in the MCP server', () => {
  let dataDir: string;
  let client: Client;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-server-scheduler-'));
    client = await connectBuiltServer({ dataDir, name: 'scheduler-e2e', env: { COS_SCHEDULER_TICK_SECONDS: '1', COS_PROVIDERS_NOTIFICATIONS: 'log' } });
  });

  afterAll(async () => {
    await client.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a due task without a worker, and reports it through the scheduler tools', async () => {
    await client.callTool({ name: 'create_delegation', arguments: { task: 'Budget deck', delegated_to: 'Dana', due_date: '2026-01-05' } });
    await client.callTool({ name: 'create_alert_rule', arguments: { name: 'late work', alert_type: 'overdue_delegation', condition: {} } });
    const runAt = new Date(Date.now() + 1_500).toISOString();
    const created = await client.callTool({ name: 'create_scheduled_task', arguments: { name: 'check_now', schedule_type: 'once', schedule_config: { run_at: runAt }, handler_type: 'alert_eval' } });
    expect(created.isError).toBeFalsy();
    const taskId = (created.structuredContent as { task: { id: number } }).task.id;
    let runs: Array<{ status: string; result?: { notified?: number } }> = [];
    const deadline = Date.now() + 20_000;
    while (runs.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      runs = ((await client.callTool({ name: 'list_task_runs', arguments: { task_id: taskId } })).structuredContent as { items: typeof runs }).items;
    }
    expect(runs[0]).toMatchObject({ status: 'succeeded', result: { notified: 1 } });
    const status = (await client.callTool({ name: 'get_scheduler_status', arguments: {} })).structuredContent as { tasks: number; handlers: string[] };
    // The eight seeded defaults (alerts, skills, retention, briefing, webhook routing and inbox, proactive push,
    // calendar feeds) plus ours.
    expect(status.tasks).toBe(9);
    expect(status.handlers).toContain('morning_brief');
  });
});
