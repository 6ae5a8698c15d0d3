/**
 * Usage telemetry tables on PostgreSQL: the tool usage log, fallback events and skill suggestions, column for
 * column as on SQLite.
 */
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { SKILL_SUGGESTION_STATUSES } from '@chief-of-staff/stores';
import { createdAtColumn, idColumn, principalColumn, updatedAtColumn } from './columns.js';

export const toolUsageLog = pgTable(
  'tool_usage_log',
  {
    principalId: principalColumn(),
    id: idColumn(),
    toolName: text('tool_name').notNull(),
    callerKind: text('caller_kind').notNull(),
    agentName: text('agent_name'),
    runId: text('run_id'),
    queryPattern: text('query_pattern').notNull().default('auto'),
    success: boolean('success').notNull(),
    errorCode: text('error_code'),
    durationMs: bigint('duration_ms', { mode: 'number' }),
    estimatedMs: bigint('estimated_ms', { mode: 'number' }),
    responseBytes: bigint('response_bytes', { mode: 'number' }),
    truncated: boolean('truncated').notNull().default(false),
    servedBy: text('served_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('tool_usage_log_tool_name_created_at_idx').on(t.toolName, t.createdAt),
    index('tool_usage_log_created_at_idx').on(t.createdAt),
  ],
);

export const fallbackEvents = pgTable(
  'fallback_events',
  {
    principalId: principalColumn(),
    id: idColumn(),
    chainId: text('chain_id').notNull(),
    primaryTool: text('primary_tool').notNull(),
    tool: text('tool').notNull(),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome').notNull(),
    errorCode: text('error_code'),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [index('fallback_events_created_at_idx').on(t.createdAt)],
);

export const skillSuggestions = pgTable(
  'skill_suggestions',
  {
    principalId: principalColumn(),
    id: idColumn(),
    signature: text('signature').notNull(),
    toolName: text('tool_name').notNull(),
    patterns: jsonb('patterns').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    suggestedName: text('suggested_name').notNull(),
    suggestedCapabilities: jsonb('suggested_capabilities').$type<string[]>().notNull().default([]),
    occurrences: integer('occurrences').notNull().default(0),
    confidence: doublePrecision('confidence').notNull().default(0),
    status: text('status', { enum: SKILL_SUGGESTION_STATUSES }).notNull().default('pending'),
    agentName: text('agent_name'),
    rejectReason: text('reject_reason'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('skill_suggestions_signature_uq').on(t.signature, t.principalId),
    index('skill_suggestions_status_confidence_idx').on(t.status, t.confidence),
  ],
);
