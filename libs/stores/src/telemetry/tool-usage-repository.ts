/**
 * The tool usage log (docs/reference/conventions.md#usage-tracking, docs/reference/data-model.md#tables,
 * docs/reference/tool-catalogue.md#skills-telemetry-orchestration-and-enrichment): one row per tool call from every
 * caller. Feeds tool statistics, learned latency (docs/orchestration.md#tool-metadata) and skill pattern detection
 * (docs/reference/algorithms.md#skill-pattern-detection).
 */
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { toolUsageLog } from '../db/schema/telemetry.js';
import { CALLER_KINDS } from '../db/schema/enums.js';
import { closePage, openPage, type Page, type PageRequest } from '../db/pagination.js';
import { assertEnum, assertText, MAX_NAME_LENGTH, nowIso } from '../db/validation.js';

export interface ToolUsageRecord {
  id: number;
  toolName: string;
  callerKind: "webhook" | "scheduler" | "host" | "cli" | "agent" | "console";
  agentName: string | null;
  runId: string | null;
  queryPattern: string;
  success: boolean;
  errorCode: string | null;
  durationMs: number | null;
  estimatedMs: number | null;
  responseBytes: number | null;
  truncated: boolean;
  servedBy: string | null;
  createdAt: string;
}
export type CallerKindValue = (typeof CALLER_KINDS)[number];

export interface RecordToolUsageInput {
  toolName: string;
  callerKind: CallerKindValue;
  agentName?: string | null;
  runId?: string | null;
  /** ≤100 characters; `auto` when the call had no usable argument. */
  queryPattern?: string;
  success: boolean;
  errorCode?: string | null;
  durationMs?: number | null;
  estimatedMs?: number | null;
  responseBytes?: number | null;
  truncated?: boolean;
  servedBy?: string | null;
}

export interface ToolStatistics {
  toolName: string;
  calls: number;
  successes: number;
  failures: number;
  errorRate: number;
  p50DurationMs: number | null;
  p95DurationMs: number | null;
  avgBytes: number | null;
  maxBytes: number | null;
  truncatedCount: number;
  firstUsedAt: string;
  lastUsedAt: string;
  /** Only when statistics are asked for one tool. */
  topPatterns?: { pattern: string; count: number }[];
  errorCodes?: { code: string; count: number }[];
}

/** How a tool performed in its successful calls of a period (learned latency and size). */
export interface ToolPerformance {
  /** How many successful calls the figures come from. */
  samples: number;
  p50DurationMs: number;
  p95DurationMs: number;
  /** Median and 95th percentile of the response sizes the calls recorded (0 when none did). */
  p50ResponseBytes: number;
  p95ResponseBytes: number;
}

/** One call as the success metrics see it. */
export interface ToolCallSample {
  toolName: string;
  success: boolean;
  errorCode: string | null;
  durationMs: number | null;
  estimatedMs: number | null;
  truncated: boolean;
  createdAt: string;
}

export interface UsagePatternCount {
  toolName: string;
  queryPattern: string;
  occurrences: number;
  lastUsedAt: string;
}

export const TOOL_STATISTICS_LIMITS = { defaultLimit: 50, maxLimit: 200 };
export const MAX_QUERY_PATTERN_LENGTH = 100;

export interface ToolUsageRepository {
  record(input: RecordToolUsageInput): Promise<ToolUsageRecord>;
  /**
   * Records the rows in one transaction without waiting for another program's lock: false, with nothing written, when
   * the database is busy (bookkeeping that may wait in memory for the next try instead of stalling the caller).
   */
  recordIfFree(rows: readonly RecordToolUsageInput[]): Promise<boolean>;
  /** Per-tool statistics since `since`, busiest tools first. */
  statistics(filters: { toolName?: string; since: string }, page: PageRequest): Promise<Page<ToolStatistics>>;
  /** Successful (tool, pattern) pairs since `since` with their counts, for pattern detection. */
  patternCounts(filters: { since: string; excludeAuto?: boolean }): Promise<UsagePatternCount[]>;
  /**
   * Figures from a tool's successful calls since `since` that recorded a duration; undefined when it has none. Reads
   * that tool's rows through the (tool, time) index, not the whole log.
   */
  performanceSince(toolName: string, since: string): Promise<ToolPerformance | undefined>;
  /** Rows since `since`, oldest first (analysis). */
  listSince(since: string, limit: number): Promise<ToolUsageRecord[]>;
  /**
   * What the success metrics need of each call since `since`, the newest `limit` first (so a capped read of a long log
   * covers its latest calls, not its earliest): a narrow read, several times cheaper than whole rows.
   */
  callSamplesSince(since: string, limit: number): Promise<ToolCallSample[]>;
  purgeOlderThan(cutoff: string): Promise<number>;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? null;
}

/** The validated row of one tool call recorded `now` (the same checks and defaults on every adapter). */
export function toolUsageValues(input: RecordToolUsageInput, now: string) {
  const toolName = assertText('tool_name', input.toolName, MAX_NAME_LENGTH);
  const pattern = (input.queryPattern ?? 'auto').trim().slice(0, MAX_QUERY_PATTERN_LENGTH) || 'auto';
  return {
    toolName,
    callerKind: assertEnum('caller_kind', input.callerKind, CALLER_KINDS),
    agentName: input.agentName ?? null,
    runId: input.runId ?? null,
    queryPattern: pattern,
    success: input.success,
    errorCode: input.errorCode ?? null,
    durationMs: input.durationMs ?? null,
    estimatedMs: input.estimatedMs ?? null,
    responseBytes: input.responseBytes ?? null,
    truncated: input.truncated ?? false,
    servedBy: input.servedBy ?? null,
    createdAt: now,
  };
}

/** A tool's error rate as statistics show it: failures over calls, rounded to 4 decimals. */
export function toolErrorRate(calls: number, failures: number): number {
  return calls === 0 ? 0 : Math.round((failures / calls) * 10_000) / 10_000;
}

export function createToolUsageRepository(database: CosDatabase, clock: Clock): ToolUsageRepository {
  const { db, sqlite } = database;
  const durationsStatement = sqlite.prepare<[string, string], { d: number }>(
    `SELECT duration_ms AS d FROM tool_usage_log WHERE tool_name = ? AND created_at >= ? AND duration_ms IS NOT NULL ORDER BY duration_ms`,
  );
  const successesStatement = sqlite.prepare<[string, string], { d: number; b: number | null }>(
    `SELECT duration_ms AS d, response_bytes AS b FROM tool_usage_log
     WHERE tool_name = ? AND created_at >= ? AND success = 1 AND duration_ms IS NOT NULL`,
  );
  // Plain columns through a prepared statement, as arrays (`raw`): mapping whole rows costs more than reading them,
  // and on tens of thousands of rows skipping the named-column object halves the read.
  const callSamplesStatement = sqlite
    .prepare<[string, number], [string, number, string | null, number | null, number | null, number, string]>(
      `SELECT tool_name, success, error_code, duration_ms, estimated_ms, truncated, created_at
       FROM tool_usage_log WHERE created_at >= ? ORDER BY created_at DESC, id DESC LIMIT ?`,
    )
    .raw(true);
  const performanceOf = (rows: readonly { d: number; b: number | null }[]): ToolPerformance | undefined => {
    if (rows.length === 0) return undefined;
    const durations = rows.map((row) => row.d).sort((a, b) => a - b);
    const sizes = rows.flatMap((row) => (row.b === null ? [] : [row.b])).sort((a, b) => a - b);
    return {
      samples: rows.length,
      p50DurationMs: percentile(durations, 0.5) ?? 0,
      p95DurationMs: percentile(durations, 0.95) ?? 0,
      p50ResponseBytes: percentile(sizes, 0.5) ?? 0,
      p95ResponseBytes: percentile(sizes, 0.95) ?? 0,
    };
  };

  const record = (input: RecordToolUsageInput): ToolUsageRecord =>
    db.insert(toolUsageLog).values(toolUsageValues(input, nowIso(clock))).returning().get();

  return {
    record: async (input) => record(input),

    async recordIfFree(rows) {
      try {
        database.writeIfFree(() =>
          database.writeTransaction(() => {
            for (const row of rows) record(row);
          }),
        );
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return false;
        throw error;
      }
    },

    async statistics(filters, request) {
      const window = openPage(request, TOOL_STATISTICS_LIMITS, 'tool_statistics', filters);
      const where = and(
        gte(toolUsageLog.createdAt, filters.since),
        filters.toolName === undefined ? undefined : eq(toolUsageLog.toolName, filters.toolName),
      );
      const rows = db
        .select({
          toolName: toolUsageLog.toolName,
          calls: sql<number>`count(*)`,
          successes: sql<number>`sum(${toolUsageLog.success})`,
          avgBytes: sql<number | null>`avg(${toolUsageLog.responseBytes})`,
          maxBytes: sql<number | null>`max(${toolUsageLog.responseBytes})`,
          truncatedCount: sql<number>`sum(${toolUsageLog.truncated})`,
          firstUsedAt: sql<string>`min(${toolUsageLog.createdAt})`,
          lastUsedAt: sql<string>`max(${toolUsageLog.createdAt})`,
        })
        .from(toolUsageLog)
        .where(where)
        .groupBy(toolUsageLog.toolName)
        .orderBy(desc(sql`count(*)`), asc(toolUsageLog.toolName))
        .limit(window.limit + 1)
        .offset(window.offset)
        .all();
      const total = db.select({ n: sql<number>`count(DISTINCT ${toolUsageLog.toolName})` }).from(toolUsageLog).where(where).get()?.n ?? 0;
      const items = rows.map((row): ToolStatistics => {
        const durations = durationsStatement.all(row.toolName, filters.since).map((r) => r.d);
        const failures = row.calls - row.successes;
        return {
          toolName: row.toolName,
          calls: row.calls,
          successes: row.successes,
          failures,
          errorRate: toolErrorRate(row.calls, failures),
          p50DurationMs: percentile(durations, 0.5),
          p95DurationMs: percentile(durations, 0.95),
          avgBytes: row.avgBytes === null ? null : Math.round(row.avgBytes),
          maxBytes: row.maxBytes,
          truncatedCount: row.truncatedCount,
          firstUsedAt: row.firstUsedAt,
          lastUsedAt: row.lastUsedAt,
        };
      });
      if (filters.toolName !== undefined) {
        for (const item of items) {
          const scope = and(eq(toolUsageLog.toolName, item.toolName), gte(toolUsageLog.createdAt, filters.since));
          item.topPatterns = db
            .select({ pattern: toolUsageLog.queryPattern, count: sql<number>`count(*)` })
            .from(toolUsageLog)
            .where(scope)
            .groupBy(toolUsageLog.queryPattern)
            .orderBy(desc(sql`count(*)`), asc(toolUsageLog.queryPattern))
            .limit(20)
            .all();
          item.errorCodes = db
            .select({ code: sql<string>`${toolUsageLog.errorCode}`, count: sql<number>`count(*)` })
            .from(toolUsageLog)
            .where(and(scope, sql`${toolUsageLog.errorCode} IS NOT NULL`))
            .groupBy(toolUsageLog.errorCode)
            .orderBy(desc(sql`count(*)`), asc(toolUsageLog.errorCode))
            .all();
        }
      }
      return closePage(items, window, { total });
    },

    async patternCounts(filters) {
      return db
        .select({
          toolName: toolUsageLog.toolName,
          queryPattern: toolUsageLog.queryPattern,
          occurrences: sql<number>`count(*)`,
          lastUsedAt: sql<string>`max(${toolUsageLog.createdAt})`,
        })
        .from(toolUsageLog)
        .where(
          and(
            gte(toolUsageLog.createdAt, filters.since),
            eq(toolUsageLog.success, true),
            filters.excludeAuto ? sql`${toolUsageLog.queryPattern} <> 'auto'` : undefined,
          ),
        )
        .groupBy(toolUsageLog.toolName, toolUsageLog.queryPattern)
        .orderBy(asc(toolUsageLog.toolName), asc(toolUsageLog.queryPattern))
        .all();
    },

    performanceSince: async (toolName, since) => performanceOf(successesStatement.all(toolName, since)),

    listSince: async (since, limit) =>
      db.select().from(toolUsageLog).where(gte(toolUsageLog.createdAt, since)).orderBy(asc(toolUsageLog.createdAt), asc(toolUsageLog.id)).limit(limit).all(),

    callSamplesSince: async (since, limit) =>
      callSamplesStatement.all(since, limit).map(([toolName, success, errorCode, durationMs, estimatedMs, truncated, createdAt]) => ({
        toolName,
        success: success === 1,
        errorCode,
        durationMs,
        estimatedMs,
        truncated: truncated === 1,
        createdAt,
      })),

    purgeOlderThan: async (cutoff) => db.delete(toolUsageLog).where(lt(toolUsageLog.createdAt, cutoff)).run().changes,
  };
}
