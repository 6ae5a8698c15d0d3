/**
 * Delegations (docs/reference/data-model.md#tables,
 * docs/reference/tool-catalogue.md#decisions-delegations-and-alerts): tasks handed to someone, with due date,
 * priority and status. Completion time is kept consistent with the status: entering `completed` sets it, leaving
 * `completed` clears it.
 */
import { addDaysToDate, foldCase, ToolError } from '@chief-of-staff/core';
import { DELEGATION_PRIORITIES, DELEGATION_STATUSES, type DelegationPriority, type DelegationStatus, type SourceRef } from '../db/enums.js';
import type { Page, PageRequest } from '../db/pagination.js';
import { assertDateOnly, assertEnum, assertMaxLength, assertText, MAX_NAME_LENGTH, MAX_VALUE_LENGTH } from '../db/validation.js';

export interface DelegationRecord {
  id: number;
  task: string;
  description: string;
  delegatedTo: string;
  /** Case-folded `delegated_to` for case-insensitive equality (docs/reference/conventions.md#validation). */
  delegatedToFolded: string;
  delegatedBy: string;
  /** `YYYY-MM-DD`. */
  dueDate: string | null;
  priority: DelegationPriority;
  status: DelegationStatus;
  notes: string;
  source: string;
  sourceRef: SourceRef | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CreateDelegationInput {
  task: string;
  delegatedTo: string;
  description?: string;
  dueDate?: string | null;
  priority?: DelegationPriority;
  delegatedBy?: string;
  notes?: string;
  source?: string;
  sourceRef?: SourceRef | null;
}

export interface UpdateDelegationInput {
  task?: string;
  description?: string;
  delegatedTo?: string;
  /** `null` clears. */
  dueDate?: string | null;
  priority?: DelegationPriority;
  status?: DelegationStatus;
  /** Appended on a new dated line. */
  notes?: string;
  sourceRef?: SourceRef | null;
}

export interface ListDelegationsFilters {
  status?: DelegationStatus | 'all';
  /** Case-folded equality. */
  delegatedTo?: string;
  priority?: DelegationPriority;
  overdueOnly?: boolean;
  /** Only active tasks due from `today` through this many days after it (0: due today). */
  dueWithinDays?: number;
  /** Today in the user's zone; needed for overdueOnly and dueWithinDays. */
  today: string;
}

/** The last due date `dueWithinDays` takes in, after checking it is a whole number of days from 0 to 3650. */
export function dueWindowEnd(filters: ListDelegationsFilters): string | undefined {
  const days = filters.dueWithinDays;
  if (days === undefined) return undefined;
  if (!Number.isInteger(days) || days < 0 || days > 3650) throw ToolError.invalidArgument('due_within_days', `must be a whole number of days from 0 to 3650, got ${days}.`);
  return addDaysToDate(filters.today, days);
}

export const DELEGATION_LIST_LIMITS = { defaultLimit: 25, maxLimit: 100 };

/** What a delegation holds besides its id, timestamps and completion time. */
export type DelegationFields = Omit<DelegationRecord, 'id' | 'createdAt' | 'updatedAt' | 'completedAt'>;

/**
 * The validated fields of a new (active) delegation, with their defaults and the folded name. Every adapter creates
 * delegations from these, so all refuse the same input with the same error.
 */
export function newDelegationFields(input: CreateDelegationInput): DelegationFields {
  const delegatedTo = assertText('delegated_to', input.delegatedTo, MAX_NAME_LENGTH);
  return {
    task: assertText('task', input.task, MAX_NAME_LENGTH),
    description: assertMaxLength('description', input.description?.trim() ?? '', MAX_VALUE_LENGTH),
    delegatedTo,
    delegatedToFolded: foldCase(delegatedTo),
    delegatedBy: input.delegatedBy?.trim() || 'user',
    dueDate: input.dueDate == null ? null : assertDateOnly('due_date', input.dueDate),
    priority: input.priority === undefined ? 'medium' : assertEnum('priority', input.priority, DELEGATION_PRIORITIES),
    status: 'active',
    notes: assertMaxLength('notes', input.notes?.trim() ?? '', MAX_VALUE_LENGTH),
    source: input.source?.trim() || 'user',
    sourceRef: input.sourceRef ?? null,
  };
}

/** The validated changes of a delegation update and the note it appends; INVALID_ARGUMENT when it gives neither. */
export function delegationChanges(patch: UpdateDelegationInput): {
  changes: Partial<DelegationFields> & { completedAt?: string | null };
  notes: string | undefined;
} {
  const changes: Partial<DelegationFields> & { completedAt?: string | null } = {};
  if (patch.task !== undefined) changes.task = assertText('task', patch.task, MAX_NAME_LENGTH);
  if (patch.description !== undefined) {
    changes.description = assertMaxLength('description', patch.description.trim(), MAX_VALUE_LENGTH);
  }
  if (patch.delegatedTo !== undefined) {
    changes.delegatedTo = assertText('delegated_to', patch.delegatedTo, MAX_NAME_LENGTH);
    changes.delegatedToFolded = foldCase(changes.delegatedTo);
  }
  if (patch.dueDate !== undefined) changes.dueDate = patch.dueDate === null ? null : assertDateOnly('due_date', patch.dueDate);
  if (patch.priority !== undefined) changes.priority = assertEnum('priority', patch.priority, DELEGATION_PRIORITIES);
  if (patch.status !== undefined) changes.status = assertEnum('status', patch.status, DELEGATION_STATUSES);
  if (patch.sourceRef !== undefined) changes.sourceRef = patch.sourceRef;
  const notes = patch.notes === undefined ? undefined : assertText('notes', patch.notes, MAX_VALUE_LENGTH);
  if (Object.keys(changes).length === 0 && notes === undefined) {
    throw ToolError.invalidArgument(
      'input',
      'no field to update was given.',
      'Give at least one of task, description, delegated_to, due_date, priority, status, notes, source_ref.',
    );
  }
  return { changes, notes };
}

/**
 * Completes `changes` against the stored delegation: the note appended on a new dated line, and the completion time
 * set on entering `completed` and cleared on leaving it.
 */
export function applyDelegationUpdate(
  existing: Pick<DelegationRecord, 'notes' | 'status'>,
  changes: Partial<DelegationFields> & { completedAt?: string | null },
  notes: string | undefined,
  now: string,
  today: string,
): void {
  if (notes !== undefined) {
    const line = `[${today}] ${notes}`;
    changes.notes = existing.notes === '' ? line : `${existing.notes}\n${line}`;
  }
  if (changes.status !== undefined && changes.status !== existing.status) {
    changes.completedAt = changes.status === 'completed' ? now : null;
  }
}

export interface DelegationsRepository {
  create(input: CreateDelegationInput): Promise<DelegationRecord>;
  get(id: number): Promise<DelegationRecord | undefined>;
  /** Undefined when absent. At least one field is required. */
  update(id: number, patch: UpdateDelegationInput): Promise<DelegationRecord | undefined>;
  delete(id: number): Promise<boolean>;
  /** Order: due date (nulls last), priority critical → low, id. */
  list(filters: ListDelegationsFilters, page: PageRequest): Promise<Page<DelegationRecord>>;
  /** Active and past due, most overdue first. */
  listOverdue(filters: { delegatedTo?: string; today: string }, page: PageRequest): Promise<Page<DelegationRecord>>;
  /** Every active delegation (alert evaluation). */
  allActive(): Promise<DelegationRecord[]>;
  /** Active delegations due on or before `date`, latest due first, at most `limit` (proactive suggestions). */
  activeDueBy(date: string, limit: number): Promise<DelegationDue[]>;
}

/** The few fields a due-date check needs. */
export type DelegationDue = Pick<DelegationRecord, 'id' | 'task' | 'delegatedTo' | 'dueDate'>;
