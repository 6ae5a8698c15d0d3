/**
 * Learned tool statistics for orchestration, from the usage log: typical latency and response size of a tool over its
 * latest successful calls of the last 7 days. Orchestration applies them from 20 such calls on; the registry asks for
 * a tool's figures once, when it first builds that tool's entry (docs/orchestration.md#tool-metadata).
 */
import type { Clock } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import type { ToolStatisticsSource } from '@chief-of-staff/orchestration';

const WINDOW_DAYS = 7;
/**
 * The calls a tool's figures come from, newest first. A median of the latest 200 calls follows the tool as it is now,
 * and the read costs the same however long the log is: a busy week's 20,000 rows made the first call of every start
 * read them all (~90 ms on the benchmark machine).
 */
export const LEARNED_SAMPLE_LIMIT = 200;

export function usageStatistics(memory: MemoryStore, clock: Clock): ToolStatisticsSource {
  return {
    learnedStatistics(toolName) {
      const since = new Date(clock.now().getTime() - WINDOW_DAYS * 86_400_000).toISOString();
      return memory.toolUsage.recentPerformance(toolName, { since, limit: LEARNED_SAMPLE_LIMIT });
    },
  };
}
