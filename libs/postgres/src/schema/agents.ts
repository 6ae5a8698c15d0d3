/**
 * Agent tables on PostgreSQL: per-agent memory, shared namespaced memory, agent runs, run steps and model calls, column for
 * column as on SQLite. Enumerated text columns hold the same values as the SQLite side's enums (checked by the
 * repositories, not by the database, on both sides).
 */
import { bigint, boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { AGENT_MEMORY_TYPES } from '@chief-of-staff/stores';
import { createdAtColumn, idColumn, isoTimestamp, principalColumn, updatedAtColumn } from './columns.js';

export const agentMemory = pgTable(
  'agent_memory',
  {
    principalId: principalColumn(),
    id: idColumn(),
    agentName: text('agent_name').notNull(),
    memoryType: text('memory_type', { enum: AGENT_MEMORY_TYPES }).notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    confidence: doublePrecision('confidence').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('agent_memory_agent_type_key_uq').on(t.agentName, t.memoryType, t.key, t.principalId)],
);

export const sharedMemory = pgTable(
  'shared_memory',
  {
    principalId: principalColumn(),
    id: idColumn(),
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    writtenBy: text('written_by').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('shared_memory_namespace_key_uq').on(t.namespace, t.key, t.principalId)],
);

export const agentRuns = pgTable(
  'agent_runs',
  {
    principalId: principalColumn(),
    /** UUID, kept as text so it reads back exactly as written. */
    id: text('id').primaryKey(),
    agentName: text('agent_name').notNull(),
    trigger: text('trigger').notNull(),
    parentRunId: text('parent_run_id'),
    instructionPreview: text('instruction_preview').notNull().default(''),
    status: text('status').notNull().default('running'),
    stopReason: text('stop_reason'),
    rounds: integer('rounds').notNull().default(0),
    toolCallCount: integer('tool_call_count').notNull().default(0),
    model: text('model').notNull(),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    cacheReadTokens: bigint('cache_read_tokens', { mode: 'number' }).notNull().default(0),
    cacheCreationTokens: bigint('cache_creation_tokens', { mode: 'number' }).notNull().default(0),
    startedAt: isoTimestamp('started_at').notNull(),
    endedAt: isoTimestamp('ended_at'),
    error: text('error'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('agent_runs_agent_name_idx').on(t.agentName), index('agent_runs_started_at_idx').on(t.startedAt)],
);

/** The trace of a run (ADR 0087): one row per model turn and per tool call, previews bounded by the repository. */
export const agentRunSteps = pgTable(
  'agent_run_steps',
  {
    principalId: principalColumn(),
    id: idColumn(),
    runId: text('run_id').notNull(),
    seq: integer('seq').notNull(),
    round: integer('round').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    ok: boolean('ok').notNull(),
    errorCode: text('error_code'),
    stopReason: text('stop_reason'),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull().default(0),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    untrusted: boolean('untrusted').notNull().default(false),
    truncated: boolean('truncated').notNull().default(false),
    argumentsPreview: text('arguments_preview'),
    resultPreview: text('result_preview'),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('agent_run_steps_run_id_seq_uq').on(t.runId, t.seq, t.principalId), index('agent_run_steps_created_at_idx').on(t.createdAt)],
);

export const modelCalls = pgTable(
  'model_calls',
  {
    principalId: principalColumn(),
    id: idColumn(),
    runId: text('run_id'),
    caller: text('caller').notNull(),
    model: text('model').notNull(),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    cacheReadTokens: bigint('cache_read_tokens', { mode: 'number' }).notNull().default(0),
    cacheCreationTokens: bigint('cache_creation_tokens', { mode: 'number' }).notNull().default(0),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull().default(0),
    outcome: text('outcome').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('model_calls_created_at_idx').on(t.createdAt), index('model_calls_run_id_idx').on(t.runId)],
);
