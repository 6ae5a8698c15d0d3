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
  afterEach(async () => await store.cleanup());

  const task = async (name: string, nextRunAt: string | null) =>
    (await store.scheduledTasks.create({
      name,
      scheduleType: 'interval',
      scheduleConfig: { minutes: 5 },
      handlerType: 'alert_eval',
      nextRunAt,
      createdBy: 'user',
    })).task;

  it('lists by next run (nulls last) and hands a due task to one lease owner at a time', async () => {
    const due = await task('due', '2026-04-01T07:59:00.000Z');
    await task('later', '2026-04-01T09:00:00.000Z');
    await task('unscheduled', null);
    expect((await store.scheduledTasks.list({}, {})).items.map((t) => t.name)).toEqual(['due', 'later', 'unscheduled']);
    const now = clock.now().toISOString();
    expect((await store.scheduledTasks.listDue(now, 10)).map((t) => t.id)).toEqual([due.id]);
    expect(await store.scheduledTasks.acquireLease(due.id, 'worker-a', '2026-04-01T08:05:00.000Z')).toBe(true);
    expect(await store.scheduledTasks.acquireLease(due.id, 'worker-b', '2026-04-01T08:05:00.000Z')).toBe(false);
    expect(await store.scheduledTasks.listDue(now, 10)).toEqual([]);
    clock.set('2026-04-01T08:06:00.000Z');
    // An expired lease can be taken over.
    expect(await store.scheduledTasks.acquireLease(due.id, 'worker-b', '2026-04-01T08:11:00.000Z')).toBe(true);
    const run = await store.taskRuns.start({ taskId: due.id, trigger: 'scheduled' });
    await store.taskRuns.finish(run.id, { status: 'failed', error: 'boom' });
    const after = await store.scheduledTasks.completeRun(due.id, 'worker-b', {
      lastRunAt: clock.now().toISOString(),
      lastStatus: 'failed',
      lastError: 'boom',
      nextRunAt: '2026-04-01T08:11:00.000Z',
    });
    expect(after).toMatchObject({ leaseOwner: null, consecutiveFailures: 1, lastStatus: 'failed', nextRunAt: '2026-04-01T08:11:00.000Z' });
    expect((await store.taskRuns.list({ taskId: due.id }, {})).items.map((r) => r.status)).toEqual(['failed']);
    expect(await store.scheduledTasks.delete(due.id)).toBe(true);
    // Runs are deleted with their task.
    expect(await store.taskRuns.get(run.id)).toBeUndefined();
  });

  it('refreshes the worker heartbeat in place', async () => {
    await store.workerHeartbeat.beat({ id: 'w1', pid: 10, version: '0.1.0', startedAt: '2026-04-01T07:00:00.000Z' });
    clock.advance(30_000);
    const beat = await store.workerHeartbeat.beat({ id: 'w1', pid: 10, version: '0.1.0', startedAt: '2026-04-01T07:00:00.000Z' });
    expect(beat.lastHeartbeatAt).toBe('2026-04-01T08:00:30.000Z');
    expect((await store.workerHeartbeat.latest())?.id).toBe('w1');
  });

  it('claims a due occurrence and records its run in one call: run, skip, broken schedule, or lost to another owner', async () => {
    const dueAt = '2026-04-01T07:59:00.000Z';
    const lease = '2026-04-01T08:05:00.000Z';
    const run = await task('run', dueAt);
    const claimed = await store.scheduledTasks.claimDue(run.id, 'worker-a', lease, dueAt, { kind: 'run', nextRunAt: '2026-04-01T08:04:00.000Z' });
    expect(claimed).toEqual({ outcome: 'claimed', runId: expect.any(Number) });
    expect(await store.taskRuns.get((claimed as { runId: number }).runId)).toMatchObject({ taskId: run.id, status: 'running', trigger: 'scheduled' });
    expect(await store.scheduledTasks.get(run.id)).toMatchObject({ leaseOwner: 'worker-a', nextRunAt: '2026-04-01T08:04:00.000Z', enabled: true });
    // The same occurrence again (another worker, a stale copy): lost, and nothing is written.
    expect(await store.scheduledTasks.claimDue(run.id, 'worker-b', lease, dueAt, { kind: 'run', nextRunAt: '2026-04-01T08:04:00.000Z' })).toEqual({ outcome: 'lost' });
    expect((await store.taskRuns.list({ taskId: run.id }, {})).total).toBe(1);

    const skip = await task('skip', dueAt);
    const reason = 'missed while no worker was running';
    expect(await store.scheduledTasks.claimDue(skip.id, 'worker-a', lease, dueAt, { kind: 'skip', nextRunAt: null, lastRunAt: '2026-04-01T08:00:00.000Z', reason })).toEqual({ outcome: 'skipped' });
    expect((await store.taskRuns.list({ taskId: skip.id }, {})).items).toMatchObject([{ status: 'skipped', error: reason }]);
    // The last occurrence: disabled, its lease released at once.
    expect(await store.scheduledTasks.get(skip.id)).toMatchObject({ enabled: false, nextRunAt: null, leaseOwner: null, lastStatus: 'skipped', lastRunAt: '2026-04-01T08:00:00.000Z' });

    const broken = await task('broken', dueAt);
    expect(await store.scheduledTasks.claimDue(broken.id, 'worker-a', lease, dueAt, { kind: 'broken', runError: 'bad maths', taskError: 'Fix it.' })).toEqual({ outcome: 'disabled' });
    expect((await store.taskRuns.list({ taskId: broken.id }, {})).items).toMatchObject([{ status: 'failed', error: 'bad maths' }]);
    expect(await store.scheduledTasks.get(broken.id)).toMatchObject({ enabled: false, leaseOwner: null, lastStatus: 'failed', lastError: 'Fix it.' });
  });

  it("records a run's outcome and its task's state together, and neither when the run row is refused", async () => {
    const dueAt = '2026-04-01T07:59:00.000Z';
    const due = await task('due', dueAt);
    const claimed = (await store.scheduledTasks.claimDue(due.id, 'worker-a', '2026-04-01T08:05:00.000Z', dueAt, { kind: 'run', nextRunAt: null })) as { runId: number };
    const outcome = { lastRunAt: clock.now().toISOString(), lastStatus: 'succeeded' as const, lastError: null };
    expect(await store.scheduledTasks.finishRun(due.id, 'worker-a', outcome, { id: claimed.runId, status: 'succeeded', result: { ok: 1 } })).toBe(true);
    expect(await store.taskRuns.get(claimed.runId)).toMatchObject({ status: 'succeeded', result: { ok: 1 } });
    expect(await store.scheduledTasks.get(due.id)).toMatchObject({ leaseOwner: null, lastStatus: 'succeeded' });
    // An invalid run status rolls the task's update back too.
    await store.scheduledTasks.acquireLease(due.id, 'worker-a', '2026-04-01T08:10:00.000Z');
    await expect(
      store.scheduledTasks.finishRun(due.id, 'worker-a', { ...outcome, lastStatus: 'failed' }, { id: claimed.runId, status: 'exploded' as 'failed' }),
    ).rejects.toThrow(/status/);
    expect(await store.scheduledTasks.get(due.id)).toMatchObject({ leaseOwner: 'worker-a', lastStatus: 'succeeded' });
  });

  it("counts failures in a row until a run succeeds, keeps the next run when none is given, and leaves another owner's lease alone", async () => {
    const due = await task('flaky', '2026-04-01T09:00:00.000Z');
    const end = (lastStatus: 'failed' | 'timeout' | 'skipped' | 'succeeded', nextRunAt?: string | null) =>
      store.scheduledTasks.completeRun(due.id, 'worker-a', { lastRunAt: clock.now().toISOString(), lastStatus, lastError: lastStatus === 'succeeded' ? null : lastStatus, ...(nextRunAt === undefined ? {} : { nextRunAt }) });
    expect(await end('failed')).toMatchObject({ consecutiveFailures: 1, nextRunAt: '2026-04-01T09:00:00.000Z', lastError: 'failed' });
    expect(await end('timeout')).toMatchObject({ consecutiveFailures: 2, lastStatus: 'timeout' });
    expect(await end('skipped')).toMatchObject({ consecutiveFailures: 2, lastStatus: 'skipped' });
    expect(await end('succeeded', null)).toMatchObject({ consecutiveFailures: 0, nextRunAt: null, lastError: null });
    await store.scheduledTasks.acquireLease(due.id, 'worker-b', '2026-04-01T08:05:00.000Z');
    expect(await end('failed')).toBeUndefined();
    expect(await store.scheduledTasks.finishRun(due.id, 'worker-a', { lastRunAt: clock.now().toISOString(), lastStatus: 'failed', lastError: 'x' })).toBe(false);
    expect(await store.scheduledTasks.get(due.id)).toMatchObject({ leaseOwner: 'worker-b', consecutiveFailures: 0, lastStatus: 'succeeded' });
  });
});
