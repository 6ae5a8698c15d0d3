/**
 * Turns zod issues into one `INVALID_ARGUMENT` message that names each field, says what was wrong and lists
 * what is accepted (docs/reference/conventions.md#errors, docs/reference/conventions.md#validation), written for a
 * model or a person to fix their call.
 */
import type { z } from 'zod';

/** What a field accepts, in words ("a number from 0 to 1", "one of …"), from its place in the input schema. */
export type AcceptedFor = (path: readonly PropertyKey[]) => string | undefined;

export function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'input';
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

function plural(count: number | bigint, one: string, many: string): string {
  return `${String(count)} ${count === 1 || count === 1n ? one : many}`;
}

/**
 * A size limit in plain words ("must not be empty", "must be at most 200 characters long") instead of zod's default
 * "Too small: expected string to have >=1 characters"; undefined for kinds of value it has no words for.
 */
function describeSizeIssue(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig): string | undefined {
  const small = issue.code === 'too_small';
  const limit = small ? issue.minimum : issue.maximum;
  const inclusive = issue.inclusive !== false;
  const bound = issue.exact ? 'exactly' : small ? 'at least' : 'at most';
  switch (issue.origin) {
    case 'string':
      if (small && limit === 1 && !issue.exact) return 'must not be empty (blank text does not count).';
      return `must be ${bound} ${plural(limit, 'character', 'characters')} long.`;
    case 'array':
    case 'set':
      if (small && limit === 1 && !issue.exact) return 'must list at least one item.';
      return `must list ${bound} ${plural(limit, 'item', 'items')}.`;
    case 'number':
    case 'int':
    case 'bigint':
      if (issue.exact) return `must be ${String(limit)}.`;
      if (!inclusive) return `must be ${small ? 'greater' : 'less'} than ${String(limit)}.`;
      return `must be ${bound} ${String(limit)}.`;
    default:
      return undefined;
  }
}

function describeIssue(issue: z.core.$ZodIssue, acceptedFor?: AcceptedFor): string {
  const field = fieldName(issue.path);
  const accepted = acceptedFor?.(issue.path);
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
        ? `${field}: is required (${accepted ?? issue.expected}).`
        : `${field}: expected ${accepted ?? issue.expected}.`;
    case 'too_small':
    case 'too_big': {
      // Only zod's default wording is replaced; a schema's own message already says it in words.
      const plain = /^Too (small|big)/.test(issue.message) ? describeSizeIssue(issue) : undefined;
      if (plain) return `${field}: ${plain}`;
      return `${field}: ${issue.message}`;
    }
    default: {
      // zod's own "Invalid input" says nothing about what is accepted; a schema's wording usually does.
      if (accepted && issue.message.startsWith('Invalid input')) return `${field}: ${issue.message.replace(/^Invalid input: /, '')} (accepted: ${accepted}).`;
      return `${field}: ${issue.message.replace(/^Invalid input: /, '')}`;
    }
  }
}

export function formatValidationIssues(issues: readonly z.core.$ZodIssue[], acceptedFor?: AcceptedFor): string {
  return issues.map((issue) => describeIssue(issue, acceptedFor)).join(' ');
}

type JsonSchemaNode = Record<string, unknown>;

function numberRange(node: JsonSchemaNode): string {
  const kind = node['type'] === 'integer' ? 'a whole number' : 'a number';
  const min = node['minimum'] ?? node['exclusiveMinimum'];
  const max = node['maximum'] ?? node['exclusiveMaximum'];
  if (min !== undefined && max !== undefined) return `${kind} from ${String(min)} to ${String(max)}`;
  if (min !== undefined) return `${kind} of at least ${String(min)}`;
  if (max !== undefined) return `${kind} of at most ${String(max)}`;
  return kind;
}

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': 'a date-time like "2026-03-09T09:00:00Z"',
  date: 'a date like "2026-03-09"',
  email: 'an email address like "dana@example.com"',
  uri: 'a URL like "https://example.com"',
};

/** A JSON-schema node in words: type, range, allowed values or format. */
export function describeJsonSchema(node: JsonSchemaNode | undefined): string | undefined {
  if (!node) return undefined;
  if (Array.isArray(node['enum'])) return `one of ${(node['enum'] as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
  const options = (node['anyOf'] ?? node['oneOf']) as JsonSchemaNode[] | undefined;
  if (Array.isArray(options)) {
    const parts = options.filter((option) => option['type'] !== 'null').map(describeJsonSchema).filter(Boolean);
    return parts.length > 0 ? parts.join(' or ') : undefined;
  }
  switch (node['type']) {
    case 'number':
    case 'integer':
      return numberRange(node);
    case 'boolean':
      return 'true or false';
    case 'string': {
      const format = typeof node['format'] === 'string' ? FORMAT_EXAMPLES[node['format']] : undefined;
      if (format) return format;
      if (typeof node['pattern'] === 'string' && typeof node['description'] === 'string') return `text (${node['description']})`;
      const max = node['maxLength'];
      return max !== undefined ? `text of at most ${String(max)} characters` : 'text';
    }
    case 'array': {
      const items = describeJsonSchema(node['items'] as JsonSchemaNode | undefined);
      return items ? `a list of ${items.replace(/^an? /, '')}` : 'a list';
    }
    case 'object':
      return 'an object';
    default:
      return undefined;
  }
}

/** Finds the JSON-schema node of a field by its path (object properties and array items). */
export function schemaAt(root: JsonSchemaNode, path: readonly PropertyKey[]): JsonSchemaNode | undefined {
  let node: JsonSchemaNode | undefined = root;
  for (const part of path) {
    if (!node) return undefined;
    if (typeof part === 'number') node = node['items'] as JsonSchemaNode | undefined;
    else node = (node['properties'] as Record<string, JsonSchemaNode> | undefined)?.[String(part)];
  }
  return node;
}

/** For unknown-key errors: the keys the schema does accept, so the caller can correct a typo. */
export function acceptedKeys(schema: z.ZodType): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}
