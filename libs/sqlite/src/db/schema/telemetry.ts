/**
 * Usage telemetry tables (docs/reference/data-model.md#tables): the tool usage log, fallback events and skill
 * suggestions.
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { SKILL_SUGGESTION_STATUSES } from '@chief-of-staff/stores';
import { CALLER_KINDS, FALLBACK_OUTCOMES } from '@chief-of-staff/stores/adapter-kit';

export const toolUsageLog = sqliteTable(
  'tool_usage_log',
  {
    id: idColumn(),
    toolName: text('tool_name').notNull(),
    callerKind: text('caller_kind', { enum: CALLER_KINDS }).notNull(),
    agentName: text('agent_name'),
    runId: text('run_id'),
    queryPattern: text('query_pattern').notNull().default('auto'),
    success: integer('success', { mode: 'boolean' }).notNull(),
    errorCode: text('error_code'),
    durationMs: integer('duration_ms'),
    estimatedMs: integer('estimated_ms'),
    responseBytes: integer('response_bytes'),
    truncated: integer('truncated', { mode: 'boolean' }).notNull().default(false),
    servedBy: text('served_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('tool_usage_log_tool_name_created_at_idx').on(t.toolName, t.createdAt),
    index('tool_usage_log_created_at_idx').on(t.createdAt),
  ],
);

export const fallbackEvents = sqliteTable(
  'fallback_events',
  {
    id: idColumn(),
    chainId: text('chain_id').notNull(),
    primaryTool: text('primary_tool').notNull(),
    tool: text('tool').notNull(),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome', { enum: FALLBACK_OUTCOMES }).notNull(),
    errorCode: text('error_code'),
    durationMs: integer('duration_ms').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [index('fallback_events_created_at_idx').on(t.createdAt)],
);

export const skillSuggestions = sqliteTable(
  'skill_suggestions',
  {
    id: idColumn(),
    signature: text('signature').notNull(),
    toolName: text('tool_name').notNull(),
    patterns: text('patterns', { mode: 'json' }).$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    suggestedName: text('suggested_name').notNull(),
    suggestedCapabilities: text('suggested_capabilities', { mode: 'json' }).$type<string[]>().notNull().default([]),
    occurrences: integer('occurrences').notNull().default(0),
    confidence: real('confidence').notNull().default(0),
    status: text('status', { enum: SKILL_SUGGESTION_STATUSES }).notNull().default('pending'),
    agentName: text('agent_name'),
    rejectReason: text('reject_reason'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('skill_suggestions_signature_uq').on(t.signature),
    index('skill_suggestions_status_confidence_idx').on(t.status, t.confidence),
  ],
);
