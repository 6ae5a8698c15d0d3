import { afterEach, describe, expect, it } from '@jest/globals';
import { createSilentLogger, FakeClock, loadConfig } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import { SchedulerEngine } from '@chief-of-staff/scheduler';
import { startSchedulerLoop } from './scheduler-loop.js';

describe('the scheduler loop', () => {
  let store: TestMemoryStore | undefined;
  afterEach(() => store?.close());

  it('starts while the storage is down, keeps ticking, and seeds the default tasks once it answers', async () => {
    const clock = new FakeClock('2026-03-02T08:00:00.000Z', 'UTC');
    store = createTestMemoryStore({ clock });
    const config = loadConfig({ env: { COS_DATA_DIR: store.dataDir, COS_TIMEZONE: 'UTC' }, overrides: { scheduler: { tickSeconds: 1 } } });
    const scheduler = new SchedulerEngine({ memory: store, config, clock, logger: createSilentLogger(), owner: 'test' });
    // The database is down: every lookup of a task fails, as a refused connection does.
    const getByName = store.scheduledTasks.getByName.bind(store.scheduledTasks);
    let down = true;
    store.scheduledTasks.getByName = (name) => (down ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) : getByName(name));
    const loop = await startSchedulerLoop({ memory: store, scheduler, config, clock, logger: createSilentLogger() }, { mode: 'worker' });
    try {
      expect(await store.scheduledTasks.all()).toEqual([]);
      down = false;
      const deadline = Date.now() + 5_000;
      while ((await store.scheduledTasks.all()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await store.scheduledTasks.all()).map((task) => task.name)).toContain('alert_eval');
    } finally {
      await loop.stop(0);
    }
  });
});
