/**
 * `cos worker` runs the scheduler worker in the foreground; `cos schedule list|add|run|remove|runs` manages scheduled
 * tasks through the same tools Claude uses (list_scheduled_tasks, create_scheduled_task, run_scheduled_task,
 * delete_scheduled_task, list_task_runs). People see times in their own zone (the task's, or `timezone`), tasks by
 * name, and what a run did; `--json` keeps the tools' ISO times and ids.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { didYouMean } from '@chief-of-staff/core';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';
import { EXIT_FAILED, EXIT_USAGE, formatTable, printError, reportToolError, reportToolResult } from '../output.js';
import { formatLocalTime } from '../local-time.js';
import { callWithSpinner, withChiefOfStaff } from '../open-cos.js';
import { wholeNumber } from '../options.js';
import { parseJsonObject } from '../json-argument.js';
import { oneLine } from '../text.js';

interface TaskRow {
  id: number;
  name: string;
  timezone: string | null;
  delivery_channel: string | null;
  schedule_type: string;
  schedule_config: Record<string, unknown>;
  handler_type: string;
  enabled: boolean;
  next_run_at: string | null;
  last_status: string | null;
  last_error: string | null;
}

interface RunRow {
  id: number;
  task_id: number;
  trigger: string;
  status: string;
  started_at: string;
  duration_ms: number | null;
  error: string | null;
  result?: Record<string, unknown>;
  delivery?: { channel: string; delivered: boolean; error?: string };
}

/** What a handler did, in a line: the counts it reports (notified, suppressed, deleted…), skipping zeros' noise. */
export function resultSummary(data: Record<string, unknown> | undefined): string | undefined {
  if (!data) return undefined;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (key === 'text' || key === 'run_id') continue;
    if (typeof value === 'number' || typeof value === 'boolean') parts.push(`${key.replaceAll('_', ' ')}: ${String(value)}`);
    else if (typeof value === 'string' && value.length <= 80) parts.push(`${key.replaceAll('_', ' ')}: ${value}`);
    else if (Array.isArray(value)) parts.push(`${key.replaceAll('_', ' ')}: ${value.length}`);
  }
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** Where a run's output went: the delivery channel, or the run history when the task has none. */
export function deliveryText(run: RunRow, taskName: string): string {
  if (run.delivery) {
    return run.delivery.delivered ? `Delivered as a ${run.delivery.channel}.` : `Not delivered by ${run.delivery.channel}: ${run.delivery.error ?? 'unknown reason'}.`;
  }
  return `Not delivered anywhere (the task has no delivery channel); the result is kept in \`cos schedule runs ${taskName}\`.`;
}

function scheduleText(task: TaskRow): string {
  const config = task.schedule_config;
  if (task.schedule_type === 'cron') return `cron ${String(config['expression'])}`;
  if (task.schedule_type === 'once') return `once ${String(config['run_at'])}`;
  return `every ${['days', 'hours', 'minutes'].filter((unit) => config[unit]).map((unit) => `${String(config[unit])} ${unit}`).join(' ')}`;
}

function parseHandlerConfig(text: string | undefined, option: string): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  const parsed = parseJsonObject(text, option, '{"agent":"weekly_planner","instruction":"Plan next week."}');
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

/** A task given by id or by name; an unknown name is reported (with the closest names) and undefined returned. */
async function resolveTask(cos: ChiefOfStaff, ref: string, json: boolean): Promise<number | undefined> {
  if (/^\d+$/.test(ref)) return Number(ref);
  const listed = await cos.callTool('list_scheduled_tasks', { limit: 200 }, { caller: { kind: 'cli' } });
  if (!listed.ok) {
    reportToolError(listed.error, json);
    return undefined;
  }
  const tasks = listed.value['items'] as Array<{ id: number; name: string }>;
  const found = tasks.find((candidate) => candidate.name === ref);
  if (found) return found.id;
  reportToolError({ code: 'NOT_FOUND', message: `No task named "${ref}".${didYouMean(ref, tasks.map((candidate) => candidate.name))}`, hint: 'See the tasks with `cos schedule list`.' }, json);
  return undefined;
}

/** The tasks by id, for showing names beside runs; empty when they cannot be listed (ids are shown then). */
async function tasksById(cos: ChiefOfStaff): Promise<Map<number, TaskRow>> {
  const listed = await cos.callTool('list_scheduled_tasks', { limit: 200 }, { caller: { kind: 'cli' } });
  return new Map(listed.ok ? (listed.value['items'] as TaskRow[]).map((task) => [task.id, task]) : []);
}

export function workerEntry(): string {
  return fileURLToPath(import.meta.resolve('@chief-of-staff/worker'));
}

export function registerScheduleCommands(program: Command): void {
  workerCommand(program);
  const schedule = program.command('schedule').description('List, add, run and remove scheduled tasks.');

  scheduleListCommand(schedule);
  scheduleAddCommand(schedule);
  scheduleRunCommand(schedule);
  scheduleRemoveCommand(schedule);
  scheduleRunsCommand(schedule);
}

function workerCommand(program: Command): void {
  program
    .command('worker')
    .description('Run the scheduler worker in the foreground: briefings, alert checks and maintenance on their schedules.')
    .option('--json-logs', 'log JSON lines even on a terminal (the default when stderr is piped)')
    .option('--pretty-logs', 'log readable lines even when stderr is piped (the default on a terminal)')
    .action((options: { jsonLogs?: boolean; prettyLogs?: boolean }) => {
      if (options.jsonLogs && options.prettyLogs) {
        printError('Give at most one of --json-logs and --pretty-logs.');
        process.exitCode = EXIT_USAGE;
        return;
      }
      const flags = [...(options.jsonLogs ? ['--json-logs'] : []), ...(options.prettyLogs ? ['--pretty-logs'] : [])];
      // The worker inherits stderr, so it sees the same terminal (or pipe) and picks its log format from it.
      const child = spawn(process.execPath, [workerEntry(), ...flags], { stdio: 'inherit' });
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
      child.on('exit', (code, signal) => {
        process.exitCode = code ?? (signal ? 1 : 0);
      });
    });
}

function scheduleListCommand(schedule: Command): void {
  schedule
    .command('list')
    .description('Scheduled tasks, soonest next run first.')
    .option('--json', 'print machine-readable JSON')
    .action((options: { json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const result = await callWithSpinner(cos, 'list_scheduled_tasks', { limit: 200 }, 'Listing tasks…');
        reportToolResult(result, options.json === true, (value) => {
          const items = value['items'] as TaskRow[];
          if (items.length === 0) return 'No scheduled tasks. Add one with `cos schedule add`.';
          return formatTable(
            ['id', 'name', 'schedule', 'handler', 'on', 'next run', 'last'],
            items.map((task) => [
              String(task.id),
              task.name,
              scheduleText(task),
              task.handler_type,
              task.enabled ? 'yes' : 'no',
              formatLocalTime(task.next_run_at, task.timezone ?? cos.config.timezone),
              task.last_status ? `${task.last_status}${task.last_error ? `: ${oneLine(task.last_error, 40)}` : ''}` : '—',
            ]),
          );
        });
      }),
    );
}

function scheduleAddCommand(schedule: Command): void {
  schedule
    .command('add')
    .description('Schedule a task. Give exactly one of --every, --cron or --at.')
    .argument('<name>', 'a unique name, e.g. weekly_review')
    .argument('<handler>', 'alert_eval, run_agent, morning_brief, digest, skill_analysis or retention')
    .option('--every <minutes>', 'run every N minutes', wholeNumber('--every', 1))
    .option('--cron <expression>', 'a 5-field cron expression, e.g. "30 7 * * 1-5"')
    .option('--at <time>', 'run once at this ISO time')
    .option('--config <json>', 'handler settings, e.g. \'{"agent":"weekly_planner","instruction":"Plan next week."}\'')
    .option('--notify', 'deliver the result as a notification')
    .option('--disabled', 'create it switched off')
    .option('--replace', 'replace the task of the same name if there is one (its run history is kept)')
    .option('--json', 'print machine-readable JSON')
    .addHelpText('after', '\nExample:\n  cos schedule add weekly_review run_agent --cron "0 16 * * 5" --config \'{"agent":"weekly_planner","instruction":"Plan next week."}\' --notify')
    .action((name: string, handler: string, options: { every?: number; cron?: string; at?: string; config?: string; notify?: boolean; disabled?: boolean; replace?: boolean; json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const given = [options.every !== undefined, options.cron !== undefined, options.at !== undefined].filter(Boolean).length;
        let handlerConfig: Record<string, unknown> | undefined;
        try {
          handlerConfig = parseHandlerConfig(options.config, '--config');
        } catch (error) {
          printError((error as Error).message);
          process.exitCode = EXIT_USAGE;
          return;
        }
        if (given !== 1) {
          printError('Give exactly one of --every <minutes>, --cron "<expression>" or --at <ISO time>.');
          process.exitCode = EXIT_USAGE;
          return;
        }
        const [scheduleType, scheduleConfig] =
          options.every !== undefined ? ['interval', { minutes: options.every }] : options.cron !== undefined ? ['cron', { expression: options.cron }] : ['once', { run_at: options.at }];
        const args = {
          name,
          handler_type: handler,
          schedule_type: scheduleType,
          schedule_config: scheduleConfig,
          ...(handlerConfig ? { handler_config: handlerConfig } : {}),
          ...(options.notify ? { delivery_channel: 'notification' } : {}),
          ...(options.disabled ? { enabled: false } : {}),
          ...(options.replace ? { upsert: true } : {}),
        };
        const result = await callWithSpinner(cos, 'create_scheduled_task', args, 'Scheduling…');
        if (!result.ok && result.error.code === 'CONFLICT') {
          // The tool's hint speaks to tool callers (upsert: true); say what to type here instead.
          reportToolError({ ...result.error, hint: `Add --replace to replace it, choose another name, or remove it first with \`cos schedule remove ${name}\`.` }, options.json === true);
          return;
        }
        reportToolResult(result, options.json === true, (value) => {
          const task = value['task'] as TaskRow;
          const next = task.next_run_at ? formatLocalTime(task.next_run_at, task.timezone ?? cos.config.timezone) : 'never';
          return `Scheduled "${task.name}" (id ${task.id}): ${scheduleText(task)}; next run ${next}${task.enabled ? '' : ' (disabled)'}.`;
        });
      }),
    );
}

function scheduleRunCommand(schedule: Command): void {
  schedule
    .command('run')
    .description('Run a task now, outside its schedule.')
    .argument('<task>', 'task id or name (cos schedule list)')
    .option('--json', 'print machine-readable JSON')
    .action((task: string, options: { json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const id = await resolveTask(cos, task, options.json === true);
        if (id === undefined) return;
        const result = await callWithSpinner(cos, 'run_scheduled_task', { task_id: id }, `Running task ${task}…`);
        reportToolResult(result, options.json === true, (value) => {
          const run = value['run'] as RunRow;
          const text = typeof run.result?.['text'] === 'string' ? run.result['text'] : undefined;
          if (run.status !== 'succeeded') return `Run ${run.id}: ${run.status}${run.error ? ` — ${run.error}` : ''}`;
          const summary = resultSummary(run.result);
          return [`Run ${run.id}: succeeded${summary ? ` — ${summary}` : ''}.`, deliveryText(run, task), ...(text ? ['', text] : [])].join('\n');
        });
        // A run that failed or timed out is a failed command, whether or not the tool call itself worked.
        if (result.ok && (result.value['run'] as RunRow).status !== 'succeeded') process.exitCode = EXIT_FAILED;
      }),
    );
}

function scheduleRemoveCommand(schedule: Command): void {
  schedule
    .command('remove')
    .description('Delete a task and its run history.')
    .argument('<task>', 'task id or name (cos schedule list)')
    .option('--json', 'print machine-readable JSON')
    .action((task: string, options: { json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const id = await resolveTask(cos, task, options.json === true);
        if (id === undefined) return;
        const result = await callWithSpinner(cos, 'delete_scheduled_task', { task_id: id }, 'Deleting…');
        reportToolResult(result, options.json === true, () => `Deleted task ${task}.`);
      }),
    );
}

function scheduleRunsCommand(schedule: Command): void {
  schedule
    .command('runs')
    .description('Recent runs, newest first.')
    .argument('[task]', 'only this task (id or name)')
    .option('--limit <n>', 'runs to show (default 25)', wholeNumber('--limit', 1))
    .option('--json', 'print machine-readable JSON')
    .action((task: string | undefined, options: { limit?: number; json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const id = task === undefined ? undefined : await resolveTask(cos, task, options.json === true);
        if (task !== undefined && id === undefined) return;
        const args = { ...(id === undefined ? {} : { task_id: id }), ...(options.limit ? { limit: options.limit } : {}) };
        const result = await callWithSpinner(cos, 'list_task_runs', args, 'Loading runs…');
        const tasks = options.json ? new Map<number, TaskRow>() : await tasksById(cos);
        reportToolResult(result, options.json === true, (value) => {
          const items = value['items'] as RunRow[];
          if (items.length === 0) return 'No runs yet.';
          return formatTable(
            ['run', 'task', 'trigger', 'status', 'started', 'ms', 'error'],
            items.map((run) => {
              const owner = tasks.get(run.task_id);
              return [
                String(run.id),
                owner?.name ?? `#${run.task_id}`,
                run.trigger,
                run.status,
                formatLocalTime(run.started_at, owner?.timezone ?? cos.config.timezone),
                run.duration_ms === null ? '—' : String(run.duration_ms),
                oneLine(run.error ?? '', 50),
              ];
            }),
          );
        });
      }),
    );
}
