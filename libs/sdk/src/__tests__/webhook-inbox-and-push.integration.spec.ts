/**
 * The file-drop inbox and the proactive push, through the scheduled tasks that run them: dropped files are imported
 * once and routed, a malformed one is quarantined with the reason, a file still being written waits; the push
 * notifies about each new high-priority suggestion once.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import { startFakeMessagesServer, textTurn, type FakeMessagesServer } from '@chief-of-staff/agents/testing';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

describe('the webhook inbox and the proactive push', () => {
  let dataDir: string;
  let inbox: string;
  let model: FakeMessagesServer;
  let cos: ChiefOfStaff;

  const taskId = async (name: string): Promise<number> => {
    const listed = await cos.callTool('list_scheduled_tasks', { limit: 50 });
    if (!listed.ok) throw new Error(listed.error.message);
    return (listed.value['items'] as Array<{ id: number; name: string }>).find((task) => task.name === name)?.id as number;
  };
  const drop = (relative: string, content: string, ageMs = 10_000) => {
    const file = join(inbox, relative);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, content);
    const at = new Date(Date.now() - ageMs);
    utimesSync(file, at, at);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-inbox-'));
    inbox = join(dataDir, 'webhook-inbox');
    model = await startFakeMessagesServer({ script: [textTurn('Disk on db-2 is nearly full; clean-up scheduled.')] });
    cos = await createChiefOfStaff({ dataDir, config: { webhooks: { sources: { monitoring: {} } } }, env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, COS_PROVIDERS_NOTIFICATIONS: 'log' }, logger: createSilentLogger(), semanticRecall: false });
    // Starting the loop seeds the default tasks; the test runs them by hand.
    await (await cos.startScheduler({ mode: 'worker', version: 'test' })).stop(0);
  });

  afterAll(async () => {
    await cos.close();
    await model.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('imports dropped files once, quarantines a malformed one with the reason, and routes what it imported', async () => {
    expect((await cos.callTool('create_event_rule', { name: 'disks', event_source: 'monitoring', event_type_pattern: 'disk.*', agent_name: 'incident_summarizer' })).ok).toBe(true);
    drop('alert-1.json', JSON.stringify({ source: 'monitoring', event_type: 'disk.full', payload: { host: 'db-2' }, delivery_id: 'a1' }));
    drop('monitoring/alert-2.json', JSON.stringify({ event_type: 'cpu.high', payload: { host: 'web-1' } }));
    drop('broken.json', '{"source": "monitoring", "event_type": ');
    drop('fresh.json', JSON.stringify({ source: 'monitoring', event_type: 'disk.full', delivery_id: 'a9' }), 0);

    const run = await cos.scheduler.runNow(await taskId('webhook_inbox'));
    expect(run).toMatchObject({ status: 'succeeded', result: { imported: 2, duplicates: 0, failed: 1 } });
    expect(readdirSync(join(inbox, 'processed')).sort()).toEqual(['alert-1.json', 'alert-2.json']);
    expect(readFileSync(join(inbox, 'failed', 'broken.json.error.txt'), 'utf8')).toMatch(/not valid JSON/);
    expect(existsSync(join(inbox, 'fresh.json'))).toBe(true);

    const events = await cos.callTool('list_webhook_events', { source: 'monitoring' });
    if (!events.ok) throw new Error(events.error.message);
    const byType = Object.fromEntries((events.value['items'] as Array<{ event_type: string; status: string; received_via: string }>).map((event) => [event.event_type, event]));
    expect(byType['disk.full']).toMatchObject({ status: 'processed', received_via: 'inbox' });
    expect(byType['cpu.high']).toMatchObject({ status: 'unrouted' });

    // The same file dropped again is the same event. (The file still being written is touched again: on a slow
    // machine the first run can take long enough for it to count as finished.)
    drop('alert-1.json', JSON.stringify({ source: 'monitoring', event_type: 'disk.full', payload: { host: 'db-2' }, delivery_id: 'a1' }));
    utimesSync(join(inbox, 'fresh.json'), new Date(), new Date());
    expect(await cos.scheduler.runNow(await taskId('webhook_inbox'))).toMatchObject({ result: { imported: 0, duplicates: 1 } });
  });

  it('pushes each new high-priority suggestion once', async () => {
    expect((await cos.callTool('create_delegation', { task: 'Send the board deck', delegated_to: 'Dana', due_date: '2020-01-01' })).ok).toBe(true);
    const first = await cos.scheduler.runNow(await taskId('proactive_push'));
    expect(first).toMatchObject({ status: 'succeeded', result: { pushed: 1 } });
    const second = await cos.scheduler.runNow(await taskId('proactive_push'));
    expect(second).toMatchObject({ status: 'succeeded', result: { pushed: 0 } });
  });
});
