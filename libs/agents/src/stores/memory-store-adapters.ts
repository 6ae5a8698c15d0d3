/**
 * The runtime's recording and memory ports over the SQLite repositories of @chief-of-staff/stores: agent runs and
 * their traces (written and read), model calls, the tool usage log (written and read), skill suggestions, and
 * agent/shared memory for prompts.
 */
import type {
  AgentMemoryRepository,
  AgentRunStepsRepository,
  AgentRunsRepository,
  MemoryStore,
  ModelCallsRepository,
  SharedMemoryRepository,
  SkillSuggestionRecord,
  SkillSuggestionsRepository,
  ToolUsageRepository,
} from '@chief-of-staff/stores';
import type { AgentRunLogReader } from '../runtime/run-log-reader.js';
import type { AgentRunRecorder, AgentRunStepRecorder, ModelCallRecorder, ToolUsageReader, ToolUsageRecorder } from '../runtime/recorders.js';
import type { AgentMemoryReader } from '../runtime/system-prompt.js';
import type { SkillSuggestion, SkillSuggestionStore } from '../skills/skills-ports.js';

/** Rows read for one skill analysis; a window larger than this is analysed on its newest part only. */
const MAX_USAGE_ROWS = 200_000;

export function createAgentRunRecorder(agentRuns: AgentRunsRepository): AgentRunRecorder {
  return {
    async runStarted(record) {
      await agentRuns.start({
        id: record.run_id,
        agentName: record.agent_name,
        trigger: record.trigger,
        parentRunId: record.parent_run_id,
        instruction: record.instruction_preview,
        model: record.model,
      });
    },
    async runFinished(record) {
      if (record.status === null) return;
      await agentRuns.finish(record.run_id, {
        status: record.status,
        stopReason: record.stop_reason,
        rounds: record.rounds,
        toolCallCount: record.tool_call_count,
        inputTokens: record.input_tokens,
        outputTokens: record.output_tokens,
        cacheReadTokens: record.cache_read_tokens,
        cacheCreationTokens: record.cache_creation_tokens,
        error: record.error,
      });
    },
  };
}

export function createAgentRunStepRecorder(steps: AgentRunStepsRepository): AgentRunStepRecorder {
  return {
    async recordStep(step) {
      await steps.record({
        runId: step.run_id,
        seq: step.seq,
        round: step.round,
        kind: step.kind,
        name: step.name,
        ok: step.ok,
        errorCode: step.error_code,
        stopReason: step.stop_reason,
        durationMs: step.duration_ms,
        inputTokens: step.input_tokens,
        outputTokens: step.output_tokens,
        untrusted: step.untrusted,
        truncated: step.truncated,
        argumentsPreview: step.arguments_preview,
        resultPreview: step.result_preview,
      });
    },
  };
}

/** What list_agent_runs and get_agent_run read: the stored runs and their steps, as the repositories page them. */
export function createAgentRunLogReader(store: Pick<MemoryStore, 'agentRuns' | 'agentRunSteps'>): AgentRunLogReader {
  return {
    listRuns: (filters, page) => store.agentRuns.list(filters, page),
    getRun: (runId) => store.agentRuns.get(runId),
    listSteps: (runId, page) => store.agentRunSteps.listForRun(runId, page),
  };
}

export function createModelCallRecorder(modelCalls: ModelCallsRepository): ModelCallRecorder {
  return {
    async record(entry) {
      await modelCalls.record({
        runId: entry.run_id,
        caller: entry.caller,
        model: entry.model,
        inputTokens: entry.input_tokens,
        outputTokens: entry.output_tokens,
        cacheReadTokens: entry.cache_read_tokens,
        cacheCreationTokens: entry.cache_creation_tokens,
        durationMs: entry.duration_ms,
        outcome: entry.outcome,
      });
    },
  };
}

export function createToolUsageAdapter(toolUsage: ToolUsageRepository): ToolUsageRecorder & ToolUsageReader {
  return {
    async record(entry) {
      await toolUsage.record({
        toolName: entry.tool_name,
        callerKind: entry.caller_kind,
        agentName: entry.agent_name,
        runId: entry.run_id,
        queryPattern: entry.query_pattern,
        success: entry.success,
        errorCode: entry.error_code,
        durationMs: entry.duration_ms,
        estimatedMs: entry.estimated_ms,
        responseBytes: entry.response_bytes,
        truncated: entry.truncated,
        servedBy: entry.served_by,
      });
    },
    async listSuccessfulUsage(sinceIso) {
      return (await toolUsage.listSince(sinceIso, MAX_USAGE_ROWS))
        .filter((row) => row.success)
        .map((row) => ({ tool_name: row.toolName, query_pattern: row.queryPattern, created_at: row.createdAt }));
    },
  };
}

function toSuggestion(record: SkillSuggestionRecord): SkillSuggestion {
  return {
    id: record.id,
    signature: record.signature,
    tool_name: record.toolName,
    patterns: record.patterns,
    description: record.description,
    suggested_name: record.suggestedName,
    suggested_capabilities: record.suggestedCapabilities,
    occurrences: record.occurrences,
    confidence: record.confidence,
    status: record.status,
    agent_name: record.agentName ?? null,
    reject_reason: record.rejectReason ?? null,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

export function createSkillSuggestionStore(repository: SkillSuggestionsRepository): SkillSuggestionStore {
  return {
    async upsert(draft) {
      const { suggestion, created, updated } = await repository.upsertBySignature({
        signature: draft.signature,
        toolName: draft.tool_name,
        patterns: draft.patterns,
        description: draft.description,
        suggestedName: draft.suggested_name,
        suggestedCapabilities: draft.suggested_capabilities,
        occurrences: draft.occurrences,
        confidence: draft.confidence,
      });
      return { suggestion: toSuggestion(suggestion), outcome: created ? 'created' : updated ? 'updated' : 'unchanged' };
    },
    async get(id) {
      const record = await repository.get(id);
      return record === undefined ? undefined : toSuggestion(record);
    },
    async markAccepted(id, agentName) {
      const record = await repository.markAccepted(id, agentName);
      if (record === undefined) throw new Error(`skill suggestion ${id} disappeared while being accepted`);
      return toSuggestion(record);
    },
  };
}

export function createAgentMemoryReader(repositories: {
  agentMemory: AgentMemoryRepository;
  sharedMemory: SharedMemoryRepository;
}): AgentMemoryReader {
  return {
    async agentMemory(agentName, limit) {
      return (await repositories.agentMemory.forPrompt(agentName, limit)).map((row) => ({
        memory_type: row.memoryType,
        key: row.key,
        value: row.value,
        updated_at: row.updatedAt,
      }));
    },
    async sharedMemory(namespace, limit) {
      return (await repositories.sharedMemory.list({ namespace }, { limit }))
        .items.map((row) => ({ key: row.key, value: row.value, written_by: row.writtenBy, updated_at: row.updatedAt }));
    },
  };
}

/** Every port the runtime records through, from one open memory store. */
export function createMemoryStoreRecorders(store: MemoryStore): {
  runs: AgentRunRecorder;
  steps: AgentRunStepRecorder;
  runLog: AgentRunLogReader;
  modelCalls: ModelCallRecorder;
  toolUsage: ToolUsageRecorder & ToolUsageReader;
  suggestions: SkillSuggestionStore;
  memory: AgentMemoryReader;
} {
  return {
    runs: createAgentRunRecorder(store.agentRuns),
    steps: createAgentRunStepRecorder(store.agentRunSteps),
    runLog: createAgentRunLogReader(store),
    modelCalls: createModelCallRecorder(store.modelCalls),
    toolUsage: createToolUsageAdapter(store.toolUsage),
    suggestions: createSkillSuggestionStore(store.skillSuggestions),
    memory: createAgentMemoryReader(store),
  };
}
