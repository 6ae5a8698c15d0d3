/**
 * Alert rule conditions (docs/reference/algorithms.md#lifecycle-and-alerts): one strict schema per alert type, with
 * defaults. Used when a rule is created (invalid → INVALID_ARGUMENT) and when it is evaluated.
 */
import { z } from 'zod';
import { ToolError } from '@chief-of-staff/core';
import { ALERT_TYPES, FACT_CATEGORIES, type AlertType } from '../db/enums.js';

export const ALERT_CONDITION_SCHEMAS = {
  overdue_delegation: z
    .object({
      days_overdue_min: z.number().int().min(1).default(1).describe('Minimum days past due (default 1).'),
      delegated_to: z.string().trim().min(1).max(200).optional().describe('Only delegations to this person (case-insensitive).'),
    })
    .strict(),
  upcoming_deadline: z
    .object({ within_days: z.number().int().min(0).max(365).default(3).describe('Due within this many days (default 3).') })
    .strict(),
  stale_decision: z
    .object({ days_stale: z.number().int().min(0).max(3650).default(7).describe('Pending for more than this many days (default 7).') })
    .strict(),
  follow_up_due: z.object({}).strict(),
  stale_fact: z
    .object({
      category: z.enum(FACT_CATEGORIES).describe('Category of the watched fact.'),
      key: z.string().trim().min(1).max(200).describe('Key of the watched fact.'),
      max_age_hours: z.number().positive().max(87_600).default(48).describe('Maximum freshness age in hours (default 48).'),
    })
    .strict(),
} as const;

export type AlertConditions = { [K in AlertType]: z.output<(typeof ALERT_CONDITION_SCHEMAS)[K]> };

/** Accepted spellings of alert types: the enum plus the input alias `pending_decision` for `stale_decision`. */
export const ALERT_TYPE_INPUTS = [...ALERT_TYPES, 'pending_decision'] as const;

/** Resolves the `pending_decision` alias; INVALID_ARGUMENT listing every valid value otherwise. */
export function normalizeAlertType(value: string): AlertType {
  if (value === 'pending_decision') return 'stale_decision';
  if ((ALERT_TYPES as readonly string[]).includes(value)) return value as AlertType;
  throw ToolError.invalidArgument(
    'alert_type',
    `${JSON.stringify(value)} is not a valid alert type.`,
    `Use one of: ${ALERT_TYPES.join(', ')} (pending_decision is accepted for stale_decision).`,
  );
}

/** Validates a condition for `alertType` and fills defaults. */
export function parseAlertCondition<T extends AlertType>(alertType: T, condition: unknown): AlertConditions[T] {
  const schema = ALERT_CONDITION_SCHEMAS[alertType];
  const parsed = schema.safeParse(condition ?? {});
  if (parsed.success) return parsed.data as AlertConditions[T];
  const problems = parsed.error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'condition'}: ${issue.message}`)
    .join('; ');
  const keys = Object.keys(schema.shape);
  throw ToolError.invalidArgument(
    'condition',
    `is not valid for alert type ${alertType} (${problems}).`,
    keys.length === 0 ? `Alert type ${alertType} takes an empty condition {}.` : `Valid keys for ${alertType}: ${keys.join(', ')}.`,
  );
}
