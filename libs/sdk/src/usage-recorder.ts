/**
 * Records each tool call in `tool_usage_log` without ever making the caller wait for it. Usage rows are bookkeeping,
 * so they are written without the busy timeout: while another program holds the database lock they wait in memory
 * (up to MAX_WAITING, oldest dropped first, with a warning) and go in with the next record that finds it free. A
 * server waiting 5 s per row would stall every call in flight behind a lock it does not need.
 */
import type { Logger } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import type { UsageRecorder } from './call-tool.js';

const MAX_WAITING = 1_000;

type UsageRow = Parameters<MemoryStore['toolUsage']['record']>[0];

export function createUsageRecorder(memory: MemoryStore, logger: Logger): UsageRecorder {
  const waiting: UsageRow[] = [];
  const keepAtMost = () => {
    if (waiting.length <= MAX_WAITING) return;
    waiting.splice(0, waiting.length - MAX_WAITING);
    logger.warn({ kept: MAX_WAITING }, 'the database has stayed locked by another program; the oldest tool usage rows were dropped');
  };
  return {
    record(entry) {
      waiting.push({
        toolName: entry.toolName,
        callerKind: entry.callerKind,
        agentName: entry.agentName ?? null,
        runId: entry.runId ?? null,
        queryPattern: entry.queryPattern,
        success: entry.success,
        errorCode: entry.errorCode ?? null,
        durationMs: entry.durationMs,
        responseBytes: entry.responseBytes ?? null,
        truncated: entry.truncated,
        estimatedMs: entry.estimatedMs ?? null,
      });
      keepAtMost();
      const batch = waiting.splice(0);
      // Not awaited: the caller never waits for bookkeeping. A busy database gives the rows back, in front of any
      // recorded meanwhile; any other failure loses them, as a failed write always did.
      memory.toolUsage.recordIfFree(batch).then(
        (written) => {
          if (written) return;
          waiting.unshift(...batch);
          keepAtMost();
        },
        (error: unknown) => logger.warn({ err: error, tool: entry.toolName }, 'could not record tool usage'),
      );
    },
  };
}
