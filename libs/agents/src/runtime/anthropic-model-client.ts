/**
 * The default `ModelClient`: the Anthropic SDK's Messages API. The SDK's own retries are switched off
 * (`maxRetries: 0`) because the runtime has exactly one retry layer (model-retry.ts,
 * docs/reference/algorithms.md#model-call-retry). SDK errors are translated into sanitised `ModelCallError`s here so
 * nothing above depends on SDK classes.
 */
import type { Anthropic } from '@anthropic-ai/sdk';
import { resolveSecret, ToolError, upstreamMessageLine, type CosConfig } from '@chief-of-staff/core';
import {
  ModelCallError,
  type ModelClient,
  type ModelContentBlock,
  type ModelRequest,
  type ModelResponse,
} from './model-client.js';
import { parseRetryAfter } from './model-retry.js';

export interface AnthropicSettings {
  apiKey: string | undefined;
  /** Any Messages-API-compatible endpoint; undefined lets the SDK use its default. */
  baseURL: string | undefined;
}

/** Message shown whenever a model call is needed and no key is configured. */
export const MISSING_API_KEY_MESSAGE =
  'No model API key is configured: set the ANTHROPIC_API_KEY environment variable (or anthropic.apiKey: env:NAME ' +
  'in cos.config.yaml) and try again.';
export const MISSING_API_KEY_HINT =
  'ANTHROPIC_BASE_URL (or anthropic.baseUrl) may point at any Messages-API-compatible endpoint, such as a gateway ' +
  'or a local model server; `cos doctor` shows what is configured.';

/** API key and base URL from config (`anthropic.apiKey` may be `env:NAME`), falling back to the environment. */
export function resolveAnthropicSettings(
  config: Pick<CosConfig, 'anthropic'> | undefined,
  env: NodeJS.ProcessEnv = process.env,
): AnthropicSettings {
  const fromConfig = resolveSecret(config?.anthropic.apiKey, env);
  const apiKey = fromConfig ?? (env['ANTHROPIC_API_KEY']?.trim() || undefined);
  const baseURL = config?.anthropic.baseUrl ?? (env['ANTHROPIC_BASE_URL']?.trim() || undefined);
  return { apiKey, baseURL };
}

/** The NOT_CONFIGURED error for a missing key: says what to set and where. */
export function missingApiKeyError(): ToolError {
  return new ToolError('NOT_CONFIGURED', MISSING_API_KEY_MESSAGE, { hint: MISSING_API_KEY_HINT });
}

/** A gateway behind `ANTHROPIC_BASE_URL` may answer with its own crash as the message: only a plain line is shown. */
function sanitise(text: string | null | undefined): string {
  return upstreamMessageLine(text, 200);
}

type AnthropicSdk = typeof import('@anthropic-ai/sdk');
let anthropicSdk: Promise<AnthropicSdk> | undefined;
/** The SDK (a megabyte of code) loads with the first model call, not with every process that might make one. */
function loadAnthropicSdk(): Promise<AnthropicSdk> {
  anthropicSdk ??= import('@anthropic-ai/sdk');
  anthropicSdk.catch(() => {
    anthropicSdk = undefined;
  });
  return anthropicSdk;
}

function translateError(error: unknown, { APIConnectionError, APIError, APIUserAbortError }: AnthropicSdk): ModelCallError {
  if (error instanceof APIUserAbortError) return new ModelCallError('aborted', 'The model call was aborted.', { cause: error });
  if (error instanceof APIConnectionError) {
    return new ModelCallError('connection', 'Could not reach the model API (connection failed or timed out).', { cause: error });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const errorType = error.type ?? undefined;
    const detail = sanitise(error.apiMessage);
    const retryAfterMs = parseRetryAfter(error.headers?.get('retry-after-ms') ?? null, error.headers?.get('retry-after') ?? null);
    return new ModelCallError(
      'status',
      `The model API returned ${error.status}${errorType ? ` (${errorType})` : ''}${detail ? `: ${detail}` : '.'}`,
      { status: error.status, errorType, retryAfterMs, cause: error },
    );
  }
  return new ModelCallError('invalid_response', 'The model API returned a response that could not be read.', { cause: error });
}

function checkResponse(value: unknown): ModelResponse {
  const message = value as Partial<ModelResponse> | null;
  if (message === null || typeof message !== 'object' || !Array.isArray(message.content)) {
    throw new ModelCallError('invalid_response', 'The model API returned a response without content blocks.');
  }
  const usage = (message.usage ?? {}) as Partial<Record<keyof ModelResponse['usage'], number | null>>;
  return {
    id: String(message.id ?? ''),
    model: String(message.model ?? ''),
    content: message.content as ModelContentBlock[],
    stop_reason: message.stop_reason ?? null,
    usage: {
      input_tokens: usage.input_tokens ?? 0,
      output_tokens: usage.output_tokens ?? 0,
      cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
      cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
    },
  };
}

/**
 * Creates the SDK-backed client. Throws NOT_CONFIGURED without an API key, so callers can create it lazily
 * when a run starts and fail that run fast with instructions.
 */
export function createAnthropicModelClient(settings: AnthropicSettings): ModelClient {
  if (settings.apiKey === undefined || settings.apiKey === '') throw missingApiKeyError();
  const apiKey = settings.apiKey;
  let client: Anthropic | undefined;
  return {
    async createMessage(request: ModelRequest, options) {
      // `temperature` is sent on every call (docs/reference/agents.md#registry) although this SDK version's types no
      // longer declare it.
      const body: Record<string, unknown> = {
        model: request.model,
        max_tokens: request.max_tokens,
        temperature: request.temperature,
        messages: request.messages,
      };
      if (request.system !== undefined) body['system'] = request.system;
      if (request.tools !== undefined && request.tools.length > 0) body['tools'] = request.tools;
      const sdk = await loadAnthropicSdk();
      client ??= new sdk.Anthropic({ apiKey, baseURL: settings.baseURL ?? null, maxRetries: 0 });
      try {
        const response = await client.messages.create(body as unknown as Anthropic.MessageCreateParamsNonStreaming, {
          signal: options.signal,
          timeout: Math.max(1, Math.ceil(options.timeoutMs)),
          maxRetries: 0,
        });
        return checkResponse(response);
      } catch (error) {
        if (error instanceof ModelCallError) throw error;
        throw translateError(error, sdk);
      }
    },
  };
}
