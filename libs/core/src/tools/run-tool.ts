/**
 * `runTool`: the in-process call path every surface shares. It validates input, runs the handler, validates
 * output and maps every failure to the uniform error shape of docs/reference/conventions.md#errors, so callers never
 * see a raw exception.
 */
import { newErrorRef } from '../ids/ids.js';
import { isToolError, ToolError, type ToolErrorCode } from '../errors/tool-error.js';
import type { JsonValue } from '../errors/cos-error.js';
import { storageToolError } from '../errors/storage-errors.js';
import { acceptedKeys, describeJsonSchema, fieldName, formatValidationIssues, schemaAt } from './format-validation-error.js';
import { toolInputJsonSchema } from './json-schema.js';
import { didYouMean } from '../text/closest-names.js';
import { sanitizeToolInput } from './sanitize-input.js';
import type { AnyToolDefinition, ToolContext } from './tool-definition.js';

export interface ToolErrorPayload {
  code: ToolErrorCode;
  message: string;
  hint?: string;
  details?: Record<string, JsonValue>;
}

export type ToolRunResult =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; error: ToolErrorPayload };

export function toolErrorPayload(error: ToolError): ToolErrorPayload {
  const payload: ToolErrorPayload = { code: error.code, message: error.message };
  if (error.hint !== undefined) payload.hint = error.hint;
  if (error.details !== undefined) payload.details = error.details;
  return payload;
}

/** The text form of an error result: `"<code>: <message> <hint>"`. */
export function formatToolErrorText(error: ToolErrorPayload): string {
  return `${error.code}: ${error.message}${error.hint ? ` ${error.hint}` : ''}`;
}

export function validateToolInput(tool: AnyToolDefinition, rawInput: unknown): unknown {
  // reportInput lets the message tell a missing field from one of the wrong type; values are never echoed.
  const parsed = tool.input.safeParse(rawInput ?? {}, { reportInput: true });
  if (parsed.success) return parsed.data;
  const unknownKeys = parsed.error.issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : []));
  const keys = acceptedKeys(tool.input);
  // Only on failure, so the happy path never pays for the JSON schema.
  const schema = toolInputJsonSchema(tool);
  const acceptedFor = (path: readonly PropertyKey[]) => describeJsonSchema(schemaAt(schema, path));
  const first = parsed.error.issues[0];
  const typo = unknownKeys.map((key) => didYouMean(key, keys).replace(/^ Did you mean /, `"${key}" → `).replace(/\?$/, '')).filter((hint) => hint.includes('→'));
  throw new ToolError('INVALID_ARGUMENT', formatValidationIssues(parsed.error.issues, acceptedFor), {
    hint:
      unknownKeys.length > 0 && keys.length > 0
        ? `${typo.length > 0 ? `Perhaps ${typo.join(', ')}. ` : ''}Valid keys: ${keys.join(', ')}.`
        : undefined,
    details: { tool: tool.name, ...(first && first.path.length > 0 ? { field: fieldName(first.path) } : {}) },
  });
}

function abortError(ctx: ToolContext<unknown>): ToolError {
  const reason = ctx.signal.reason as { name?: string } | undefined;
  return reason?.name === 'TimeoutError'
    ? new ToolError('TIMEOUT', 'The tool did not finish in time.', { hint: 'Try again with a narrower request.' })
    : new ToolError('UNAVAILABLE', 'The call was cancelled before it finished.');
}

/** Maps anything thrown to the uniform error; unexpected exceptions are logged with a reference. */
export function toToolErrorPayload(toolName: string, error: unknown, ctx: ToolContext<unknown>): ToolErrorPayload {
  if (isToolError(error)) return toolErrorPayload(error);
  if (ctx.signal.aborted) return toolErrorPayload(abortError(ctx));
  const ref = newErrorRef();
  const storage = storageToolError(error, ref);
  if (storage) {
    ctx.logger.warn({ err: error, tool: toolName, ref }, 'storage failure');
    return toolErrorPayload(storage);
  }
  ctx.logger.error({ err: error, tool: toolName, ref }, 'tool handler failed');
  return { code: 'INTERNAL', message: `Unexpected error in ${toolName} (ref ${ref}).` };
}

export async function runTool(
  tool: AnyToolDefinition,
  rawInput: unknown,
  ctx: ToolContext<unknown>,
): Promise<ToolRunResult> {
  try {
    if (ctx.signal.aborted) throw abortError(ctx);
    const input = validateToolInput(tool, sanitizeToolInput(rawInput));
    const output = await tool.handler(input, ctx as ToolContext<never>);
    const checked = tool.output.safeParse(output);
    if (!checked.success) {
      const ref = newErrorRef();
      ctx.logger.error(
        { tool: tool.name, ref, issues: formatValidationIssues(checked.error.issues) },
        'tool output does not match its schema',
      );
      return { ok: false, error: { code: 'INTERNAL', message: `Unexpected error in ${tool.name} (ref ${ref}).` } };
    }
    return { ok: true, value: checked.data as Record<string, unknown> };
  } catch (error) {
    return { ok: false, error: toToolErrorPayload(tool.name, error, ctx) };
  }
}
