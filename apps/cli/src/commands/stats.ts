/**
 * `cos stats [--days N] [--json]`: how tool orchestration is doing — error rate, fallback recovery, latency-estimate
 * accuracy and truncation rate against their targets, open circuit breakers and the slowest tools (the same as the
 * `get_orchestration_stats` tool).
 */
import type { Command } from 'commander';
import { reportToolResult } from '../output.js';
import { loadSdk, withChiefOfStaff } from '../open-cos.js';
import { wholeNumber } from '../options.js';

export function registerStatsCommand(program: Command): void {
  program
    .command('stats')
    .description('Show how tool calls are going: error rate, fallback recovery, latency accuracy, truncation.')
    .option('--days <n>', 'how many days back to look (1–90)', wholeNumber('--days', 1, 90), 7)
    .option('--json', 'print machine-readable JSON')
    .action(async (options: { days: number; json?: boolean }) => {
      const { formatSuccessMetrics } = await loadSdk();
      await withChiefOfStaff(async (cos) => {
        const result = await cos.callTool('get_orchestration_stats', { days: options.days }, { caller: { kind: 'cli' } });
        reportToolResult(result, options.json === true, (value) => `Orchestration over the last ${options.days} day(s), since ${String(value['since'])}\n\n${formatSuccessMetrics(value as unknown as Parameters<typeof formatSuccessMetrics>[0])}`);
      });
    });
}
