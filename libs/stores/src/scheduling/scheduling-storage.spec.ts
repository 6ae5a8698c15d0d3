import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '../testing/create-test-memory-store.js';

describe('scheduled tasks, runs and heartbeat storage', () => {
  let clock: FakeClock;
  let store: TestMemoryStore;
  beforeEach(() => {
    clock = new FakeClock('2026-04-01T08:00:00.000Z');
    store = createTestMemoryStore({ clock });
  });
  afterEach(() => store.cleanup());

  const task = (name: string, nextRunAt: string | null) =>
    store.scheduledTasks.create({
      name,
      scheduleType: 'interval',
      scheduleConfig: { minutes: 5 },
      handlerType: 'alert_eval',
      nextRunAt,
      createdBy: 'user',
    }).task;

  it('lists by next run (nulls last) and hands a due task to one lease owner at a time', () => {
    const due = task('due', '2026-04-01T07:59:00.000Z');
    task('later', '2026-04-01T09:00:00.000Z');
    task('unscheduled', null);
    expect(store.scheduledTasks.list({}, {}).items.map((t) => t.name)).toEqual(['due', 'later', 'unscheduled']);
    const now = clock.now().toISOString();
    expect(store.scheduledTasks.listDue(now, 10).map((t) => t.id)).toEqual([due.id]);
    expect(store.scheduledTasks.acquireLease(due.id, 'worker-a', '2026-04-01T08:05:00.000Z')).toBe(true);
    expect(store.scheduledTasks.acquireLease(due.id, 'worker-b', '2026-04-01T08:05:00.000Z')).toBe(false);
    expect(store.scheduledTasks.listDue(now, 10)).toEqual([]);
    clock.set('2026-04-01T08:06:00.000Z');
    // An expired lease can be taken over.
    expect(store.scheduledTasks.acquireLease(due.id, 'worker-b', '2026-04-01T08:11:00.000Z')).toBe(true);
    const run = store.taskRuns.start({ taskId: due.id, trigger: 'scheduled' });
    store.taskRuns.finish(run.id, { status: 'failed', error: 'boom' });
    const after = store.scheduledTasks.completeRun(due.id, 'worker-b', {
      lastRunAt: clock.now().toISOString(),
      lastStatus: 'failed',
      lastError: 'boom',
      nextRunAt: '2026-04-01T08:11:00.000Z',
    });
    expect(after).toMatchObject({ leaseOwner: null, consecutiveFailures: 1, lastStatus: 'failed', nextRunAt: '2026-04-01T08:11:00.000Z' });
    expect(store.taskRuns.list({ taskId: due.id }, {}).items.map((r) => r.status)).toEqual(['failed']);
    expect(store.scheduledTasks.delete(due.id)).toBe(true);
    // Runs are deleted with their task.
    expect(store.taskRuns.get(run.id)).toBeUndefined();
  });

  it('refreshes the worker heartbeat in place', () => {
    store.workerHeartbeat.beat({ id: 'w1', pid: 10, version: '0.1.0', startedAt: '2026-04-01T07:00:00.000Z' });
    clock.advance(30_000);
    const beat = store.workerHeartbeat.beat({ id: 'w1', pid: 10, version: '0.1.0', startedAt: '2026-04-01T07:00:00.000Z' });
    expect(beat.lastHeartbeatAt).toBe('2026-04-01T08:00:30.000Z');
    expect(store.workerHeartbeat.latest()?.id).toBe('w1');
  });
});
