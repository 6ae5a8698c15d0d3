/**
 * Learned tool statistics for orchestration, from the usage log: typical latency and response size of a tool over its
 * successful calls of the last 7 days (ADR 0028). Orchestration applies them from 20 such calls on. A tool's figures
 * are read from that tool's rows of the week when the tool is first needed, not the week's whole log
 * (docs/orchestration.md#tool-metadata). The store answers asynchronously and orchestration reads synchronously
 * (ADR 0051), so the figures are kept here once read: a call reads its tool's figures before it runs
 * (`prefetch`, the tools not read yet in one query), and a tool looked up before that gets them as soon as they are in
 * (`ready`).
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
  const sinceWindow = () => new Date(clock.now().getTime() - WINDOW_DAYS * 86_400_000).toISOString();
  const read = (toolName: string): Promise<void> => {
    const pending = reading.get(toolName);
    if (pending) return pending;
    const work = memory.toolUsage
      .performanceSince(toolName, sinceWindow())
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
  const readMany = (toolNames: readonly string[]): Promise<void> => {
    const work = memory.toolUsage
      .performanceSinceMany(toolNames, sinceWindow())
      .then(
        (found) => {
          for (const name of toolNames) figures.set(name, found.get(name));
        },
        (error: unknown) => {
          logger?.warn({ err: error, tools: toolNames.length }, 'could not read learned tool statistics');
          for (const name of toolNames) figures.set(name, undefined);
        },
      )
      .finally(() => {
        for (const name of toolNames) reading.delete(name);
      });
    for (const name of toolNames) reading.set(name, work);
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
      const unread = toolNames.filter((name) => !figures.has(name) && !reading.has(name));
      const pending = new Set(toolNames.flatMap((name) => reading.get(name) ?? []));
      // The tools not read yet in one query: a catalogue of 2,000 tools was 2,000 reads before its first ranking.
      if (unread.length > 1) await Promise.all([readMany(unread), ...pending]);
      else await Promise.all([...unread.map(read), ...pending]);
    },
    forget() {
      figures.clear();
    },
  };
}
