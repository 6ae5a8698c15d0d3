/**
 * Agent tables (docs/reference/data-model.md#tables): per-agent memory, shared namespaced memory, agent runs, the
 * steps of each run's trace and model calls.
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { AGENT_MEMORY_TYPES } from '@chief-of-staff/stores';
import { AGENT_RUN_STATUSES, AGENT_RUN_STEP_KINDS, MODEL_CALL_CALLERS, RUN_TRIGGERS } from '@chief-of-staff/stores/adapter-kit';

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

/**
 * The trace of a run (ADR 0087): one row per model turn and per tool call, in the order the run made them. Arguments
 * and results are bounded previews (2 KB each), never the full payloads.
 */
export const agentRunSteps = sqliteTable(
  'agent_run_steps',
  {
    id: idColumn(),
    runId: text('run_id').notNull(),
    /** 0, 1, 2, … in run order; tool calls of one turn follow their model turn. */
    seq: integer('seq').notNull(),
    /** The model round the step belongs to (1-based). */
    round: integer('round').notNull(),
    kind: text('kind', { enum: AGENT_RUN_STEP_KINDS }).notNull(),
    /** The model id of a model turn, the tool name of a tool call. */
    name: text('name').notNull(),
    ok: integer('ok', { mode: 'boolean' }).notNull(),
    errorCode: text('error_code'),
    stopReason: text('stop_reason'),
    durationMs: integer('duration_ms').notNull().default(0),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    /** The tool's result was third-party content (`untrusted_content`), passed to the model as data. */
    untrusted: integer('untrusted', { mode: 'boolean' }).notNull().default(false),
    truncated: integer('truncated', { mode: 'boolean' }).notNull().default(false),
    argumentsPreview: text('arguments_preview'),
    /** A tool call's result, or the text a model turn wrote. */
    resultPreview: text('result_preview'),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('agent_run_steps_run_id_seq_uq').on(t.runId, t.seq), index('agent_run_steps_created_at_idx').on(t.createdAt)],
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
