/**
 * Storage ports of the skills feature: the usage log it reads and the suggestion store it writes
 * (`skill_suggestions`). The SQLite repositories implement them; the in-memory store serves tests.
 */
import type { ToolUsageReader } from '../runtime/recorders.js';

export type SkillSuggestionStatus = 'pending' | 'accepted' | 'rejected';

export interface SkillSuggestion {
  id: number;
  signature: string;
  tool_name: string;
  patterns: string[];
  description: string;
  suggested_name: string;
  suggested_capabilities: string[];
  occurrences: number;
  confidence: number;
  status: SkillSuggestionStatus;
  agent_name: string | null;
  reject_reason: string | null;
  created_at: string;
  updated_at: string;
}

export type SkillSuggestionDraft = Pick<
  SkillSuggestion,
  'signature' | 'tool_name' | 'patterns' | 'description' | 'suggested_name' | 'suggested_capabilities' | 'occurrences' | 'confidence'
>;

export interface SkillSuggestionStore {
  /**
   * Inserts a pending suggestion or refreshes a pending one with the same signature. Accepted and rejected
   * suggestions are left unchanged (never re-suggested).
   */
  upsert(draft: SkillSuggestionDraft, nowIso: string): Promise<{ suggestion: SkillSuggestion; outcome: 'created' | 'updated' | 'unchanged' }>;
  get(id: number): Promise<SkillSuggestion | undefined>;
  markAccepted(id: number, agentName: string, nowIso: string): Promise<SkillSuggestion>;
}

export interface SkillSettings {
  minOccurrences: number;
  threshold: number;
  windowDays: number;
}

export const DEFAULT_SKILL_SETTINGS: SkillSettings = Object.freeze({ minOccurrences: 5, threshold: 0.7, windowDays: 30 });

export interface SkillsPorts {
  usage: ToolUsageReader;
  suggestions: SkillSuggestionStore;
  settings: SkillSettings;
}

export function createInMemorySkillSuggestionStore(): SkillSuggestionStore & { readonly items: SkillSuggestion[] } {
  const items: SkillSuggestion[] = [];
  return {
    items,
    async upsert(draft, nowIso) {
      const existing = items.find((item) => item.signature === draft.signature);
      if (existing === undefined) {
        const suggestion: SkillSuggestion = {
          ...draft,
          id: items.length + 1,
          status: 'pending',
          agent_name: null,
          reject_reason: null,
          created_at: nowIso,
          updated_at: nowIso,
        };
        items.push(suggestion);
        return { suggestion: { ...suggestion }, outcome: 'created' };
      }
      if (existing.status !== 'pending') return { suggestion: { ...existing }, outcome: 'unchanged' };
      Object.assign(existing, {
        patterns: draft.patterns,
        occurrences: draft.occurrences,
        confidence: draft.confidence,
        description: draft.description,
        updated_at: nowIso,
      });
      return { suggestion: { ...existing }, outcome: 'updated' };
    },
    async get(id) {
      const found = items.find((item) => item.id === id);
      return found === undefined ? undefined : { ...found };
    },
    async markAccepted(id, agentName, nowIso) {
      const found = items.find((item) => item.id === id);
      if (found === undefined) throw new Error(`suggestion ${id} does not exist`);
      Object.assign(found, { status: 'accepted', agent_name: agentName, updated_at: nowIso });
      return { ...found };
    },
  };
}
