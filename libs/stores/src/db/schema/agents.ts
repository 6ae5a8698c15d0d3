/**
 * Agent tables (docs/reference/data-model.md#tables): per-agent memory, shared namespaced memory, agent runs and
 * model calls.
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { AGENT_MEMORY_TYPES, AGENT_RUN_STATUSES, MODEL_CALL_CALLERS, RUN_TRIGGERS } from './enums.js';

export const agentMemory = sqliteTable(
  'agent_memory',
  {
    id: idColumn(),
    agentName: text('agent_name').notNull(),
    memoryType: text('memory_type', { enum: AGENT_MEMORY_TYPES }).notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    confidence: real('confidence').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('agent_memory_agent_type_key_uq').on(t.agentName, t.memoryType, t.key)],
);

export const sharedMemory = sqliteTable(
  'shared_memory',
  {
    id: idColumn(),
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    writtenBy: text('written_by').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('shared_memory_namespace_key_uq').on(t.namespace, t.key)],
);

export const agentRuns = sqliteTable(
  'agent_runs',
  {
    /** UUID. */
    id: text('id').primaryKey(),
    agentName: text('agent_name').notNull(),
    trigger: text('trigger', { enum: RUN_TRIGGERS }).notNull(),
    parentRunId: text('parent_run_id'),
    /** First 200 characters of the instruction. */
    instructionPreview: text('instruction_preview').notNull().default(''),
    status: text('status', { enum: AGENT_RUN_STATUSES }).notNull().default('running'),
    stopReason: text('stop_reason'),
    rounds: integer('rounds').notNull().default(0),
    toolCallCount: integer('tool_call_count').notNull().default(0),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    cacheReadTokens: integer('cache_read_tokens').notNull().default(0),
    cacheCreationTokens: integer('cache_creation_tokens').notNull().default(0),
    startedAt: text('started_at').notNull(),
    endedAt: text('ended_at'),
    error: text('error'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('agent_runs_agent_name_idx').on(t.agentName), index('agent_runs_started_at_idx').on(t.startedAt)],
);

export const modelCalls = sqliteTable(
  'model_calls',
  {
    id: idColumn(),
    runId: text('run_id'),
    caller: text('caller', { enum: MODEL_CALL_CALLERS }).notNull(),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    cacheReadTokens: integer('cache_read_tokens').notNull().default(0),
    cacheCreationTokens: integer('cache_creation_tokens').notNull().default(0),
    durationMs: integer('duration_ms').notNull().default(0),
    /** e.g. `ok`, `error:<code>`, `retried`; free text so new outcomes need no migration. */
    outcome: text('outcome').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('model_calls_created_at_idx').on(t.createdAt), index('model_calls_run_id_idx').on(t.runId)],
);
