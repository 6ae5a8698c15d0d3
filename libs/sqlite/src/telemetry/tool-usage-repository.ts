/**
 * The SQLite adapter of `ToolUsageRepository` (the port and its shared rules are in `@chief-of-staff/stores`).
 */
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import type { CosDatabase } from '../db/open-database.js';
import { toolUsageLog } from '../db/schema/telemetry.js';
import { closePage, openPage, TOOL_STATISTICS_LIMITS, type RecordToolUsageInput, type ToolPerformance, type ToolStatistics, type ToolUsageRecord, type ToolUsageRepository } from '@chief-of-staff/stores';
import { nowIso, toolErrorRate, toolUsageValues } from '@chief-of-staff/stores/adapter-kit';

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? null;
}

/** One call of `callSamplesSince` as SQLite's JSON array gives it. */
type CallSampleRow = [string, number, string | null, number | null, number | null, number, string];

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createToolUsageRepository(database: CosDatabase, clock: Clock): ToolUsageRepository {
  const { db, sqlite } = database;
  const durationsStatement = sqlite.prepare<[string, string], { d: number }>(
    `SELECT duration_ms AS d FROM tool_usage_log WHERE tool_name = ? AND created_at >= ? AND duration_ms IS NOT NULL ORDER BY duration_ms`,
  );
  const successesStatement = sqlite.prepare<[string, string], { d: number; b: number | null }>(
    `SELECT duration_ms AS d, response_bytes AS b FROM tool_usage_log
     WHERE tool_name = ? AND created_at >= ? AND success = 1 AND duration_ms IS NOT NULL`,
  );
  // The tools' names as one JSON array: one statement for any number of tools, each read through the (tool, time) index.
  const successesManyStatement = sqlite.prepare<[string, string], { t: string; d: number; b: number | null }>(
    `SELECT tool_name AS t, duration_ms AS d, response_bytes AS b FROM tool_usage_log
     WHERE tool_name IN (SELECT value FROM json_each(?)) AND created_at >= ? AND success = 1 AND duration_ms IS NOT NULL`,
  );
  // The window's calls as ONE JSON text built by SQLite, parsed at once: better-sqlite3 spends ~2 µs on each row it
  // hands over (40 ms for a month of use), several times what SQLite takes to build the array and V8 to parse it.
  const callSamplesStatement = sqlite
    .prepare<[string, number], string>(
      `SELECT json_group_array(json_array(tool_name, success, error_code, duration_ms, estimated_ms, truncated, created_at)) FROM (
         SELECT tool_name, success, error_code, duration_ms, estimated_ms, truncated, created_at FROM tool_usage_log
         WHERE created_at >= ? ORDER BY created_at DESC, id DESC LIMIT ?)`,
    )
    .pluck(true);
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

    async performanceSinceMany(toolNames, since) {
      const rowsByTool = new Map<string, { d: number; b: number | null }[]>();
      for (const row of successesManyStatement.all(JSON.stringify(toolNames), since)) {
        const rows = rowsByTool.get(row.t);
        if (rows) rows.push(row);
        else rowsByTool.set(row.t, [row]);
      }
      const figures = new Map<string, ToolPerformance>();
      for (const [toolName, rows] of rowsByTool) figures.set(toolName, performanceOf(rows) as ToolPerformance);
      return figures;
    },

    listSince: async (since, limit) =>
      db.select().from(toolUsageLog).where(gte(toolUsageLog.createdAt, since)).orderBy(asc(toolUsageLog.createdAt), asc(toolUsageLog.id)).limit(limit).all(),

    callSamplesSince: async (since, limit) =>
      (JSON.parse(callSamplesStatement.get(since, limit) ?? '[]') as CallSampleRow[]).map(([toolName, success, errorCode, durationMs, estimatedMs, truncated, createdAt]) => ({
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
