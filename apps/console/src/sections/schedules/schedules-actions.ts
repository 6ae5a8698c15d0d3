/**
 * The Schedules actions: run a task now (run_scheduled_task), switch it on or off (update_scheduled_task) and delete
 * it (delete_scheduled_task), then back to the page the button was on with what happened in the flash.
 */
import { ConsoleToolError } from '../../page-kit/console-tool-error.js';
import { formatLocalTime } from '../../page-kit/format-local-time.js';
import type { ActionContext, ConsoleRoutes } from '../../page-kit/types.js';
import { formatDuration } from './schedule-format.js';
import type { ScheduledTask } from './scheduler-results.js';

interface Run {
  status: string;
  duration_ms: number | null;
  error: string | null;
}

/** Only a Schedules page is a place to come back to; anything else goes to the overview. */
const RETURN_PATH = /^\/schedules(\/\d+)?(\?[\w%=&.+-]*)?$/;

function returnTo(ctx: ActionContext, anchor: string): string {
  const target = ctx.form['return_to'] ?? '';
  return `${RETURN_PATH.test(target) ? target : '/schedules'}#${anchor}`;
}

/** Whether the button was on the task's own page (rather than the overview's table), for the anchor to return to. */
function fromTaskPage(ctx: ActionContext, taskId: number): boolean {
  return (ctx.form['return_to'] ?? '').split('?')[0] === `/schedules/${taskId}`;
}

function taskIdOf(ctx: ActionContext): number {
  const raw = ctx.params['id'] ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw new ConsoleToolError('NOT_FOUND', `There is no scheduled task "${raw}".`);
  return Number(raw);
}

async function taskName(ctx: ActionContext, taskId: number): Promise<string> {
  const page = await ctx.tool<{ items: ScheduledTask[] }>('list_scheduled_tasks', { task_id: taskId });
  return page.items[0]?.name ?? `Task ${taskId}`;
}

export function schedulesActions(routes: ConsoleRoutes): void {
  routes.action('/schedules/:id/run', async (ctx) => {
    const taskId = taskIdOf(ctx);
    const name = await taskName(ctx, taskId);
    const { run } = await ctx.tool<{ run: Run }>('run_scheduled_task', { task_id: taskId });
    const outcome = run.status === 'succeeded' ? `succeeded in ${formatDuration(run.duration_ms)}` : `${run.status}${run.error ? `: ${run.error}` : ''}`;
    return { redirect: returnTo(ctx, fromTaskPage(ctx, taskId) ? 'runs' : 'tasks'), flash: `Ran "${name}": ${outcome}.` };
  });

  routes.action('/schedules/:id/enabled', async (ctx) => {
    const taskId = taskIdOf(ctx);
    const enabled = ctx.form['enabled'] === 'true';
    const { task } = await ctx.tool<{ task: ScheduledTask }>('update_scheduled_task', { task_id: taskId, enabled });
    const next = task.enabled && task.next_run_at ? `; next run ${formatLocalTime(task.next_run_at, ctx.timeZone)}` : '';
    return { redirect: returnTo(ctx, fromTaskPage(ctx, taskId) ? 'task' : 'tasks'), flash: `"${task.name}" is ${task.enabled ? 'enabled' : 'disabled'}${next}.` };
  });

  routes.action('/schedules/:id/delete', async (ctx) => {
    const taskId = taskIdOf(ctx);
    const name = await taskName(ctx, taskId);
    await ctx.tool('delete_scheduled_task', { task_id: taskId });
    return { redirect: '/schedules', flash: `Deleted "${name}" and its run history.` };
  });
}
