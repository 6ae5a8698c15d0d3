/**
 * Per-agent memory (docs/reference/data-model.md#tables, docs/reference/tool-catalogue.md#agents-and-agent-memory):
 * insights, preferences and context an agent keeps between runs, unique per (agent, type, key) and injected into that
 * agent's future prompts. Scoping (who may read whose memory) is the tools' job; this repository stores and filters.
 */
import { AGENT_MEMORY_TYPES, type AgentMemoryType } from '../db/enums.js';
import type { Page, PageRequest } from '../db/pagination.js';
import { assertConfidence, assertEnum, assertText, MAX_NAME_LENGTH, MAX_VALUE_LENGTH } from '../db/validation.js';

export interface AgentMemoryRecord {
  id: number;
  agentName: string;
  memoryType: AgentMemoryType;
  key: string;
  value: string;
  confidence: number;
  createdAt: string;
  updatedAt: string;
}

export interface StoreAgentMemoryInput {
  agentName: string;
  memoryType: AgentMemoryType;
  key: string;
  value: string;
  confidence?: number;
}

export interface AgentMemoryFilters {
  agentName: string;
  memoryType?: AgentMemoryType;
  /** Case-folded substring over key and value. */
  query?: string;
}

export const AGENT_MEMORY_LIST_LIMITS = { defaultLimit: 50, maxLimit: 200 };

export interface AgentMemoryRepository {
  upsert(input: StoreAgentMemoryInput): Promise<{ memory: AgentMemoryRecord; created: boolean }>;
  /** Most recently updated first. */
  list(filters: AgentMemoryFilters, page: PageRequest): Promise<Page<AgentMemoryRecord>>;
  /** What to inject into the agent's prompt: highest confidence, then most recent. */
  forPrompt(agentName: string, limit: number): Promise<AgentMemoryRecord[]>;
  /** Deletes matching entries; returns how many. */
  clear(filters: { agentName: string; memoryType?: AgentMemoryType; key?: string }): Promise<number>;
}

/** A validated agent memory entry (confidence 1 unless given). Every adapter stores from this, so all refuse alike. */
export function agentMemoryEntry(input: StoreAgentMemoryInput): Required<StoreAgentMemoryInput> {
  return {
    agentName: assertText('agent_name', input.agentName, MAX_NAME_LENGTH),
    memoryType: assertEnum('memory_type', input.memoryType, AGENT_MEMORY_TYPES),
    key: assertText('key', input.key, MAX_NAME_LENGTH),
    value: assertText('value', input.value, MAX_VALUE_LENGTH),
    confidence: assertConfidence('confidence', input.confidence ?? 1),
  };
}
