/**
 * The tick loop shared by the worker app and the MCP server: seeds the default tasks, ticks the engine every
 * `scheduler.tickSeconds`, and keeps a heartbeat row so other processes know a worker is alive. In `auto` mode (the
 * MCP server) it ticks only while no live worker heartbeat exists, so a running `cos worker` takes precedence.
 */
import { newUuid, type Clock, type CosConfig, type Logger } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import { seedDefaultTasks, type SchedulerEngine } from '@chief-of-staff/scheduler';

export interface SchedulerLoopOptions {
  /** `worker`: always tick and write a heartbeat; `auto`: tick only when no worker heartbeat is live. */
  mode: 'worker' | 'auto';
  version?: string;
}

export interface SchedulerLoop {
  readonly id: string;
  /** When the last tick finished, or null before the first. */
  lastTickAt(): string | null;
  /** Stops ticking, lets running tasks finish or abort them after `graceMs`, and removes the heartbeat. */
  stop(graceMs?: number): Promise<void>;
}

export interface SchedulerLoopDeps {
  memory: MemoryStore;
  scheduler: SchedulerEngine;
  config: CosConfig;
  clock: Clock;
  logger: Logger;
}

export async function startSchedulerLoop(cos: SchedulerLoopDeps, options: SchedulerLoopOptions): Promise<SchedulerLoop> {
  const { memory } = cos;
  const id = `${options.mode}-${process.pid}-${newUuid().slice(0, 8)}`;
  const startedAt = cos.clock.now().toISOString();
  const tickMs = cos.config.scheduler.tickSeconds * 1_000;
  let seeded = false;
  const seed = async (): Promise<void> => {
    const created = await seedDefaultTasks({ memory, clock: cos.clock, timezone: cos.config.timezone, handlers: cos.scheduler.handlers });
    seeded = true;
    if (created.length > 0) cos.logger.info({ tasks: created }, 'seeded default scheduled tasks');
  };
  // Seeded now when the storage answers; a database that is down (or goes down during start-up) is tried again on
  // each tick, so the process that runs the loop keeps serving and catches up once it is back.
  await seed().catch((error: unknown) => cos.logger.error({ err: error }, 'could not seed the default scheduled tasks; trying again on the next tick'));
  let last: string | null = null;
  let stopped = false;

  const workerAlive = async (): Promise<boolean> => {
    const beat = await memory.workerHeartbeat.latest();
    return beat !== undefined && !beat.id.startsWith('auto-') && cos.clock.now().getTime() - Date.parse(beat.lastHeartbeatAt) < 2 * tickMs;
  };

  const tick = async (): Promise<void> => {
    if (stopped) return;
    try {
      if (!seeded) await seed();
      if (options.mode === 'auto' && await workerAlive()) return;
      await memory.workerHeartbeat.beat({ id, pid: process.pid, version: options.version ?? '0.1.0', startedAt });
      const summary = await cos.scheduler.tick();
      if (summary.claimed + summary.recovered + summary.disabled + summary.skipped > 0) cos.logger.debug({ ...summary }, 'scheduler tick');
      last = cos.clock.now().toISOString();
    } catch (error) {
      // A tick that fails (a locked database, say) is logged and retried on the next one; the loop never dies.
      cos.logger.error({ err: error }, 'scheduler tick failed');
    }
  };
  const timer = setInterval(() => void tick(), tickMs);
  void tick();
  // Where the storage announces tasks made due sooner (PostgreSQL), tick when one falls due rather than up to a whole
  // tick later; the engine's claims keep an occurrence from running twice whatever wakes it.
  const early = new Set<NodeJS.Timeout>();
  const listen = memory.onSchedulerWake?.((due) => {
    const delay = Date.parse(due.nextRunAt) - cos.clock.now().getTime();
    if (!(delay < tickMs)) return;
    const timeout = setTimeout(() => {
      early.delete(timeout);
      void tick();
    }, Math.max(0, delay));
    timeout.unref();
    early.add(timeout);
  });
  // Without the notifications (the database is down at start) the loop still ticks on its interval.
  const wake = await listen?.catch((error: unknown) => {
    cos.logger.warn({ err: error }, 'could not listen for tasks made due sooner; ticking on the interval only');
    return undefined;
  });

  return {
    id,
    lastTickAt: () => last,
    async stop(graceMs = 500) {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      for (const timeout of early) clearTimeout(timeout);
      await wake?.close();
      await cos.scheduler.stop(graceMs);
      await memory.workerHeartbeat.remove(id);
    },
  };
}
