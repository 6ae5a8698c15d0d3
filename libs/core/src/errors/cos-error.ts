/**
 * The one structured error type of the workspace. Every library throws a `CosError` (or its subclass
 * `ToolError`) for conditions it understands; anything else is an internal error.
 */

/** Who is expected to act on the error: the user (bad input), us (a bug or local fault), or a third party. */
export type ErrorCategory = 'user' | 'system' | 'third_party';

/** JSON-safe values only, so errors can cross process and wire boundaries unchanged. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface CosErrorOptions {
  code: string;
  message: string;
  domain: string;
  category: ErrorCategory;
  details?: Record<string, JsonValue>;
  cause?: unknown;
}

export interface CosErrorJson {
  name: string;
  code: string;
  message: string;
  domain: string;
  category: ErrorCategory;
  details?: Record<string, JsonValue>;
}

// A registered symbol survives duplicated copies of this package (two bundles, two node_modules trees),
// where `instanceof` would not.
const COS_ERROR_BRAND = Symbol.for('@chief-of-staff/core:CosError');

export class CosError extends Error {
  readonly code: string;
  readonly domain: string;
  readonly category: ErrorCategory;
  readonly details: Record<string, JsonValue> | undefined;

  constructor(options: CosErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CosError';
    this.code = options.code;
    this.domain = options.domain;
    this.category = options.category;
    this.details = options.details;
    Object.defineProperty(this, COS_ERROR_BRAND, { value: true, enumerable: false });
  }

  toJSON(): CosErrorJson {
    const json: CosErrorJson = {
      name: this.name,
      code: this.code,
      message: this.message,
      domain: this.domain,
      category: this.category,
    };
    if (this.details !== undefined) json.details = this.details;
    return json;
  }
}

/** True for any `CosError`, including one created by another copy of this package. */
export function isCosError(value: unknown): value is CosError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[COS_ERROR_BRAND] === true
  );
}
