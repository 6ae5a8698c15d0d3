/**
 * The tool usage log on PostgreSQL: the same `ToolUsageRepository` port, records and figures as the SQLite adapter of
 * `@chief-of-staff/stores`, checked by the same contract suite (ADR 0065). The statistics are aggregated by the
 * server in one query per page: nearest-rank percentiles are `percentile_disc` (the first value whose cumulative
 * share reaches p, what the SQLite adapter picks from the sorted durations), and every aggregate is cast to a type
 * `pg` returns as a JavaScript number (it returns bigint and numeric as strings).
 */
import { and, desc, eq, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Clock } from '@chief-of-staff/core';
import { closePage, openPage, TOOL_STATISTICS_LIMITS, type ToolPerformance, type ToolStatistics, type ToolUsageRecord, type ToolUsageRepository } from '@chief-of-staff/stores';
import { nowIso, toolErrorRate, toolUsageValues } from '@chief-of-staff/stores/adapter-kit';
import type { PostgresDatabase } from '../open-postgres.js';
import { holdsNul, refuseNulCharacters } from '../nul-characters.js';
import { toolUsageLog } from '../schema/telemetry.js';
import { rowColumns } from '../row-columns.js';

/** PostgreSQL's "could not obtain lock" (a `lock_timeout` ran out). */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * How long a batch of bookkeeping rows waits for a lock before it is kept for later. Inserts take no lock another
 * writer holds, except while a migration or a `LOCK TABLE` holds the table.
 */
const RECORD_IF_FREE_LOCK_TIMEOUT = '100ms';

/** The SQLSTATE of a `pg` error, also when drizzle wrapped it. */
function sqlState(error: unknown): unknown {
  const direct = (error as { code?: unknown }).code;
  if (typeof direct === 'string') return direct;
  const cause = (error as { cause?: unknown }).cause;
  return cause === undefined ? undefined : (cause as { code?: unknown }).code;
}

/** Nearest-rank percentile of a bigint column, as a number (null without values). */
/** A row of `performance` as the port gives it: a percentile over no values reads 0. */
function toolPerformance(row: { samples: number; p50DurationMs: number | null; p95DurationMs: number | null; p50ResponseBytes: number | null; p95ResponseBytes: number | null }): ToolPerformance {
  return {
    samples: row.samples,
    p50DurationMs: row.p50DurationMs ?? 0,
    p95DurationMs: row.p95DurationMs ?? 0,
    p50ResponseBytes: row.p50ResponseBytes ?? 0,
    p95ResponseBytes: row.p95ResponseBytes ?? 0,
  };
}

const percentile = (p: number, column: AnyColumn): SQL<number | null> =>
  sql<number | null>`(percentile_disc(${sql.raw(String(p))}) WITHIN GROUP (ORDER BY ${column}))::float8`;

// eslint-disable-next-line max-lines-per-function -- a repository factory: its body is the object of the repository's methods, each short (in effect a class body)
export function createPostgresToolUsageRepository(database: PostgresDatabase, clock: Clock): ToolUsageRepository {
  const { db } = database;
  const t = toolUsageLog;
  const calls = sql<number>`count(*)::int`;
  // The figures of a tool's successful timed calls, read alike for one tool and for many.
  const performance = {
    samples: calls,
    p50DurationMs: percentile(0.5, t.durationMs),
    p95DurationMs: percentile(0.95, t.durationMs),
    p50ResponseBytes: percentile(0.5, t.responseBytes),
    p95ResponseBytes: percentile(0.95, t.responseBytes),
  };
  const byCode = (column: SQL | AnyColumn): SQL => sql`${column} COLLATE "C"`;

  return {
    async record(input) {
      const [row] = await db.insert(t).values(refuseNulCharacters(toolUsageValues(input, nowIso(clock)))).returning(rowColumns(t));
      return row as ToolUsageRecord;
    },

    async recordIfFree(rows) {
      if (rows.length === 0) return true;
      const now = nowIso(clock);
      const values = rows.map((row) => refuseNulCharacters(toolUsageValues(row, now)));
      try {
        await db.transaction(async (tx) => {
          await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${RECORD_IF_FREE_LOCK_TIMEOUT}'`));
          await tx.insert(t).values(values);
        });
        return true;
      } catch (error) {
        if (sqlState(error) === LOCK_NOT_AVAILABLE) return false;
        throw error;
      }
    },

    async statistics(filters, request) {
      const window = openPage(request, TOOL_STATISTICS_LIMITS, 'tool_statistics', filters);
      if (holdsNul(filters.toolName)) return closePage([], window, { total: 0 });
      const where = and(gte(t.createdAt, filters.since), filters.toolName === undefined ? undefined : eq(t.toolName, filters.toolName));
      const rows = await db
        .select({
          toolName: t.toolName,
          calls,
          successes: sql<number>`(count(*) FILTER (WHERE ${t.success}))::int`,
          p50DurationMs: percentile(0.5, t.durationMs),
          p95DurationMs: percentile(0.95, t.durationMs),
          avgBytes: sql<number | null>`(avg(${t.responseBytes}))::float8`,
          maxBytes: sql<number | null>`(max(${t.responseBytes}))::float8`,
          truncatedCount: sql<number>`(count(*) FILTER (WHERE ${t.truncated}))::int`,
          firstUsedAt: sql<string>`min(${t.createdAt})`.mapWith(t.createdAt),
          lastUsedAt: sql<string>`max(${t.createdAt})`.mapWith(t.createdAt),
        })
        .from(t)
        .where(where)
        .groupBy(t.toolName)
        .orderBy(sql`count(*) DESC`, byCode(t.toolName))
        .limit(window.limit + 1)
        .offset(window.offset);
      const [count] = await db.select({ n: sql<number>`count(DISTINCT ${t.toolName})::int` }).from(t).where(where);
      const items = rows.map(
        (row): ToolStatistics => ({
          toolName: row.toolName,
          calls: row.calls,
          successes: row.successes,
          failures: row.calls - row.successes,
          errorRate: toolErrorRate(row.calls, row.calls - row.successes),
          p50DurationMs: row.p50DurationMs,
          p95DurationMs: row.p95DurationMs,
          avgBytes: row.avgBytes === null ? null : Math.round(row.avgBytes),
          maxBytes: row.maxBytes,
          truncatedCount: row.truncatedCount,
          firstUsedAt: row.firstUsedAt,
          lastUsedAt: row.lastUsedAt,
        }),
      );
      if (filters.toolName !== undefined) {
        for (const item of items) {
          const scope = and(eq(t.toolName, item.toolName), gte(t.createdAt, filters.since));
          item.topPatterns = await db
            .select({ pattern: t.queryPattern, count: calls })
            .from(t)
            .where(scope)
            .groupBy(t.queryPattern)
            .orderBy(sql`count(*) DESC`, byCode(t.queryPattern))
            .limit(20);
          item.errorCodes = await db
            .select({ code: sql<string>`${t.errorCode}`, count: calls })
            .from(t)
            .where(and(scope, sql`${t.errorCode} IS NOT NULL`))
            .groupBy(t.errorCode)
            .orderBy(sql`count(*) DESC`, byCode(sql`${t.errorCode}`));
        }
      }
      return closePage(items, window, { total: count?.n ?? 0 });
    },

    async patternCounts(filters) {
      return await db
        .select({
          toolName: t.toolName,
          queryPattern: t.queryPattern,
          occurrences: calls,
          lastUsedAt: sql<string>`max(${t.createdAt})`.mapWith(t.createdAt),
        })
        .from(t)
        .where(and(gte(t.createdAt, filters.since), eq(t.success, true), filters.excludeAuto ? sql`${t.queryPattern} <> 'auto'` : undefined))
        .groupBy(t.toolName, t.queryPattern)
        .orderBy(byCode(t.toolName), byCode(t.queryPattern));
    },

    async performanceSince(toolName, since) {
      if (holdsNul(toolName)) return undefined;
      // Through the (tool_name, created_at) index, as on SQLite.
      const [row] = await db
        .select(performance)
        .from(t)
        .where(and(eq(t.toolName, toolName), gte(t.createdAt, since), eq(t.success, true), sql`${t.durationMs} IS NOT NULL`));
      if (row === undefined || row.samples === 0) return undefined;
      return toolPerformance(row);
    },

    async performanceSinceMany(toolNames, since) {
      const names = toolNames.filter((name) => !holdsNul(name));
      const figures = new Map<string, ToolPerformance>();
      if (names.length === 0) return figures;
      // One grouped query through the (tool_name, created_at) index, the same aggregates as performanceSince.
      const rows = await db
        .select({ toolName: t.toolName, ...performance })
        .from(t)
        .where(and(sql`${t.toolName} = ANY(${sql.param(names)}::text[])`, gte(t.createdAt, since), eq(t.success, true), sql`${t.durationMs} IS NOT NULL`))
        .groupBy(t.toolName);
      for (const row of rows) {
        if (row.samples === 0) continue;
        figures.set(row.toolName, toolPerformance(row));
      }
      return figures;
    },

    async listSince(since, limit) {
      const rows = await db.select(rowColumns(t)).from(t).where(gte(t.createdAt, since)).orderBy(t.createdAt, t.id).limit(limit);
      return rows as ToolUsageRecord[];
    },

    async callSamplesSince(since, limit) {
      return db
        .select({ toolName: t.toolName, success: t.success, errorCode: t.errorCode, durationMs: t.durationMs, estimatedMs: t.estimatedMs, truncated: t.truncated, createdAt: t.createdAt })
        .from(t)
        .where(gte(t.createdAt, since))
        .orderBy(desc(t.createdAt), desc(t.id))
        .limit(limit);
    },

    async purgeOlderThan(cutoff) {
      return (await db.delete(t).where(lt(t.createdAt, cutoff)).returning({ id: t.id })).length;
    },
  };
}
