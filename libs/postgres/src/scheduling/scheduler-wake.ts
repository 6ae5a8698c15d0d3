/**
 * Waking idle workers on PostgreSQL (ADR 0062): the scheduled tasks repository notifies the `scheduler_wake` channel
 * when a task is created, enabled or moved so that it is due sooner; `listenForSchedulerWake` holds one dedicated
 * connection of the pool in `LISTEN` and hands each notification to a listener, so a worker sleeping until its next
 * tick can look for due work at once instead of up to a tick late.
 */
import type pg from 'pg';

/** The channel (`LISTEN scheduler_wake`) the repository notifies. */
export const SCHEDULER_WAKE_CHANNEL = 'scheduler_wake';

/** A notification's payload: which task, due when. */
export interface SchedulerWake {
  taskId: number;
  nextRunAt: string;
}

export type SchedulerWakeListener = (wake: SchedulerWake) => void;

/** A running subscription; `close()` stops listening and gives the connection back to the pool. */
export interface SchedulerWakeSubscription {
  close(): Promise<void>;
}

function parseWake(payload: string | undefined): SchedulerWake | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Partial<SchedulerWake>;
    if (typeof value.taskId === 'number' && typeof value.nextRunAt === 'string') return { taskId: value.taskId, nextRunAt: value.nextRunAt };
  } catch {
    // Someone else's NOTIFY on the channel: not ours to interpret.
  }
  return undefined;
}

/**
 * Listens on `scheduler_wake` with a connection taken from `pool` for as long as the subscription is open. A listener
 * that throws does not stop the others. If the connection breaks, the subscription ends (the connection is discarded);
 * a worker keeps its regular tick, so a lost wake-up only delays work until then.
 */
export async function listenForSchedulerWake(pool: pg.Pool, listener: SchedulerWakeListener): Promise<SchedulerWakeSubscription> {
  const client = await pool.connect();
  let open = true;
  const onNotification = (message: pg.Notification) => {
    if (message.channel !== SCHEDULER_WAKE_CHANNEL) return;
    const wake = parseWake(message.payload);
    if (wake === undefined) return;
    try {
      listener(wake);
    } catch {
      // The listener's failure is its own; the subscription keeps delivering.
    }
  };
  const onError = (error: Error) => {
    if (!open) return;
    open = false;
    client.removeListener('notification', onNotification);
    client.release(error);
  };
  client.on('notification', onNotification);
  client.on('error', onError);
  try {
    await client.query(`LISTEN ${SCHEDULER_WAKE_CHANNEL}`);
  } catch (error) {
    onError(error as Error);
    throw error;
  }
  return {
    async close() {
      if (!open) return;
      open = false;
      client.removeListener('notification', onNotification);
      try {
        await client.query(`UNLISTEN ${SCHEDULER_WAKE_CHANNEL}`);
        client.removeListener('error', onError);
        client.release();
      } catch (error) {
        client.removeListener('error', onError);
        client.release(error as Error);
      }
    },
  };
}
