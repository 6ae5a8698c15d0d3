/**
 * The agent factory (docs/reference/agents.md#agent-factory): turns a natural-language description into a saved agent
 * config through the model. The model's reply is treated as untrusted input: JSON is extracted robustly, every field
 * is sanitised, restricted capabilities are stripped unless allowed, the result is validated like any other config
 * and never overwrites an existing agent unless asked.
 */
import {
  createSilentLogger,
  createSystemClock,
  systemTimeZone,
  ToolError,
  type Clock,
  type Logger,
} from '@chief-of-staff/core';
import {
  isKnownCapability,
  isRestrictedCapability,
  type ExternalCapabilityGrants,
} from '@chief-of-staff/capabilities';
import {
  AGENT_DEFAULTS,
  AGENT_NAME_MAX_LENGTH,
  isModelTier,
  isValidAgentName,
  type AgentConfigInput,
} from '../config/agent-config-schema.js';
import { assertAgentName, type AgentEntry, type AgentRegistry } from '../registry/agent-registry.js';
import { isModelCallError, textOf, type ModelClient, type ModelClientProvider, type ModelMessage } from '../runtime/model-client.js';
import { callModelWithRetry, DEFAULT_MODEL_RETRY, ModelDeadlineError, type ModelRetrySettings } from '../runtime/model-retry.js';
import type { ModelCallRecorder } from '../runtime/recorders.js';
import { DEFAULT_RUNTIME_SETTINGS, type AgentRuntimeSettings } from '../runtime/runtime-settings.js';
import { buildFactorySystemPrompt, CORRECTIVE_INSTRUCTION } from './factory-prompt.js';
import { extractJsonObject } from './json-extraction.js';

export const FACTORY_MAX_CAPABILITIES = 8;
const FACTORY_MAX_TOKENS = 2_048;
const FACTORY_TEMPERATURE = 0.2;
const NAME_STOP_WORDS = new Set(['a', 'an', 'the', 'i', 'need', 'want', 'agent', 'for', 'to', 'that', 'which', 'and', 'of', 'my', 'me', 'with']);

export interface AgentFactoryOptions {
  model: ModelClient | ModelClientProvider;
  registry: AgentRegistry;
  settings?: { models?: AgentRuntimeSettings['models']; retry?: ModelRetrySettings };
  clock?: Clock;
  logger?: Logger;
  modelCalls?: ModelCallRecorder;
  /** Wall-clock limit for the factory's model calls (default 60 s). */
  timeoutMs?: number;
  externalGrants?: ExternalCapabilityGrants;
}

export interface CreateFromDescriptionInput {
  description: string;
  /** Wins over the model's name. */
  name?: string;
  /** Restricted capabilities the caller explicitly allows. */
  allowRestricted?: readonly string[];
  /** Capabilities the agent must have (auto_create_skill); they pass the same filters. */
  requiredCapabilities?: readonly string[];
  overwrite?: boolean;
  /** For agent callers: the agent may not grant capabilities it lacks itself. */
  callerCapabilities?: readonly string[];
  signal?: AbortSignal;
}

export interface FactoryResult {
  agent: AgentEntry;
  warnings: string[];
}

/** Lower-case, spaces → `_`, invalid characters dropped; undefined when nothing usable is left. */
export function sanitiseAgentName(raw: string): string | undefined {
  const name = raw
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, AGENT_NAME_MAX_LENGTH);
  return isValidAgentName(name) ? name : undefined;
}

/** A name from the description's first meaningful words. */
export function deriveAgentName(description: string): string {
  const words = (description.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => !NAME_STOP_WORDS.has(word));
  return sanitiseAgentName(words.slice(0, 4).join('_')) ?? 'custom_agent';
}

export interface SanitisedCapabilities {
  capabilities: string[];
  warnings: string[];
}

/** Applies the factory's capability rules (docs/reference/agents.md#agent-factory) to whatever the model proposed. */
export function sanitiseFactoryCapabilities(
  proposed: unknown,
  options: { allowRestricted?: readonly string[]; required?: readonly string[]; callerCapabilities?: readonly string[] } = {},
): SanitisedCapabilities {
  const warnings: string[] = [];
  const raw = [...(options.required ?? []), ...(Array.isArray(proposed) ? proposed : [])];
  const result: string[] = [];
  const unknown: string[] = [];
  const stripped: string[] = [];
  const notHeld: string[] = [];
  for (const entry of raw) {
    if (typeof entry !== 'string') continue;
    const name = entry.trim();
    if (name === '' || result.includes(name)) continue;
    if (!isKnownCapability(name)) unknown.push(name);
    else if (isRestrictedCapability(name) && !(options.allowRestricted ?? []).includes(name)) stripped.push(name);
    else if (options.callerCapabilities !== undefined && !options.callerCapabilities.includes(name)) notHeld.push(name);
    else result.push(name);
  }
  if (unknown.length > 0) warnings.push(`Unknown capabilities dropped: ${[...new Set(unknown)].join(', ')}.`);
  if (stripped.length > 0) {
    warnings.push(`Restricted capabilities removed (pass allow_restricted to keep them): ${[...new Set(stripped)].join(', ')}.`);
  }
  if (notHeld.length > 0) warnings.push(`Capabilities the calling agent does not hold were removed: ${[...new Set(notHeld)].join(', ')}.`);
  if (result.length === 0) {
    result.push('memory_read');
    warnings.push('No usable capabilities were proposed; the agent gets memory_read.');
  }
  if (result.length > FACTORY_MAX_CAPABILITIES) {
    warnings.push(`Only the first ${FACTORY_MAX_CAPABILITIES} capabilities were kept: ${result.slice(FACTORY_MAX_CAPABILITIES).join(', ')} dropped.`);
    result.length = FACTORY_MAX_CAPABILITIES;
  }
  return { capabilities: result, warnings };
}

function conflict(name: string): ToolError {
  return new ToolError('CONFLICT', `Agent "${name}" already exists.`, {
    hint: 'Choose another name, or pass overwrite=true to replace it.',
    details: { name },
  });
}

export class AgentFactory {
  private readonly options: AgentFactoryOptions;
  private readonly clock: Clock;
  private readonly logger: Logger;

  constructor(options: AgentFactoryOptions) {
    this.options = options;
    this.clock = options.clock ?? createSystemClock(systemTimeZone());
    this.logger = options.logger ?? createSilentLogger();
  }

  async create(input: CreateFromDescriptionInput): Promise<FactoryResult> {
    const registry = this.options.registry;
    if (input.name !== undefined) {
      assertAgentName(input.name);
      if (registry.get(input.name) !== undefined && input.overwrite !== true) throw conflict(input.name);
    }
    const client = typeof this.options.model === 'function' ? this.options.model() : this.options.model;
    const proposal = await this.propose(client, input);

    const warnings: string[] = [];
    const modelName = typeof proposal['name'] === 'string' ? sanitiseAgentName(proposal['name']) : undefined;
    const name = input.name ?? modelName ?? deriveAgentName(input.description);
    if (input.name === undefined && modelName === undefined) warnings.push(`The model proposed no usable name; using "${name}".`);

    const caps = sanitiseFactoryCapabilities(proposal['capabilities'], {
      ...(input.allowRestricted === undefined ? {} : { allowRestricted: input.allowRestricted }),
      ...(input.requiredCapabilities === undefined ? {} : { required: input.requiredCapabilities }),
      ...(input.callerCapabilities === undefined ? {} : { callerCapabilities: input.callerCapabilities }),
    });
    warnings.push(...caps.warnings);

    const rawTemperature = proposal['temperature'];
    const temperature =
      typeof rawTemperature === 'number' && Number.isFinite(rawTemperature)
        ? Math.min(1, Math.max(0, rawTemperature))
        : AGENT_DEFAULTS.temperature;
    let model: string | undefined;
    if (typeof proposal['model'] === 'string' && proposal['model'].trim() !== '') {
      const tier = proposal['model'].trim().toLowerCase();
      if (isModelTier(tier)) model = tier;
      else warnings.push(`Model "${proposal['model'].slice(0, 60)}" is not a tier (haiku, sonnet, opus); the default tier is used.`);
    }
    const description =
      typeof proposal['description'] === 'string' && proposal['description'].trim() !== ''
        ? proposal['description'].trim().slice(0, 500)
        : input.description.trim().slice(0, 500);

    const config: AgentConfigInput = {
      name,
      description,
      system_prompt: String(proposal['system_prompt']).trim().slice(0, 50_000),
      capabilities: caps.capabilities,
      temperature,
      ...(model === undefined ? {} : { model }),
      created_by: 'chief_of_staff',
      created_at: this.clock.now().toISOString(),
    };
    if (registry.get(name) !== undefined && input.overwrite !== true) throw conflict(name);
    const agent = registry.save(config, { overwrite: input.overwrite === true, overrideBuiltin: input.overwrite === true });
    this.logger.info({ agent: name, capabilities: agent.config.capabilities }, 'agent created by the factory');
    return { agent, warnings };
  }

  /** One model call, one corrective retry; NO_RESULT with a preview when neither reply is usable. */
  private async propose(client: ModelClient, input: CreateFromDescriptionInput): Promise<Record<string, unknown>> {
    const settings = this.options.settings ?? {};
    const models = settings.models ?? DEFAULT_RUNTIME_SETTINGS.models;
    const model = models.tiers.haiku;
    const deadlineAt = Date.now() + (this.options.timeoutMs ?? 60_000);
    const system = buildFactorySystemPrompt(this.options.externalGrants);
    const required =
      input.requiredCapabilities !== undefined && input.requiredCapabilities.length > 0
        ? `\n\nRequired capabilities: ${input.requiredCapabilities.join(', ')}.`
        : '';
    const allowed =
      input.allowRestricted !== undefined && input.allowRestricted.length > 0
        ? `\n\nRestricted capabilities explicitly allowed: ${input.allowRestricted.join(', ')}.`
        : '';
    const messages: ModelMessage[] = [{ role: 'user', content: `${input.description.trim()}${required}${allowed}` }];
    let lastText = '';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const text = await this.call(client, { model, system, messages, deadlineAt, signal: input.signal });
      lastText = text;
      const parsed = extractJsonObject(text);
      if (parsed !== undefined && typeof parsed['system_prompt'] === 'string' && parsed['system_prompt'].trim() !== '') {
        return parsed;
      }
      messages.push({ role: 'assistant', content: text.trim() === '' ? '(empty reply)' : text }, { role: 'user', content: CORRECTIVE_INSTRUCTION });
    }
    throw new ToolError('NO_RESULT', 'The model did not return a usable agent definition; try a more specific description', {
      details: { preview: lastText.slice(0, 500) },
    });
  }

  private async call(
    client: ModelClient,
    request: { model: string; system: string; messages: ModelMessage[]; deadlineAt: number; signal: AbortSignal | undefined },
  ): Promise<string> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), Math.max(0, request.deadlineAt - Date.now()));
    const onAbort = () => controller.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const started = Date.now();
    let outcome = 'ok';
    let usage = { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };
    try {
      const response = await callModelWithRetry(
        (signal) =>
          client.createMessage(
            {
              model: request.model,
              system: request.system,
              messages: request.messages,
              max_tokens: FACTORY_MAX_TOKENS,
              temperature: FACTORY_TEMPERATURE,
            },
            { signal, timeoutMs: Math.max(1, request.deadlineAt - Date.now()) },
          ),
        { signal: controller.signal, deadlineAt: request.deadlineAt, settings: this.options.settings?.retry ?? DEFAULT_MODEL_RETRY },
      );
      usage = response.usage;
      return textOf(response.content);
    } catch (failure) {
      if (failure instanceof ModelDeadlineError) {
        outcome = 'timeout';
        throw new ToolError('TIMEOUT', 'The model did not answer in time while designing the agent.', {
          hint: 'Try again, or give system_prompt and capabilities to create the agent without the model.',
        });
      }
      outcome = isModelCallError(failure) && failure.status !== undefined ? `status_${failure.status}` : 'error';
      if (isModelCallError(failure)) {
        throw new ToolError('UNAVAILABLE', failure.message, {
          hint: 'Try again later, or give system_prompt and capabilities to create the agent without the model.',
        });
      }
      throw failure;
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      try {
        await this.options.modelCalls?.record({
          run_id: null,
          caller: 'factory',
          model: request.model,
          input_tokens: usage.input_tokens,
          output_tokens: usage.output_tokens,
          cache_read_tokens: usage.cache_read_input_tokens,
          cache_creation_tokens: usage.cache_creation_input_tokens,
          duration_ms: Date.now() - started,
          outcome,
          created_at: this.clock.now().toISOString(),
        });
      } catch (error) {
        this.logger.warn({ err: error }, 'recording the factory model call failed');
      }
    }
  }
}
