/**
 * Store-level validation (docs/reference/conventions.md#validation): every repository checks enums, dates and ranges
 * on create and on update, whoever the caller is (a tool, the worker, an embedder), and reports INVALID_ARGUMENT
 * naming the field and what is accepted.
 */
import { isSupportedInstant, isValidDateOnly, SUPPORTED_YEARS_TEXT, ToolError, type Clock } from '@chief-of-staff/core';

export function assertEnum<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw ToolError.invalidArgument(
    field,
    `${JSON.stringify(value)} is not a valid value.`,
    `Use one of: ${allowed.join(', ')}.`,
  );
}

/** A `YYYY-MM-DD` that is a real calendar date (2026-02-30 is rejected). */
export function assertDateOnly(field: string, value: unknown): string {
  if (typeof value === 'string' && isValidDateOnly(value)) {
    if (isSupportedInstant(new Date(`${value}T12:00:00Z`))) return value;
    throw ToolError.invalidArgument(field, `${JSON.stringify(value)} is outside the supported range (${SUPPORTED_YEARS_TEXT}).`, 'Use a date between 1900-01-01 and 2200-12-31.');
  }
  throw ToolError.invalidArgument(field, `${JSON.stringify(value)} is not a valid date.`, 'Use YYYY-MM-DD, e.g. 2026-03-31.');
}

export function assertConfidence(field: string, value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1) return value;
  throw ToolError.invalidArgument(field, `${String(value)} is out of range.`, 'Use a number from 0 to 1.');
}

/** A trimmed, non-empty string of at most `max` characters. */
export function assertText(field: string, value: unknown, max: number): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') throw ToolError.invalidArgument(field, 'must not be empty.', `Give a non-empty text of at most ${max} characters.`);
  if (text.length > max) throw ToolError.invalidArgument(field, `is ${text.length} characters long.`, `Use at most ${max} characters.`);
  return text;
}

/** An optional string of at most `max` characters (not trimmed to empty-check: empty is allowed). */
export function assertMaxLength(field: string, value: string, max: number): string {
  if (value.length > max) throw ToolError.invalidArgument(field, `is ${value.length} characters long.`, `Use at most ${max} characters.`);
  return value;
}

/** The persisted timestamp form for "now". */
export function nowIso(clock: Clock): string {
  return clock.now().toISOString();
}

/** Default length limits of docs/reference/conventions.md#validation. */
export const MAX_NAME_LENGTH = 200;
export const MAX_QUERY_LENGTH = 500;
export const MAX_VALUE_LENGTH = 10_000;

