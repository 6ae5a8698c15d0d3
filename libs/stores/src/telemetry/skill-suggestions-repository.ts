/**
 * Skill suggestions (docs/reference/data-model.md#tables,
 * docs/reference/tool-catalogue.md#skills-telemetry-orchestration-and-enrichment,
 * docs/reference/algorithms.md#skill-pattern-detection): repeated usage patterns proposed as new agents. A rejected
 * signature is never re-opened by later analysis.
 */
import { ToolError } from '@chief-of-staff/core';
import type { SkillSuggestionStatus } from '../db/enums.js';
import type { Page, PageRequest } from '../db/pagination.js';

export interface SkillSuggestionRecord {
  id: number;
  signature: string;
  toolName: string;
  patterns: string[];
  description: string;
  suggestedName: string;
  suggestedCapabilities: string[];
  occurrences: number;
  confidence: number;
  status: SkillSuggestionStatus;
  agentName: string | null;
  rejectReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface UpsertSkillSuggestionInput {
  signature: string;
  toolName: string;
  patterns: string[];
  description: string;
  suggestedName: string;
  suggestedCapabilities: string[];
  occurrences: number;
  confidence: number;
}

export const SKILL_SUGGESTION_LIST_LIMITS = { defaultLimit: 25, maxLimit: 100 };

export interface SkillSuggestionsRepository {
  /**
   * Creates or refreshes the suggestion for a signature. A rejected or accepted one keeps its status and is
   * returned with `updated: false`.
   */
  upsertBySignature(input: UpsertSkillSuggestionInput): Promise<{ suggestion: SkillSuggestionRecord; created: boolean; updated: boolean }>;
  get(id: number): Promise<SkillSuggestionRecord | undefined>;
  /** Ordered by confidence desc, then id. */
  list(filters: { status?: SkillSuggestionStatus }, page: PageRequest): Promise<Page<SkillSuggestionRecord>>;
  /** Marks rejected (idempotent); CONFLICT when already accepted; undefined when absent. */
  reject(id: number, reason?: string): Promise<SkillSuggestionRecord | undefined>;
  /** Marks accepted with the agent created from it. */
  markAccepted(id: number, agentName: string): Promise<SkillSuggestionRecord | undefined>;
}

/** The error of rejecting a suggestion an agent was already created from. */
export function skillSuggestionAlreadyAccepted(id: number, agentName: string | null): ToolError {
  return new ToolError('CONFLICT', `Skill suggestion ${id} was already accepted (agent ${agentName ?? 'unknown'}).`, {
    hint: 'Delete that agent instead if it is not wanted.',
    details: { entity: 'skill_suggestion', id },
  });
}
