/**
 * Decisions (docs/reference/data-model.md#tables, docs/reference/tool-catalogue.md#decisions-delegations-and-alerts):
 * what was decided, by whom, its execution status and follow-up date. Search uses the `decisions_trigram` index (kept
 * in sync by triggers) to avoid folding every row; see decisions-text-search.ts.
 */
import { ToolError } from '@chief-of-staff/core';
import { DECISION_STATUSES, type DecisionStatus, type SourceRef } from '../db/enums.js';
import type { Page, PageRequest } from '../db/pagination.js';
import { assertDateOnly, assertEnum, assertMaxLength, assertText, MAX_NAME_LENGTH, MAX_VALUE_LENGTH } from '../db/validation.js';

export interface DecisionRecord {
  id: number;
  title: string;
  description: string;
  context: string;
  alternativesConsidered: string;
  decidedBy: string;
  owner: string;
  status: DecisionStatus;
  /** `YYYY-MM-DD`. */
  followUpDate: string | null;
  tags: string[];
  source: string;
  sourceRef: SourceRef | null;
  createdAt: string;
  updatedAt: string;
}

export interface CreateDecisionInput {
  title: string;
  description?: string;
  context?: string;
  alternativesConsidered?: string;
  decidedBy?: string;
  owner?: string;
  status?: DecisionStatus;
  followUpDate?: string | null;
  tags?: string[];
  source?: string;
  sourceRef?: SourceRef | null;
}

export interface UpdateDecisionInput {
  title?: string;
  description?: string;
  context?: string;
  alternativesConsidered?: string;
  decidedBy?: string;
  owner?: string;
  status?: DecisionStatus;
  /** `null` clears. */
  followUpDate?: string | null;
  tags?: string[];
  sourceRef?: SourceRef | null;
  /** Appended to the description as `[Update YYYY-MM-DD] …`. */
  notes?: string;
}

export const DECISION_SEARCH_LIMITS = { defaultLimit: 25, maxLimit: 100 };
const MAX_TAGS = 50;

function checkTags(tags: string[] | undefined): string[] | undefined {
  if (tags === undefined) return undefined;
  if (tags.length > MAX_TAGS) throw ToolError.invalidArgument('tags', `has ${tags.length} tags.`, `Use at most ${MAX_TAGS}.`);
  return [...new Set(tags.map((tag) => assertText('tags', tag, MAX_NAME_LENGTH)))];
}

function checkText(field: string, value: string | undefined): string | undefined {
  return value === undefined ? undefined : assertMaxLength(field, value.trim(), MAX_VALUE_LENGTH);
}

/** What a decision holds besides its id and timestamps. */
export type DecisionFields = Omit<DecisionRecord, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * The validated fields of a new decision, with their defaults. Every adapter creates decisions from these, so all
 * refuse the same input with the same error.
 */
export function newDecisionFields(input: CreateDecisionInput): DecisionFields {
  return {
    title: assertText('title', input.title, MAX_NAME_LENGTH),
    description: checkText('description', input.description) ?? '',
    context: checkText('context', input.context) ?? '',
    alternativesConsidered: checkText('alternatives_considered', input.alternativesConsidered) ?? '',
    decidedBy: checkText('decided_by', input.decidedBy) ?? '',
    owner: checkText('owner', input.owner) ?? '',
    status: input.status === undefined ? 'pending_execution' : assertEnum('status', input.status, DECISION_STATUSES),
    followUpDate: input.followUpDate == null ? null : assertDateOnly('follow_up_date', input.followUpDate),
    tags: checkTags(input.tags) ?? [],
    source: input.source?.trim() || 'user',
    sourceRef: input.sourceRef ?? null,
  };
}

/** The validated changes of a decision update and the note it appends; INVALID_ARGUMENT when it gives neither. */
export function decisionChanges(patch: UpdateDecisionInput): { changes: Partial<DecisionFields>; notes: string | undefined } {
  const changes: Partial<DecisionFields> = {};
  if (patch.title !== undefined) changes.title = assertText('title', patch.title, MAX_NAME_LENGTH);
  if (patch.description !== undefined) changes.description = checkText('description', patch.description);
  if (patch.context !== undefined) changes.context = checkText('context', patch.context);
  if (patch.alternativesConsidered !== undefined) {
    changes.alternativesConsidered = checkText('alternatives_considered', patch.alternativesConsidered);
  }
  if (patch.decidedBy !== undefined) changes.decidedBy = checkText('decided_by', patch.decidedBy);
  if (patch.owner !== undefined) changes.owner = checkText('owner', patch.owner);
  if (patch.status !== undefined) changes.status = assertEnum('status', patch.status, DECISION_STATUSES);
  if (patch.followUpDate !== undefined) {
    changes.followUpDate = patch.followUpDate === null ? null : assertDateOnly('follow_up_date', patch.followUpDate);
  }
  if (patch.tags !== undefined) changes.tags = checkTags(patch.tags);
  if (patch.sourceRef !== undefined) changes.sourceRef = patch.sourceRef;
  const notes = patch.notes === undefined ? undefined : assertText('notes', patch.notes, MAX_VALUE_LENGTH);
  if (Object.keys(changes).length === 0 && notes === undefined) {
    throw ToolError.invalidArgument(
      'input',
      'no field to update was given.',
      'Give at least one of title, description, context, alternatives_considered, decided_by, owner, status, follow_up_date, tags, source_ref, notes.',
    );
  }
  return { changes, notes };
}

/** `description` with `note` appended on a new line as `[Update YYYY-MM-DD] …`. */
export function withDecisionNote(description: string, note: string, today: string): string {
  const line = `[Update ${today}] ${note}`;
  return description === '' ? line : `${description}\n${line}`;
}

export interface DecisionsRepository {
  create(input: CreateDecisionInput): Promise<DecisionRecord>;
  get(id: number): Promise<DecisionRecord | undefined>;
  /** Undefined when absent. At least one field is required. */
  update(id: number, patch: UpdateDecisionInput): Promise<DecisionRecord | undefined>;
  delete(id: number): Promise<boolean>;
  /** Newest first. `query` matches title, description, context, tags, owner and decided_by (case-folded). */
  search(filters: { query?: string; status?: DecisionStatus; owner?: string }, page: PageRequest): Promise<Page<DecisionRecord>>;
  /** Pending decisions: follow-up date (nulls last), then created. `today` is needed for followUpDueOnly. */
  listPending(
    filters: { owner?: string; followUpDueOnly?: boolean; today: string },
    page: PageRequest,
  ): Promise<Page<DecisionRecord>>;
  /** Every pending decision (alert evaluation). */
  allPending(): Promise<DecisionRecord[]>;
}
