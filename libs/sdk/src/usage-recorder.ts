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
      if (waiting.length > MAX_WAITING) {
        waiting.splice(0, waiting.length - MAX_WAITING);
        logger.warn({ kept: MAX_WAITING }, 'the database has stayed locked by another program; the oldest tool usage rows were dropped');
      }
      try {
        memory.database.writeIfFree(() =>
          memory.database.writeTransaction(() => {
            for (const row of waiting) memory.toolUsage.record(row);
          }),
        );
        waiting.length = 0;
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') {
          waiting.length = 0;
          throw error;
        }
      }
    },
  };
}
