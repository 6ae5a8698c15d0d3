/**
 * Typed provider failures (docs/reference/tool-catalogue.md#personal-data-providers). Providers throw a
 * `ProviderError` for conditions they understand and never return error rows as data; tools map it to a `ToolError`
 * with `toToolError` so callers see the codes of docs/reference/conventions.md#errors.
 */
import { CosError, isCosError, ToolError, type JsonValue, type ToolErrorCode } from '@chief-of-staff/core';

/**
 * The failure kinds every provider reports (docs/reference/tool-catalogue.md#personal-data-providers); `read_only`
 * covers writes to read-only sources and `conflict` a name that is already taken.
 */
export const PROVIDER_ERROR_KINDS = ['not_configured', 'unavailable', 'auth', 'not_found', 'invalid', 'read_only', 'conflict'] as const;
export type ProviderErrorKind = (typeof PROVIDER_ERROR_KINDS)[number];

const CODE_BY_KIND: Record<ProviderErrorKind, ToolErrorCode> = {
  not_configured: 'NOT_CONFIGURED',
  unavailable: 'UNAVAILABLE',
  auth: 'PERMISSION_DENIED',
  not_found: 'NOT_FOUND',
  invalid: 'INVALID_ARGUMENT',
  read_only: 'READ_ONLY',
  conflict: 'CONFLICT',
};

export interface ProviderErrorOptions {
  /** Which provider failed, e.g. `local-calendar`; kept in `domain` for logs. */
  provider: string;
  hint?: string;
  details?: Record<string, JsonValue>;
  cause?: unknown;
}

export class ProviderError extends CosError {
  readonly kind: ProviderErrorKind;
  readonly hint: string | undefined;
  readonly provider: string;

  constructor(kind: ProviderErrorKind, message: string, options: ProviderErrorOptions) {
    super({
      code: kind,
      message,
      domain: `provider:${options.provider}`,
      category: kind === 'unavailable' || kind === 'auth' ? 'third_party' : 'user',
      details: options.details,
      cause: options.cause,
    });
    this.name = 'ProviderError';
    this.kind = kind;
    this.hint = options.hint;
    this.provider = options.provider;
  }

  /** The uniform not-found shape of docs/reference/conventions.md#errors: `"<Entity> <id> not found."`. */
  static notFound(provider: string, entity: string, id: string | number, hint?: string): ProviderError {
    return new ProviderError('not_found', `${entity} ${id} not found.`, { provider, hint, details: { entity, id } });
  }
}

export function isProviderError(value: unknown): value is ProviderError {
  return (
    isCosError(value) &&
    value.name === 'ProviderError' &&
    (PROVIDER_ERROR_KINDS as readonly string[]).includes(value.code)
  );
}

/**
 * Converts a provider failure into the tool error callers see; anything else is returned unchanged so the tool
 * runner can treat it as unexpected.
 */
export function toToolError(error: unknown): unknown {
  if (!isProviderError(error)) return error;
  return new ToolError(CODE_BY_KIND[error.kind], error.message, {
    hint: error.hint,
    details: error.details,
    cause: error,
    domain: error.domain,
  });
}

/** Runs a provider call and rethrows provider failures as tool errors. */
export async function withProviderErrors<T>(operation: () => Promise<T> | T): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw toToolError(error);
  }
}
