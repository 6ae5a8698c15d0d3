/**
 * Schedules: what the worker runs on its own. `/schedules` shows whether a worker is running and what is failing
 * (get_scheduler_status), the tasks a page at a time with their next and last runs (list_scheduled_tasks) and the latest
 * runs (list_task_runs); `/schedules/:id` shows one task and its run history with results and errors. Every task can
 * be run now or switched on and off in place (schedules-actions.ts).
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { empty, toolBlock, userText } from '../../page-kit/blocks.js';
import { cursorPager, linkWith } from '../../page-kit/links.js';
import { ConsoleToolError } from '../../page-kit/console-tool-error.js';
import { formView } from '../../page-kit/form-view.js';
import { formatLocalTime } from '../../page-kit/format-local-time.js';
import type { ConsoleSection, PageContext } from '../../page-kit/types.js';
import { describeSchedule, formatDuration, resultPreview } from './schedule-format.js';
import { schedulesActions } from './schedules-actions.js';
import type { ScheduledTask, SchedulerStatus, TaskRun } from './scheduler-results.js';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

interface Page<T> {
  items: T[];
  total?: number;
  next_cursor?: string | null;
}

/** Tasks per page of the overview; runs per page of a task's history; latest runs on the overview. */
export const TASKS_PER_PAGE = 50;
export const RUNS_PER_PAGE = 25;
const LATEST_RUNS = 10;
const RUN_STATUSES = ['running', 'succeeded', 'failed', 'timeout', 'skipped'] as const;

function time(value: string | null, ctx: PageContext): Html {
  return value ? html`<time datetime="${value}">${formatLocalTime(value, ctx.timeZone)}</time>` : html`<span class="muted">—</span>`;
}

function statusTag(status: string | null): Html {
  if (!status) return html`<span class="muted">never run</span>`;
  const tone = status === 'succeeded' ? 'ok' : status === 'failed' || status === 'timeout' ? 'bad' : 'neutral';
  return html`<span class="tag status-${tone}">${status}</span>`;
}

/** The buttons every task has: run it now, switch it on or off. `returnTo` is where the action comes back to. */
export function taskButtons(ctx: PageContext, task: ScheduledTask, returnTo: string): Html {
  const run = formView(ctx, `task-run-${task.id}`, ['task_id']);
  const toggle = formView(ctx, `task-enabled-${task.id}`, ['task_id']);
  return html`<form method="post" action="/schedules/${task.id}/run" class="inline">
${run.hidden}<input type="hidden" name="return_to" value="${returnTo}">
<button type="submit" aria-label="Run now: ${task.name}"${run.describe('task_id')}>Run now</button>${run.problem('task_id')}
</form>
<form method="post" action="/schedules/${task.id}/enabled" class="inline">
${toggle.hidden}<input type="hidden" name="return_to" value="${returnTo}"><input type="hidden" name="enabled" value="${task.enabled ? 'false' : 'true'}">
<button type="submit" aria-label="${task.enabled ? 'Disable' : 'Enable'} ${task.name}"${toggle.describe('task_id')}>${task.enabled ? 'Disable' : 'Enable'}</button>${toggle.problem('task_id')}
</form>`;
}

function statusBlock(ctx: PageContext): Promise<HtmlEscapedString> {
  return toolBlock({
    id: 'scheduler-status',
    heading: 'Scheduler',
    load: () => ctx.tool<SchedulerStatus>('get_scheduler_status'),
    render: (status) => html`<p>${status.worker.running
      ? html`<span class="tag status-ok">worker running</span> <span class="muted">last heartbeat ${time(status.worker.last_heartbeat_at, ctx)}</span>`
      : html`<span class="tag status-bad">no worker running</span> <span class="muted">Scheduled tasks run only while a worker runs: start one with <code>cos worker</code>. "Run now" works without it.</span>`}</p>
<p>${status.tasks} ${status.tasks === 1 ? 'task' : 'tasks'}, ${status.enabled} enabled, ${status.due_now} due now, ${status.running} running.</p>
${status.problems.length === 0
  ? ''
  : html`<h3>Failing</h3><ul class="list">${status.problems.map(
      (problem) => html`<li><a href="/schedules/${problem.id}">${userText(problem.name)}</a> ${statusTag(problem.last_status)}${problem.enabled ? '' : html` <span class="tag">disabled</span>`} <span class="muted">${problem.consecutive_failures} in a row</span>${problem.last_error ? html`<p class="error-text" dir="auto">${problem.last_error}</p>` : ''}</li>`,
    )}</ul>`}`,
  });
}

function tasksBlock(ctx: PageContext, tasks: Promise<Page<ScheduledTask>>): Promise<HtmlEscapedString> {
  const returnTo = linkWith('/schedules', ctx, {});
  return toolBlock({
    id: 'tasks',
    heading: 'Tasks',
    load: () => tasks,
    render: (page) =>
      page.items.length === 0
        ? empty('No scheduled tasks. Create one with `cos schedule add` or ask Claude to schedule something.')
        : html`<div class="table-scroll"><table>
<thead><tr><th scope="col">Task</th><th scope="col">Schedule</th><th scope="col">Next run</th><th scope="col">Last run</th><th scope="col">State</th><th scope="col">Actions</th></tr></thead>
<tbody>${page.items.map(
            (task) => html`<tr>
<th scope="row"><a href="/schedules/${task.id}">${userText(task.name)}</a> <span class="tag">${task.handler_type}</span>${task.description ? html`<p class="muted">${userText(task.description)}</p>` : ''}</th>
<td>${describeSchedule(task, ctx.timeZone)}</td>
<td>${task.enabled ? time(task.next_run_at, ctx) : html`<span class="muted">—</span>`}</td>
<td>${statusTag(task.last_status)} ${task.last_run_at ? time(task.last_run_at, ctx) : ''}${task.last_error ? html`<p class="error-text" dir="auto">${task.last_error}</p>` : ''}</td>
<td>${task.enabled ? 'Enabled' : html`<span class="muted">Disabled</span>`}${task.running ? html` <span class="tag">running</span>` : ''}</td>
<td>${taskButtons(ctx, task, returnTo)}</td>
</tr>`,
          )}</tbody></table></div>
<p class="muted">${page.total ?? page.items.length} ${page.total === 1 ? 'task' : 'tasks'}, soonest next run first.</p>
${cursorPager('/schedules', ctx, page.next_cursor, 'tasks')}`,
  });
}

function runsTable(ctx: PageContext, runs: readonly TaskRun[], names?: ReadonlyMap<number, string>): Html {
  return html`<div class="table-scroll"><table>
<thead><tr><th scope="col">Started</th>${names ? html`<th scope="col">Task</th>` : ''}<th scope="col">Trigger</th><th scope="col">Status</th><th scope="col">Duration</th><th scope="col">Result</th></tr></thead>
<tbody>${runs.map(
    (run) => html`<tr>
<th scope="row">${time(run.started_at, ctx)}</th>
${names ? html`<td><a href="/schedules/${run.task_id}">${names.has(run.task_id) ? userText(names.get(run.task_id)) : `Task ${run.task_id}`}</a></td>` : ''}
<td>${run.trigger}</td>
<td>${statusTag(run.status)}</td>
<td>${formatDuration(run.duration_ms)}</td>
<td>${run.error ? html`<p class="error-text" dir="auto">${run.error}</p>` : ''}${resultPreview(run.result) ? html`<p class="preview" dir="auto">${resultPreview(run.result)}</p>` : ''}${run.error ? '' : deliveryNote(run.delivery)}</td>
</tr>`,
  )}</tbody></table></div>`;
}

/** How the result was delivered, when the task delivers it: `sent by email` or `email not delivered: …` (a failed delivery is also the run's error, shown instead). */
function deliveryNote(delivery: unknown): Html {
  if (!delivery || typeof delivery !== 'object') return html``;
  const { channel, delivered, error } = delivery as { channel?: unknown; delivered?: unknown; error?: unknown };
  if (typeof channel !== 'string') return html``;
  return delivered === true
    ? html`<p class="muted">sent by ${channel}</p>`
    : html`<p class="error-text" dir="auto">${channel} not delivered${typeof error === 'string' ? `: ${error}` : ''}</p>`;
}

function latestRunsBlock(ctx: PageContext, tasks: Promise<Page<ScheduledTask>>): Promise<HtmlEscapedString> {
  return toolBlock({
    id: 'latest-runs',
    heading: 'Latest runs',
    load: async () => {
      // Task names come from the tasks already loaded for the table, so there is no call per run.
      const [runs, page] = await Promise.all([ctx.tool<Page<TaskRun>>('list_task_runs', { limit: LATEST_RUNS }), tasks.catch(() => undefined)]);
      return { runs, names: new Map((page?.items ?? []).map((task) => [task.id, task.name])) };
    },
    render: ({ runs, names }) => (runs.items.length === 0 ? empty('Nothing has run yet.') : runsTable(ctx, runs.items, names)),
  });
}

/** `/schedules/3` → 3; anything else is not a task address. */
function taskIdOf(ctx: PageContext): number {
  const raw = ctx.params['id'] ?? '';
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw new ConsoleToolError('NOT_FOUND', `There is no scheduled task "${raw}": a task's address ends in its number, e.g. /schedules/3.`);
  }
  return Number(raw);
}

function taskDetailsBlock(ctx: PageContext, task: Promise<ScheduledTask>, returnTo: string): Promise<HtmlEscapedString> {
  return toolBlock({
    id: 'task',
    heading: 'Task',
    load: () => task,
    render: (item) => {
      const remove = formView(ctx, `task-delete-${item.id}`, ['task_id']);
      return html`<dl class="details">
${item.description ? html`<dt>Description</dt><dd>${userText(item.description)}</dd>` : ''}
<dt>Schedule</dt><dd>${describeSchedule(item, ctx.timeZone)}</dd>
<dt>Handler</dt><dd>${item.handler_type}</dd>
<dt>Delivery</dt><dd>${item.delivery_channel ?? html`<span class="muted">kept in the run history</span>`}</dd>
<dt>State</dt><dd>${item.enabled ? 'Enabled' : 'Disabled'}${item.running ? ' (running now)' : ''}</dd>
<dt>Next run</dt><dd>${item.enabled ? time(item.next_run_at, ctx) : html`<span class="muted">none while disabled</span>`}</dd>
<dt>Last run</dt><dd>${statusTag(item.last_status)} ${item.last_run_at ? time(item.last_run_at, ctx) : ''}${item.consecutive_failures > 0 ? html` <span class="muted">(${item.consecutive_failures} ${item.consecutive_failures === 1 ? 'failure' : 'failures'} in a row)</span>` : ''}</dd>
${item.last_error ? html`<dt>Last error</dt><dd class="error-text" dir="auto">${item.last_error}</dd>` : ''}
<dt>Created by</dt><dd>${userText(item.created_by)}</dd>
</dl>
<div class="actions">${taskButtons(ctx, item, returnTo)}
<form method="post" action="/schedules/${item.id}/delete" class="inline">
${remove.hidden}<button type="submit" class="danger" data-confirm="Delete this task and its run history?" aria-label="Delete ${item.name} and its run history"${remove.describe('task_id')}>Delete</button>${remove.problem('task_id')}
</form></div>`;
    },
  });
}

function runHistoryBlock(ctx: PageContext, taskId: number, status: string | undefined): Promise<HtmlEscapedString> {
  const path = `/schedules/${taskId}`;
  const cursor = ctx.query.get('cursor') ?? undefined;
  return toolBlock({
    id: 'runs',
    heading: 'Run history',
    load: () => ctx.tool<Page<TaskRun>>('list_task_runs', { task_id: taskId, limit: RUNS_PER_PAGE, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) }),
    render: (runs) => html`<form method="get" action="${path}" class="inline filter">
<label for="run-status">Status</label>
<select id="run-status" name="status"><option value="">any</option>${RUN_STATUSES.map((value) => html`<option value="${value}"${value === status ? html` selected` : ''}>${value}</option>`)}</select>
<button type="submit">Show runs</button>
</form>
${runs.items.length === 0 ? empty(status ? `No ${status} runs.` : 'This task has not run yet.') : runsTable(ctx, runs.items)}
<p class="muted">${runs.total ?? runs.items.length} ${runs.total === 1 ? 'run' : 'runs'}${status ? ` ${status}` : ''}, newest first.</p>
${cursorPager(path, ctx, runs.next_cursor, 'runs')}`,
  });
}

export const schedulesSection: ConsoleSection = {
  id: 'schedules',
  label: 'Schedules',
  path: '/schedules',
  register(routes) {
    routes.page('/schedules', async (ctx) => {
      const cursor = ctx.query.get('cursor') ?? undefined;
      // One call for the table, shared with the latest runs for their task names; the blocks load side by side.
      const tasks = ctx.tool<Page<ScheduledTask>>('list_scheduled_tasks', { limit: TASKS_PER_PAGE, ...(cursor ? { cursor } : {}) });
      tasks.catch(() => undefined);
      const blocks = await Promise.all([statusBlock(ctx), tasksBlock(ctx, tasks), latestRunsBlock(ctx, tasks)]);
      return { title: 'Schedules', body: html`<div class="stack">${blocks}</div>` };
    });

    routes.page('/schedules/:id', async (ctx) => {
      const taskId = taskIdOf(ctx);
      const statusFilter = ctx.query.get('status') ?? '';
      const status = (RUN_STATUSES as readonly string[]).includes(statusFilter) ? statusFilter : undefined;
      const task = ctx.tool<Page<ScheduledTask>>('list_scheduled_tasks', { task_id: taskId }).then((page) => {
        const found = page.items[0];
        if (!found) throw new ConsoleToolError('NOT_FOUND', `Scheduled task ${taskId} not found.`);
        return found;
      });
      task.catch(() => undefined);
      const returnTo = linkWith(`/schedules/${taskId}`, ctx, {});
      const [name, ...blocks] = await Promise.all([
        task.then((item) => item.name, () => undefined),
        taskDetailsBlock(ctx, task, returnTo),
        runHistoryBlock(ctx, taskId, status),
      ]);
      return {
        title: name === undefined ? `Scheduled task ${taskId}` : `Schedule: ${name}`,
        body: html`<p><a href="/schedules">All schedules</a></p><div class="stack">${blocks}</div>`,
      };
    });

    schedulesActions(routes);
  },
};
