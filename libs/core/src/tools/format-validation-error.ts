/**
 * Turns zod issues into one `INVALID_ARGUMENT` message that names each field, says what was wrong and lists
 * what is accepted (SPEC §1.4, §1.7), written for a model or a person to fix their call.
 */
import type { z } from 'zod';

function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'input';
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case 'invalid_value':
      return `${field}: must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}.`;
    case 'unrecognized_keys':
      return `${field}: unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys
        .map((key) => `"${key}"`)
        .join(', ')}.`;
    case 'invalid_type':
      // A schema's own wording (anything but zod's default "Invalid input: …") already says what is accepted.
      if (!issue.message.startsWith('Invalid input')) return `${field}: ${issue.message}`;
      return issue.input === undefined
        ? `${field}: is required (${issue.expected}).`
        : `${field}: expected ${issue.expected}.`;
    default:
      return `${field}: ${issue.message.replace(/^Invalid input: /, '')}`;
  }
}

export function formatValidationIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map(describeIssue).join(' ');
}

/** For unknown-key errors: the keys the schema does accept, so the caller can correct a typo. */
export function acceptedKeys(schema: z.ZodType): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}
