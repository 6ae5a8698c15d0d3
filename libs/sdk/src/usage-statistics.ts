/**
 * Learned tool statistics for orchestration, from the usage log: typical latency and response size of a tool over its
 * successful calls of the last 7 days (ADR 0028). Orchestration applies them from 20 such calls on. A tool's figures
 * are read from that tool's rows of the week when the tool is first needed, not the week's whole log
 * (docs/orchestration.md#tool-metadata). The store answers asynchronously and orchestration reads synchronously
 * (ADR 0051), so the figures are kept here once read: a call reads its tool's figures before it runs
 * (`prefetch`), and a tool looked up before that gets them as soon as they are in (`ready`).
 */
import type { Clock, Logger } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import type { LearnedToolStatistics, ToolStatisticsSource } from '@chief-of-staff/orchestration';

const WINDOW_DAYS = 7;

export interface LearnedStatistics {
  /** What the intelligence registry reads. */
  readonly source: ToolStatisticsSource;
  /** Reads the figures of the tools not read yet; resolves when they are at hand. */
  prefetch(toolNames: readonly string[]): Promise<void>;
  /** Forgets every figure read (a new registry reads them afresh, as it did when it read them itself). */
  forget(): void;
}

export function createLearnedStatistics(memory: MemoryStore, clock: Clock, logger?: Logger): LearnedStatistics {
  const figures = new Map<string, LearnedToolStatistics | undefined>();
  const reading = new Map<string, Promise<void>>();
  const read = (toolName: string): Promise<void> => {
    const pending = reading.get(toolName);
    if (pending) return pending;
    const since = new Date(clock.now().getTime() - WINDOW_DAYS * 86_400_000).toISOString();
    const work = memory.toolUsage
      .performanceSince(toolName, since)
      .then(
        (found) => void figures.set(toolName, found),
        // Without figures the declared ones stand, as for a tool never used.
        (error: unknown) => {
          logger?.warn({ err: error, tool: toolName }, 'could not read learned tool statistics');
          figures.set(toolName, undefined);
        },
      )
      .finally(() => reading.delete(toolName));
    reading.set(toolName, work);
    return work;
  };
  return {
    source: {
      learnedStatistics: (toolName) => figures.get(toolName),
      ready(toolName) {
        if (figures.has(toolName)) return true;
        void read(toolName);
        return false;
      },
    },
    async prefetch(toolNames) {
      await Promise.all(toolNames.filter((name) => !figures.has(name)).map(read));
    },
    forget() {
      figures.clear();
    },
  };
}
