/**
 * The model port: the one call the runtime makes to a Messages-API model. The default implementation is the
 * Anthropic SDK (anthropic-model-client.ts); the types here are the wire shapes the runtime uses, kept free of
 * SDK types so the loop, the factory and dispatch do not depend on one SDK version.
 */

export interface ModelTextBlock {
  type: 'text';
  text: string;
}

export interface ModelToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

export interface ModelToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  is_error?: boolean;
}

/** Blocks the runtime reads; any other block the model returns is carried along untouched. */
export type ModelContentBlock = ModelTextBlock | ModelToolUseBlock | { type: string; [key: string]: unknown };

export interface ModelMessage {
  role: 'user' | 'assistant';
  content: string | ReadonlyArray<ModelContentBlock | ModelToolResultBlock>;
}

export interface ModelToolSpec {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

export interface ModelRequest {
  model: string;
  system?: string;
  messages: readonly ModelMessage[];
  /** Omitted from the request when empty. */
  tools?: readonly ModelToolSpec[];
  max_tokens: number;
  /** Sent on every call (docs/reference/agents.md#registry). */
  temperature: number;
}

export interface ModelUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

export interface ModelResponse {
  id: string;
  model: string;
  content: ModelContentBlock[];
  stop_reason: string | null;
  usage: ModelUsage;
}

export interface ModelCallOptions {
  /** Aborts the HTTP request (run deadline, caller cancellation). */
  signal: AbortSignal;
  /** Upper bound for this one request. */
  timeoutMs: number;
}

export interface ModelClient {
  createMessage(request: ModelRequest, options: ModelCallOptions): Promise<ModelResponse>;
}

/** How a model call failed: an HTTP status, a broken connection, an unusable body, or our own abort. */
export type ModelCallErrorKind = 'status' | 'connection' | 'invalid_response' | 'aborted';

/**
 * A failed model call, already sanitised: the message names the status and error type, never the raw body or
 * a credential. `retryAfterMs` carries a parsed `retry-after` header when the server sent one.
 */
export class ModelCallError extends Error {
  readonly kind: ModelCallErrorKind;
  readonly status: number | undefined;
  readonly errorType: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(
    kind: ModelCallErrorKind,
    message: string,
    options: { status?: number; errorType?: string; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ModelCallError';
    this.kind = kind;
    this.status = options.status;
    this.errorType = options.errorType;
    this.retryAfterMs = options.retryAfterMs;
  }
}

export function isModelCallError(value: unknown): value is ModelCallError {
  return value instanceof ModelCallError;
}

/** Provides the model client when a run starts, so a missing API key fails that run, not process start-up. */
export type ModelClientProvider = () => ModelClient;

export function textOf(content: readonly ModelContentBlock[]): string {
  return content
    .filter((block): block is ModelTextBlock => block.type === 'text' && typeof (block as ModelTextBlock).text === 'string')
    .map((block) => block.text)
    .join('');
}

export function toolUsesOf(content: readonly ModelContentBlock[]): ModelToolUseBlock[] {
  return content.filter(
    (block): block is ModelToolUseBlock =>
      block.type === 'tool_use' && typeof (block as ModelToolUseBlock).name === 'string' && typeof (block as ModelToolUseBlock).id === 'string',
  );
}
