/**
 * Records each tool call in `tool_usage_log` without ever making the caller wait for it. Usage rows are bookkeeping,
 * so they are written without the busy timeout: while another program holds the database lock they wait in memory
 * (up to MAX_WAITING, oldest dropped first, with a warning) and go in with the next record that finds it free. A
 * server waiting 5 s per row would stall every call in flight behind a lock it does not need.
 *
 * Each row is written in the principal scope of the call it records (team mode, ADR 0080): a batch holds one
 * principal's rows, so a write started by one person's call never files another person's calls under theirs.
 */
import { currentPrincipalScope, isPrincipalKey, OWNER_PRINCIPAL, runInPrincipalScope, type Logger } from '@chief-of-staff/core';
import type { MemoryStore } from '@chief-of-staff/stores';
import type { UsageRecorder } from './call-tool.js';

const MAX_WAITING = 1_000;

type UsageRow = Parameters<MemoryStore['toolUsage']['record']>[0];

interface WaitingRow {
  row: UsageRow;
  /** Whose call it records: the scope it was made in (work of the system scope is the deployment's, the owner's). */
  principal: string;
}

export function createUsageRecorder(memory: MemoryStore, logger: Logger): UsageRecorder {
  const waiting: WaitingRow[] = [];
  const keepAtMost = () => {
    if (waiting.length <= MAX_WAITING) return;
    waiting.splice(0, waiting.length - MAX_WAITING);
    logger.warn({ kept: MAX_WAITING }, 'the database has stayed locked by another program; the oldest tool usage rows were dropped');
  };
  // One write at a time: rows recorded while one is on its way go in together with the next, so many concurrent calls
  // cost a few writes instead of one each (on PostgreSQL each write is a transaction of several round trips).
  let writing: Promise<void> | undefined;
  const write = (): void => {
    if (writing !== undefined || waiting.length === 0) return;
    // The rows of the oldest waiting row's principal, in order; the others wait for the next write.
    const principal = (waiting[0] as WaitingRow).principal;
    const batch = waiting.filter((entry) => entry.principal === principal);
    waiting.splice(0, waiting.length, ...waiting.filter((entry) => entry.principal !== principal));
    // Not awaited: the caller never waits for bookkeeping. A busy database gives the rows back, in front of any
    // recorded meanwhile, for the next record to try again; any other failure loses them, as a failed write always did.
    const rows = batch.map((entry) => entry.row);
    // Entered only when the write's own context is someone else's: a single-person process never enters a scope here.
    const written = principal === currentPrincipalScope() ? memory.toolUsage.recordIfFree(rows) : runInPrincipalScope(principal, () => memory.toolUsage.recordIfFree(rows));
    writing = written.then(
      (written) => {
        writing = undefined;
        if (written) return write();
        waiting.unshift(...batch);
        keepAtMost();
      },
      (error: unknown) => {
        writing = undefined;
        logger.warn({ err: error, tools: [...new Set(batch.map((entry) => entry.row.toolName))] }, 'could not record tool usage');
        write();
      },
    );
  };
  return {
    record(entry) {
      const scope = currentPrincipalScope();
      waiting.push({
        principal: isPrincipalKey(scope) ? scope : OWNER_PRINCIPAL,
        row: {
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
        },
      });
      keepAtMost();
      write();
    },
    async settled() {
      // Each finished write starts the next batch at once, so this ends when nothing is on its way.
      while (writing !== undefined) await writing;
    },
  };
}

