/**
 * Learned tool statistics for orchestration, from the usage log of the last 7 days: typical latency (p50) and size
 * per tool. Orchestration applies them from 20 successful calls on; the registry reads them once, when it is built.
 */
import type { Clock } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import type { LearnedToolStatistics, ToolStatisticsSource } from '@chief-of-staff/orchestration';

const WINDOW_DAYS = 7;

export function usageStatistics(memory: MemoryStore, clock: Clock): ToolStatisticsSource {
  return {
    learnedStatistics() {
      const since = new Date(clock.now().getTime() - WINDOW_DAYS * 86_400_000).toISOString();
      const learned = new Map<string, LearnedToolStatistics>();
      for (const row of memory.toolUsage.statistics({ since }, { limit: 200 }).items) {
        if (row.p50DurationMs === null) continue;
        learned.set(row.toolName, {
          samples: row.successes,
          p50DurationMs: row.p50DurationMs,
          p95DurationMs: row.p95DurationMs ?? row.p50DurationMs,
          // The log keeps the mean and the largest size; the mean stands in for the median.
          p50ResponseBytes: row.avgBytes ?? 0,
          p95ResponseBytes: row.maxBytes ?? row.avgBytes ?? 0,
        });
      }
      return learned;
    },
  };
}
