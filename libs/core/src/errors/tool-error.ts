/**
 * `ToolError`: a failure a tool reports to its caller (a model, a person, a script). Its message says what
 * was wrong and its hint how to fix it; both are shown verbatim, so they never hold internals.
 */
import { CosError, isCosError, type ErrorCategory, type JsonValue } from './cos-error.js';

/** The error codes of docs/reference/conventions.md#errors. */
export const TOOL_ERROR_CODES = [
  'INVALID_ARGUMENT',
  'NOT_FOUND',
  'CONFLICT',
  'NOT_CONFIGURED',
  'UNAVAILABLE',
  'PERMISSION_DENIED',
  'REFUSED',
  'READ_ONLY',
  'TIMEOUT',
  'RATE_LIMITED',
  'CIRCUIT_OPEN',
  'LIMIT_EXCEEDED',
  'UNKNOWN_TOOL',
  'LOOP_DETECTED',
  'NO_RESULT',
  'INTERNAL',
] as const;

export type ToolErrorCode = (typeof TOOL_ERROR_CODES)[number];

const CATEGORY_BY_CODE: Record<ToolErrorCode, ErrorCategory> = {
  INVALID_ARGUMENT: 'user',
  NOT_FOUND: 'user',
  CONFLICT: 'user',
  NOT_CONFIGURED: 'user',
  UNAVAILABLE: 'third_party',
  PERMISSION_DENIED: 'user',
  // An external service declined this request and said why: the request must change, the service is up.
  REFUSED: 'user',
  READ_ONLY: 'user',
  TIMEOUT: 'third_party',
  RATE_LIMITED: 'third_party',
  CIRCUIT_OPEN: 'third_party',
  LIMIT_EXCEEDED: 'user',
  UNKNOWN_TOOL: 'user',
  LOOP_DETECTED: 'system',
  NO_RESULT: 'third_party',
  INTERNAL: 'system',
};

export interface ToolErrorOptions {
  hint?: string;
  details?: Record<string, JsonValue>;
  cause?: unknown;
  domain?: string;
}

export class ToolError extends CosError {
  readonly hint: string | undefined;
  declare readonly code: ToolErrorCode;

  constructor(code: ToolErrorCode, message: string, options: ToolErrorOptions = {}) {
    super({
      code,
      message,
      domain: options.domain ?? 'tool',
      category: CATEGORY_BY_CODE[code],
      details: options.details,
      cause: options.cause,
    });
    this.name = 'ToolError';
    this.hint = options.hint;
  }

  /** The uniform not-found error of docs/reference/conventions.md#errors: `"<Entity> <id> not found."`. */
  static notFound(entity: string, id: string | number): ToolError {
    return new ToolError('NOT_FOUND', `${entity} ${id} not found.`, { details: { entity, id } });
  }

  /** An invalid argument: names the field, what was wrong and what is accepted. */
  static invalidArgument(field: string, problem: string, accepted?: string): ToolError {
    return new ToolError('INVALID_ARGUMENT', `${field}: ${problem}`, {
      hint: accepted,
      details: { field },
    });
  }
}

export function isToolError(value: unknown): value is ToolError {
  return isCosError(value) && value.name === 'ToolError' && (TOOL_ERROR_CODES as readonly string[]).includes(value.code);
}
