/**
 * `cos stats [--days N] [--json]`: how tool orchestration is doing — error rate, fallback recovery, latency-estimate
 * accuracy and truncation rate against their targets, open circuit breakers and the slowest tools (the same as the
 * `get_orchestration_stats` tool). `cos stats --user <email>`: one user's usage counts instead (the `admin_usage`
 * tool, ADR 0080) — how much they store and call, never what.
 */
import type { Command } from 'commander';
import { reportToolResult } from '../output.js';
import { loadSdk, withChiefOfStaff } from '../open-cos.js';
import { wholeNumber } from '../options.js';

interface UserUsage {
  principal: string;
  email: string | null;
  status: string | null;
  facts: number;
  people: number;
  decisions: number;
  delegations: number;
  documents: number;
  scheduled_tasks: number;
  tool_calls: number;
  tool_errors: number;
  last_activity_at: string | null;
}

function formatUserUsage(value: Record<string, unknown>, days: number): string {
  const usage = (value['items'] as UserUsage[])[0] as UserUsage;
  const rows: Array<[string, string]> = [
    ['facts', String(usage.facts)],
    ['people', String(usage.people)],
    ['decisions', String(usage.decisions)],
    ['delegations', String(usage.delegations)],
    ['documents', String(usage.documents)],
    ['scheduled tasks', String(usage.scheduled_tasks)],
    ['tool calls', `${usage.tool_calls} (${usage.tool_errors} failed)`],
    ['last activity', usage.last_activity_at ?? 'never'],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    `Usage of ${usage.email ?? usage.principal} (${usage.principal}, ${usage.status ?? 'unknown'}); tool calls over the last ${days} day(s), since ${String(value['since'])}`,
    '',
    ...rows.map(([label, count]) => `${label.padEnd(width)}  ${count}`),
  ].join('\n');
}

export function registerStatsCommand(program: Command): void {
  program
    .command('stats')
    .description('Show how tool calls are going (error rate, fallback recovery, latency accuracy, truncation), or one user\'s usage with --user.')
    .option('--days <n>', 'how many days back to look (1–90)', wholeNumber('--days', 1, 90), 7)
    .option('--user <email>', 'show this user\'s usage counts (what they store and call, never the content)')
    .option('--json', 'print machine-readable JSON')
    .action(async (options: { days: number; user?: string; json?: boolean }) => {
      const json = options.json === true;
      if (options.user !== undefined) {
        const email = options.user;
        await withChiefOfStaff(async (cos) => {
          const result = await cos.callTool('admin_usage', { email, days: options.days }, { caller: { kind: 'cli' } });
          reportToolResult(result, json, (value) => formatUserUsage(value, options.days));
        });
        return;
      }
      const { formatSuccessMetrics } = await loadSdk();
      await withChiefOfStaff(async (cos) => {
        const result = await cos.callTool('get_orchestration_stats', { days: options.days }, { caller: { kind: 'cli' } });
        reportToolResult(result, json, (value) => `Orchestration over the last ${options.days} day(s), since ${String(value['since'])}\n\n${formatSuccessMetrics(value as unknown as Parameters<typeof formatSuccessMetrics>[0])}`);
      });
    });
}
