/**
 * The scheduler engine: finds due occurrences, claims each with one atomic UPDATE (lease + advanced next run, see
 * `claimOccurrence`), runs its handler under a timeout with the lease renewed while it works, delivers the result,
 * and records the run. Two workers — or a worker and a manual `run_scheduled_task` — never run one occurrence
 * twice. A worker that dies mid-run leaves its lease to expire; the next tick anywhere takes the task over, marks
 * the abandoned run failed and runs the occurrence again. Work drains at up to `maxConcurrent` runs at a time.
 *
 * In team mode the tasks belong to several principals (ADR 0080): finding, claiming and recovering occurrences happens
 * in the system scope, which sees every principal's tasks, and each run — its handler, delivery, notifications and the
 * recording of its outcome — happens in the scope of the task's principal, so what it reads and writes is theirs.
 */
import { DateTime } from 'luxon';
import { OWNER_PRINCIPAL, runInPrincipalScope, runInSystemScope, ToolError } from '@chief-of-staff/core';
import type { DueClaim, DueClaimResult, ScheduledTaskRecord, TaskRunRecord } from '@chief-of-staff/stores';
import { deliverResult, type DeliveryRecord } from '../delivery/deliver-result.js';
import { resultText } from '../delivery/render-template.js';
import { BUILT_IN_HANDLERS } from '../handlers/built-in-handlers.js';
import type { AnyTaskHandler, HandlerResult, SchedulerPorts } from '../handlers/task-handler.js';
import { nextRunAfter, ScheduleError } from '../schedules/next-run.js';

export interface SchedulerEngineOptions extends SchedulerPorts {
  /** Unique per process: the lease owner written on claimed tasks. */
  owner: string;
  handlers?: ReadonlyMap<string, AnyTaskHandler>;
  /** Runs at the same time (default 4). */
  maxConcurrent?: number;
}

export interface TickSummary {
  claimed: number;
  recovered: number;
  /** Tasks disabled because their schedule cannot be computed. */
  disabled: number;
  /** Missed occurrences recorded as skipped (`scheduler.missedRuns: skip`). */
  skipped: number;
}

type Trigger = 'scheduled' | 'manual';

const DUE_BATCH = 100;

export class SchedulerEngine {
  readonly #options: SchedulerEngineOptions;
  readonly #handlers: ReadonlyMap<string, AnyTaskHandler>;
  readonly #running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  #stopping = false;
  #draining: Promise<TickSummary> | undefined;
  #drainAgain = false;
  #recoverDue = false;
  #candidates: ScheduledTaskRecord[] = [];

  constructor(options: SchedulerEngineOptions) {
    this.#options = options;
    this.#handlers = options.handlers ?? BUILT_IN_HANDLERS;
  }

  get handlerTypes(): readonly string[] {
    return [...this.#handlers.keys()];
  }

  get handlers(): ReadonlyMap<string, AnyTaskHandler> {
    return this.#handlers;
  }

  get runningCount(): number {
    return this.#running.size;
  }

  get #maxConcurrent(): number {
    return this.#options.maxConcurrent ?? 4;
  }

  get #handlerTimeoutMs(): number {
    return this.#options.config.scheduler.handlerTimeoutSeconds * 1_000;
  }

  /** Lease length: the handler timeout plus a grace period (renewed while the run lasts). */
  get #leaseMs(): number {
    return this.#handlerTimeoutMs + this.#options.config.scheduler.leaseGraceSeconds * 1_000;
  }

  #leaseUntil(): string {
    return new Date(this.#options.clock.now().getTime() + this.#leaseMs).toISOString();
  }

  /** One tick: takes over abandoned runs, then claims and starts due occurrences until none is left or all slots are busy. */
  tick(): Promise<TickSummary> {
    this.#recoverDue = true;
    // Each tick reads due tasks afresh (an edited task is never run from an old copy); refills reuse the batch.
    if (!this.#draining) this.#candidates = [];
    return this.#refill();
  }

  /**
   * Drains due work. Drains never overlap: one asked for while another runs (a run just freed its slot) makes the
   * running one go round once more, so freed slots are refilled at once rather than on the next tick.
   */
  #refill(): Promise<TickSummary> {
    if (this.#draining) {
      this.#drainAgain = true;
      return this.#draining;
    }
    this.#draining = this.#drainUntilSettled().finally(() => {
      this.#draining = undefined;
      if (this.#drainAgain && !this.#stopping) void this.#refill();
    });
    return this.#draining;
  }

  async #drainUntilSettled(): Promise<TickSummary> {
    const total: TickSummary = { claimed: 0, recovered: 0, disabled: 0, skipped: 0 };
    do {
      this.#drainAgain = false;
      // Abandoned leases are looked for once per tick, not on every refill (it scans the task table).
      const recover = this.#recoverDue;
      this.#recoverDue = false;
      const summary = await runInSystemScope(() => this.#drain(recover));
      total.claimed += summary.claimed;
      total.recovered += summary.recovered;
      total.disabled += summary.disabled;
      total.skipped += summary.skipped;
    } while (this.#drainAgain && !this.#stopping);
    return total;
  }

  async #drain(recover: boolean): Promise<TickSummary> {
    const summary: TickSummary = { claimed: 0, recovered: 0, disabled: 0, skipped: 0 };
    if (this.#stopping) return summary;
    const { memory, clock } = this.#options;
    const now = clock.now().toISOString();
    for (const task of recover ? await memory.scheduledTasks.listOrphaned(now, DUE_BATCH) : []) {
      if (this.#running.size >= this.#maxConcurrent || this.#running.has(task.id)) continue;
      if (!await memory.scheduledTasks.reclaimOrphaned(task.id, this.#options.owner, this.#leaseUntil())) continue;
      const abandoned = await memory.taskRuns.failRunning(task.id, 'the worker running it stopped before it finished');
      this.#options.logger.warn({ task: task.name, abandoned }, 'took over a scheduled task whose worker stopped mid-run');
      summary.recovered += 1;
      this.#start(task, 'scheduled');
    }
    // Due tasks are read in batches and kept between drains: each finished run refills its slot from this queue
    // instead of querying again. A stale entry (claimed elsewhere meanwhile) simply fails its claim.
    let refreshed = false;
    while (!this.#stopping && this.#running.size < this.#maxConcurrent) {
      if (this.#candidates.length === 0) {
        if (refreshed) break;
        this.#candidates = await memory.scheduledTasks.listDue(clock.now().toISOString(), DUE_BATCH);
        refreshed = true;
        if (this.#candidates.length === 0) break;
      }
      const task = this.#candidates.shift() as ScheduledTaskRecord;
      if (this.#running.has(task.id)) continue;
      // Claim and run row commit together (one store call): a claimed occurrence always has its run on record.
      let outcome: DueClaimResult;
      try {
        outcome = await this.#claim(task);
      } catch (error) {
        // One task's failure (its transaction rolled back) must not stop the others due in this drain.
        this.#options.logger.error({ err: error, task: task.name }, 'could not claim a due scheduled task; the others carry on');
        continue;
      }
      if (outcome.outcome === 'claimed') {
        summary.claimed += 1;
        this.#start(task, 'scheduled', outcome.runId);
      } else if (outcome.outcome !== 'lost') {
        summary[outcome.outcome] += 1;
      }
    }
    return summary;
  }

  /** Works out what to do with the due occurrence (run, skip, or disable a broken schedule), then claims it so. */
  async #claim(task: ScheduledTaskRecord): Promise<DueClaimResult> {
    const { memory, clock, config } = this.#options;
    const dueAt = task.nextRunAt as string;
    const claim = (what: DueClaim) => memory.scheduledTasks.claimDue(task.id, this.#options.owner, this.#leaseUntil(), dueAt, what);
    let nextRunAt: string | null;
    try {
      // Whatever is stored in the row, its maths fails only this task: the error disables it, never the tick.
      nextRunAt = nextRunAfter(task.scheduleType, task.scheduleConfig, new Date(dueAt), clock.now(), task.timezone ?? config.timezone)?.toISOString() ?? null;
    } catch (caught) {
      const error = caught instanceof ScheduleError ? caught : new ScheduleError(caught instanceof Error ? caught.message : String(caught));
      const outcome = await claim({
        kind: 'broken',
        runError: `schedule cannot be computed: ${error.message}`,
        taskError: `The schedule cannot be computed (${error.message}); the task was disabled. Fix it with update_scheduled_task.`,
      });
      if (outcome.outcome === 'disabled') this.#options.logger.warn({ task: task.name, err: error }, 'scheduled task disabled: its schedule cannot be computed');
      return outcome;
    }
    const lateMs = clock.now().getTime() - Date.parse(dueAt);
    if (config.scheduler.missedRuns === 'skip' && lateMs > 2 * config.scheduler.tickSeconds * 1_000) {
      // Missed while no worker was up, and the user prefers skipping such runs to running them late.
      return claim({
        kind: 'skip',
        nextRunAt,
        lastRunAt: clock.now().toISOString(),
        reason: `missed at ${dueAt} while no worker was running (scheduler.missedRuns: skip)`,
      });
    }
    return claim({ kind: 'run', nextRunAt });
  }

  /**
   * Runs a task now, outside its schedule (`run_scheduled_task`). It takes the task's lease like a scheduled run, so
   * it cannot overlap a run in another process; the schedule itself is left as it is.
   */
  async runNow(taskId: number): Promise<TaskRunRecord> {
    const { memory } = this.#options;
    const task = await memory.scheduledTasks.get(taskId);
    if (!task) throw new ToolError('NOT_FOUND', `Scheduled task ${taskId} not found.`, { details: { entity: 'Scheduled task', id: taskId } });
    if (this.#running.has(taskId) || !await memory.scheduledTasks.acquireLease(taskId, this.#options.owner, this.#leaseUntil())) {
      throw new ToolError('CONFLICT', `Scheduled task "${task.name}" is running right now.`, { hint: 'Wait for it to finish (list_task_runs shows it), then try again.' });
    }
    const runId = await runInPrincipalScope(task.principal, () => this.#execute(task, 'manual'));
    return await memory.taskRuns.get(runId) as TaskRunRecord;
  }

  #start(task: ScheduledTaskRecord, trigger: Trigger, runId?: number): void {
    const controller = new AbortController();
    // The run, and everything it starts (timers, agent runs, delivery), is the task's principal's.
    const done = runInPrincipalScope(task.principal, () => this.#execute(task, trigger, controller, runId))
      .then(() => undefined)
      .catch((error: unknown) => this.#options.logger.error({ err: error, task: task.name }, 'scheduled task run failed unexpectedly'))
      .finally(() => {
        this.#running.delete(task.id);
        // A finished run frees a slot: keep draining while work is due.
        if (!this.#stopping) void this.#refill();
      });
    this.#running.set(task.id, { controller, done });
  }

  async #execute(task: ScheduledTaskRecord, trigger: Trigger, controller = new AbortController(), existingRunId?: number): Promise<number> {
    const { memory, clock, logger, config } = this.#options;
    const run = { id: existingRunId ?? (await memory.taskRuns.start({ taskId: task.id, trigger })).id };
    const started = performance.now();
    const timeout = setTimeout(() => controller.abort(new DOMException('handler timeout', 'TimeoutError')), this.#handlerTimeoutMs);
    const renew = setInterval(
      () => void memory.scheduledTasks.renewLease(task.id, this.#options.owner, this.#leaseUntil()),
      Math.max(1_000, Math.floor(this.#leaseMs / 3)),
    );
    let status: 'succeeded' | 'failed' | 'timeout' = 'succeeded';
    let result: HandlerResult | undefined;
    let error: string | undefined;
    let delivery: DeliveryRecord | undefined;
    try {
      const handler = this.#handlers.get(task.handlerType);
      if (!handler) throw new Error(`handler "${task.handlerType}" is not available in this version`);
      // Stored before the rule existed, or written straight into the database: the owner's handlers never run for a user.
      if (handler.personal !== true && task.principal !== OWNER_PRINCIPAL) throw new Error(`handler "${task.handlerType}" works on the owner's resources and runs only for the owner's tasks`);
      const parsed = handler.config.safeParse(task.handlerConfig ?? {});
      if (!parsed.success) throw new Error(`handler_config is not valid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}`);
      result = await raceAbort(handler.run(parsed.data as never, { ...this.#options, task: { id: task.id, name: task.name }, signal: controller.signal }), controller.signal);
    } catch (caught) {
      const timedOut = (controller.signal.reason as { name?: string } | undefined)?.name === 'TimeoutError';
      status = timedOut ? 'timeout' : 'failed';
      error = timedOut ? `the handler did not finish within ${config.scheduler.handlerTimeoutSeconds} s` : caught instanceof Error ? caught.message : String(caught);
    } finally {
      clearTimeout(timeout);
      clearInterval(renew);
    }
    if (status === 'succeeded' && task.deliveryChannel) {
      const agent = typeof task.handlerConfig?.['agent'] === 'string' ? (task.handlerConfig['agent'] as string) : '';
      delivery = await deliverResult(
        task.deliveryChannel,
        task.deliveryConfig ?? null,
        { result: resultText(result), task_name: task.name, status, timestamp: DateTime.fromJSDate(clock.now()).setZone(task.timezone ?? config.timezone).toISO() ?? clock.now().toISOString(), agent },
        this.#options,
        task,
      );
      if (!delivery.delivered) {
        status = 'failed';
        error = `delivery by ${delivery.channel} failed: ${delivery.error ?? 'unknown reason'}`;
      }
    }
    // The run's outcome and the task's state commit together.
    await memory.scheduledTasks.finishRun(
      task.id,
      this.#options.owner,
      { lastRunAt: clock.now().toISOString(), lastStatus: status, lastError: error ?? null },
      { id: run.id, status, result: result?.data ?? null, error: error ?? null, delivery: delivery ?? null },
    );
    logger.info({ task: task.name, trigger, status, ms: Math.round(performance.now() - started) }, 'scheduled task run finished');
    return run.id;
  }

  /** Resolves when no run is in progress. */
  async idle(): Promise<void> {
    while (this.#draining || this.#running.size > 0) {
      await this.#draining;
      await Promise.all([...this.#running.values()].map((entry) => entry.done));
    }
  }

  /**
   * Stops claiming work, gives running handlers `graceMs` to finish, then aborts them; each records its outcome and
   * releases its lease, so nothing is left stuck.
   */
  async stop(graceMs = 500): Promise<void> {
    this.#stopping = true;
    const pending = [...this.#running.values()];
    if (pending.length === 0) return;
    const finished = Promise.all(pending.map((entry) => entry.done));
    const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), graceMs).unref());
    if ((await Promise.race([finished.then(() => 'done' as const), timer])) === 'late') {
      for (const entry of pending) entry.controller.abort(new DOMException('the worker is stopping', 'AbortError'));
      await finished;
    }
  }
}

/** Settles with the handler's result, or rejects as soon as the signal fires (a handler that ignores it is not awaited). */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
