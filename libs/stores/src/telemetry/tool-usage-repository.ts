/**
 * The tool usage log (docs/reference/conventions.md#usage-tracking, docs/reference/data-model.md#tables,
 * docs/reference/tool-catalogue.md#skills-telemetry-orchestration-and-enrichment): one row per tool call from every
 * caller. Feeds tool statistics, learned latency (docs/orchestration.md#tool-metadata) and skill pattern detection
 * (docs/reference/algorithms.md#skill-pattern-detection).
 */
import { CALLER_KINDS } from '../db/enums.js';
import type { Page, PageRequest } from '../db/pagination.js';
import { assertEnum, assertText, MAX_NAME_LENGTH } from '../db/validation.js';

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
  /**
   * `performanceSince` for many tools in one read (the figures of a whole catalogue before its first ranking, where a
   * read per tool cost a round trip each): the tools with figures, by name; a tool without any is absent.
   */
  performanceSinceMany(toolNames: readonly string[], since: string): Promise<Map<string, ToolPerformance>>;
  /** Rows since `since`, oldest first (analysis). */
  listSince(since: string, limit: number): Promise<ToolUsageRecord[]>;
  /**
   * What the success metrics need of each call since `since`, the newest `limit` first (so a capped read of a long log
   * covers its latest calls, not its earliest): a narrow read, several times cheaper than whole rows.
   */
  callSamplesSince(since: string, limit: number): Promise<ToolCallSample[]>;
  purgeOlderThan(cutoff: string): Promise<number>;
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
