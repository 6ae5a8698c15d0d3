/**
 * Learned tool statistics for orchestration, from the usage log: typical latency and response size of a tool over its
 * successful calls of the last 7 days (ADR 0028). Orchestration applies them from 20 such calls on. The registry asks
 * for a tool's figures once, when it first builds that tool's entry, so a call reads its own tool's rows, not the
 * week's whole log (docs/orchestration.md#tool-metadata).
 */
import type { Clock } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import type { ToolStatisticsSource } from '@chief-of-staff/orchestration';

const WINDOW_DAYS = 7;

export function usageStatistics(memory: MemoryStore, clock: Clock): ToolStatisticsSource {
  return {
    learnedStatistics(toolName) {
      const since = new Date(clock.now().getTime() - WINDOW_DAYS * 86_400_000).toISOString();
      return memory.toolUsage.performanceSince(toolName, since);
    },
  };
}
