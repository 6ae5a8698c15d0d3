/**
 * `AgentRunner`: one agent run — the tool-use loop of docs/reference/agents.md#run-loop on a Messages-API model.
 * Everything that keeps a run safe is enforced here in code, whatever the model asks for: the capability gate,
 * unknown tools, concurrent execution of a turn's calls, per-call timeouts, result truncation, loop detection,
 * outbound caps, max rounds and a wall-clock deadline that aborts in-flight work.
 */
import { Buffer } from 'node:buffer';
import {
  createSilentLogger,
  createSystemClock,
  formatToolErrorText,
  newErrorRef,
  newUuid,
  systemTimeZone,
  toolInputJsonSchema,
  type AnyToolDefinition,
  type Clock,
  type Logger,
  type ProgressReporter,
  type ToolContext,
  type ToolErrorPayload,
  type ToolRunResult,
} from '@chief-of-staff/core';
import {
  agentToolNames,
  capabilitiesGrantingTool,
  HOST_ONLY_TOOLS,
  isRestrictedCapability,
  type ExternalCapabilityGrants,
} from '@chief-of-staff/capabilities';
import { resolveModelId, type AgentConfig } from '../config/agent-config-schema.js';
import { createLoopDetector, type LoopDetector } from './loop-detector.js';
import {
  isModelCallError,
  textOf,
  toolUsesOf,
  type ModelClient,
  type ModelClientProvider,
  type ModelMessage,
  type ModelRequest,
  type ModelResponse,
  type ModelToolResultBlock,
  type ModelToolSpec,
  type ModelToolUseBlock,
} from './model-client.js';
import { callModelWithRetry, ModelDeadlineError } from './model-retry.js';
import type {
  AgentRunRecord,
  AgentRunRecorder,
  AgentRunStepRecord,
  AgentRunStepRecorder,
  ModelCallRecorder,
  RunStatus,
  RunTrigger,
  ToolUsageRecorder,
} from './recorders.js';
import { fitsInContextWindow, normalizeToolArguments } from '@chief-of-staff/orchestration';
import { stepPreview, usageQueryPattern } from './recorders.js';
import type { AgentRunResult, RunUsage, ToolCallSummary } from './run-result.js';
import { DEFAULT_RUNTIME_SETTINGS, type AgentRuntimeSettings } from './runtime-settings.js';
import {
  buildInstruction,
  buildSystemPrompt,
  type AgentMemoryReader,
  type AgentMemoryEntry,
  type SharedMemoryEntry,
} from './system-prompt.js';
import {
  createMinimalToolExecutor,
  defaultToolTimeoutMs,
  type AgentToolCatalogue,
  type AgentToolExecutor,
} from './tool-port.js';
import { truncateForModel } from './truncate-result.js';

const CHARS_PER_TOKEN = 4;

export interface AgentRunnerOptions {
  /** The model client, or a provider called when a run starts (so a missing key fails that run). */
  model: ModelClient | ModelClientProvider;
  catalogue: AgentToolCatalogue;
  /** Runs one tool call; defaults to the minimal executor. */
  executor?: AgentToolExecutor;
  /** `ctx.services` for every tool call. */
  services: unknown;
  settings?: Partial<AgentRuntimeSettings>;
  clock?: Clock;
  logger?: Logger;
  runs?: AgentRunRecorder;
  /** Leave unset when the executor already writes the usage log, so calls are not counted twice. */
  toolUsage?: ToolUsageRecorder;
  modelCalls?: ModelCallRecorder;
  /** The run's trace: every model turn and tool call, with bounded argument and result previews (ADR 0087). */
  steps?: AgentRunStepRecorder;
  memory?: AgentMemoryReader;
  /** Per-tool timeout; default by latency tier. Always bounded by the run's remaining time. */
  toolTimeoutMs?: (tool: AnyToolDefinition) => number;
  /** Tools granted by external MCP servers assigned to a capability (web_search). */
  externalGrants?: ExternalCapabilityGrants;
  /**
   * Chooses the tools offered in the first request from those the agent may use (orchestration's shortlist); the
   * rest stay reachable through tool_search and by name. Absent: every permitted tool is offered.
   */
  selectTools?: (instruction: string, available: readonly string[], modelId: string) => string[];
  /** The latency orchestration expects of a tool, logged with each call as `estimated_ms` (latency accuracy). */
  estimateToolMs?: (toolName: string) => number | undefined;
}

export interface RunAgentOptions {
  trigger?: RunTrigger;
  /** Attached to the instruction as an untrusted block. */
  context?: unknown;
  contextOrigin?: string;
  /** Overrides the agent's and the configured timeout. */
  timeoutSeconds?: number;
  /** Caller cancellation (a dispatch wall clock, a cancelled MCP request). */
  signal?: AbortSignal;
  /** The caller's own deadline (epoch ms); the run never outlives it. */
  deadlineAt?: number;
  parentRunId?: string;
  /** Nesting depth: 0 for a top-level run. */
  depth?: number;
  /**
   * The initiating agent's capabilities: restricted capabilities it lacks are removed for this run
   * (docs/security.md#capabilities).
   */
  parentCapabilities?: readonly string[];
  runId?: string;
  progress?: ProgressReporter;
}

/** What a running agent's tools can learn about their run (nested run_agent uses it for depth and deadline). */
export interface ActiveRun {
  runId: string;
  agentName: string;
  capabilities: readonly string[];
  depth: number;
  deadlineAt: number;
  signal: AbortSignal;
}

/** The last non-empty text the model wrote during a run, so partial answers survive timeouts. */
interface RunState {
  rounds: number;
  toolCalls: ToolCallSummary[];
  usage: RunUsage;
  warnings: string[];
  lastText: string;
  outbound: Map<string, number>;
  /** Tokens the conversation holds after the last model response (what the next request starts from). */
  contextTokens: number;
  /** The trace position of the next step. */
  nextSeq: number;
}

/** Context window of the Claude models agents run on; results are cut so a request stays within 80% of it. */
const CONTEXT_WINDOW_TOKENS = 200_000;

const OUTBOUND_GROUPS: Record<string, { group: string; label: string }> = {
  send_email: { group: 'email', label: 'emails' },
  reply_to_email: { group: 'email', label: 'emails' },
  send_notification: { group: 'notification', label: 'notifications' },
};
const OUTBOUND_LIMIT = 5;
const UNKNOWN_TOOL_LIST = 20;

/** Restricted capabilities pass to a nested run only if the initiating agent holds them. */
export function effectiveRunCapabilities(
  capabilities: readonly string[],
  parentCapabilities: readonly string[] | undefined,
): string[] {
  if (parentCapabilities === undefined) return [...capabilities];
  return capabilities.filter((capability) => !isRestrictedCapability(capability) || parentCapabilities.includes(capability));
}

function toolError(code: ToolErrorPayload['code'], message: string, hint?: string): ToolRunResult {
  return { ok: false, error: hint === undefined ? { code, message } : { code, message, hint } };
}

const toolSpecCache = new WeakMap<AnyToolDefinition, ModelToolSpec>();
function toolSpec(tool: AnyToolDefinition): ModelToolSpec {
  let spec = toolSpecCache.get(tool);
  if (spec === undefined) {
    spec = { name: tool.name, description: tool.description, input_schema: toolInputJsonSchema(tool) };
    toolSpecCache.set(tool, spec);
  }
  return spec;
}

/**
 * The given settings over the defaults, like `{ ...DEFAULT_RUNTIME_SETTINGS, ...given }` but without reading the
 * given ones' getters: `timezone` comes from the configuration and is resolved only when a run needs it.
 */
function settingsWithDefaults(given: Partial<AgentRuntimeSettings> | undefined): AgentRuntimeSettings {
  const descriptors = { ...Object.getOwnPropertyDescriptors(DEFAULT_RUNTIME_SETTINGS), ...Object.getOwnPropertyDescriptors(given ?? {}) };
  // The defaults are frozen; the merged settings are an ordinary object.
  for (const descriptor of Object.values(descriptors)) {
    descriptor.configurable = true;
    if ('value' in descriptor) descriptor.writable = true;
  }
  return Object.defineProperties({}, descriptors) as AgentRuntimeSettings;
}

export class AgentRunner {
  readonly settings: AgentRuntimeSettings;
  private readonly options: AgentRunnerOptions;
  private readonly clock: Clock;
  /** Also used by dispatch, so failures around runs are logged where the runs themselves are. */
  readonly logger: Logger;
  private readonly executor: AgentToolExecutor;
  private readonly active = new Map<string, ActiveRun>();

  constructor(options: AgentRunnerOptions) {
    this.options = options;
    this.settings = settingsWithDefaults(options.settings);
    // The zone is resolved when a run first asks for it (~15–20 ms for the system zone).
    const settings = this.settings;
    this.clock = options.clock ?? createSystemClock(() => settings.timezone || systemTimeZone());
    this.logger = options.logger ?? createSilentLogger();
    this.executor = options.executor ?? createMinimalToolExecutor();
  }

  /** A run in progress, by id (nested calls use it to find their parent's depth, deadline and capabilities). */
  activeRun(runId: string): ActiveRun | undefined {
    return this.active.get(runId);
  }

  /** The model client; throws NOT_CONFIGURED (with instructions) when no API key is set. */
  modelClient(): ModelClient {
    const model = this.options.model;
    return typeof model === 'function' ? model() : model;
  }

  /** Tool names this agent may call (capability tools + tool_search), before availability filtering. */
  permittedTools(capabilities: readonly string[]): string[] {
    return agentToolNames(capabilities, { externalGrants: this.options.externalGrants });
  }

  /**
   * The tools a run with these capabilities is offered (docs/reference/agents.md#run-preparation): capability tools
   * and tool_search, in capability order, that exist in the catalogue and whose provider is configured; plus the data
   * sources left out because they are not configured.
   */
  effectiveTools(capabilities: readonly string[]): { tools: string[]; unavailableSources: string[] } {
    const known = new Set(this.options.catalogue.listTools().map((tool) => tool.name));
    const unavailable = this.options.catalogue.unavailableTools?.() ?? new Map<string, string>();
    const permitted = this.permittedTools(capabilities);
    return {
      tools: permitted.filter((name) => known.has(name) && !unavailable.has(name)),
      unavailableSources: [...new Set(permitted.flatMap((name) => (unavailable.has(name) ? [unavailable.get(name) as string] : [])))],
    };
  }

  async run(config: AgentConfig, instruction: string, options: RunAgentOptions = {}): Promise<AgentRunResult> {
    const client = this.modelClient();
    const runId = options.runId ?? newUuid();
    const startedMs = Date.now();
    const model = resolveModelId(config.model, this.settings.models);
    const capabilities = effectiveRunCapabilities(config.capabilities, options.parentCapabilities);
    const timeoutSeconds = options.timeoutSeconds ?? config.timeout_seconds ?? this.settings.timeoutSeconds;
    const deadlineAt = Math.min(startedMs + timeoutSeconds * 1_000, options.deadlineAt ?? Number.POSITIVE_INFINITY);
    const maxRounds = config.max_rounds ?? this.settings.maxRounds;

    const controller = new AbortController();
    const deadlineTimer = setTimeout(
      () => controller.abort(new DOMException('The run reached its deadline.', 'TimeoutError')),
      Math.max(0, deadlineAt - startedMs),
    );
    const onParentAbort = () => controller.abort(new DOMException('The caller cancelled the run.', 'TimeoutError'));
    if (options.signal?.aborted) onParentAbort();
    else options.signal?.addEventListener('abort', onParentAbort, { once: true });

    await this.prepareCatalogue(deadlineAt);
    const catalogue = new Map(this.options.catalogue.listTools().map((tool) => [tool.name, tool] as const));
    const unavailable = this.options.catalogue.unavailableTools?.() ?? new Map<string, string>();
    const permitted = new Set(this.permittedTools(capabilities));
    const { tools: offered, unavailableSources } = this.effectiveTools(capabilities);
    const active = new Set(this.firstTools(offered, instruction, model));

    const state: RunState = {
      rounds: 0,
      toolCalls: [],
      usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_creation_tokens: 0, model_calls: 0 },
      warnings: [],
      lastText: '',
      outbound: new Map(),
      contextTokens: 0,
      nextSeq: 0,
    };
    const record: AgentRunRecord = {
      run_id: runId,
      agent_name: config.name,
      trigger: options.trigger ?? 'host',
      parent_run_id: options.parentRunId ?? null,
      instruction_preview: instruction.slice(0, 200),
      status: null,
      stop_reason: null,
      rounds: 0,
      tool_call_count: 0,
      model,
      input_tokens: 0,
      output_tokens: 0,
      cache_read_tokens: 0,
      cache_creation_tokens: 0,
      started_at: this.clock.now().toISOString(),
      ended_at: null,
      error: null,
    };
    await this.safely('run start', () => this.options.runs?.runStarted({ ...record }));
    this.active.set(runId, { runId, agentName: config.name, capabilities, depth: options.depth ?? 0, deadlineAt, signal: controller.signal });

    let status: RunStatus | undefined;
    let stopReason: string | undefined;
    let finalText: string | undefined;
    let incomplete = false;
    let error: string | undefined;
    try {
      const system = buildSystemPrompt({
        prompt: config.system_prompt,
        agentName: config.name,
        now: this.clock.now(),
        timezone: this.clock.timezone,
        unavailableSources,
        ...(await this.loadMemory(config)),
      });
      const messages: ModelMessage[] = [
        { role: 'user', content: buildInstruction(instruction, options.context, options.contextOrigin) },
      ];
      const detector = createLoopDetector(this.settings.loop);
      let toolSpecs: ModelToolSpec[] = [];
      let specsFor = -1;

      while (state.rounds < maxRounds) {
        if (controller.signal.aborted) {
          status = 'timeout';
          break;
        }
        if (specsFor !== active.size) {
          toolSpecs = [...active].map((name) => toolSpec(catalogue.get(name) as AnyToolDefinition));
          specsFor = active.size;
        }
        const request: ModelRequest = {
          model,
          system,
          messages,
          max_tokens: config.max_tokens,
          temperature: config.temperature,
          ...(toolSpecs.length > 0 ? { tools: toolSpecs } : {}),
        };
        let response: ModelResponse;
        const modelStarted = performance.now();
        try {
          response = await this.callModel(client, request, runId, controller.signal, deadlineAt);
        } catch (failure) {
          if (failure instanceof ModelDeadlineError) {
            status = 'timeout';
          } else {
            status = 'error';
            error = this.describeModelFailure(failure, config.name);
          }
          await this.recordStep(runId, state, {
            round: state.rounds + 1,
            kind: 'model',
            name: model,
            ok: false,
            error_code: status === 'timeout' ? 'TIMEOUT' : 'MODEL_ERROR',
            duration_ms: Math.round(performance.now() - modelStarted),
            result_preview: error ?? 'The run reached its deadline while waiting for the model.',
          });
          break;
        }
        state.rounds += 1;
        await this.recordStep(runId, state, {
          round: state.rounds,
          kind: 'model',
          name: model,
          ok: true,
          stop_reason: response.stop_reason ?? null,
          duration_ms: Math.round(performance.now() - modelStarted),
          input_tokens: response.usage.input_tokens,
          output_tokens: response.usage.output_tokens,
          result_preview: textOf(response.content),
        });
        state.usage.model_calls += 1;
        state.usage.input_tokens += response.usage.input_tokens;
        state.usage.output_tokens += response.usage.output_tokens;
        state.usage.cache_read_tokens += response.usage.cache_read_input_tokens;
        state.usage.cache_creation_tokens += response.usage.cache_creation_input_tokens;
        state.contextTokens =
          response.usage.input_tokens + response.usage.cache_read_input_tokens + response.usage.cache_creation_input_tokens + response.usage.output_tokens;
        const text = textOf(response.content);
        if (text.trim() !== '') state.lastText = text;
        const uses = toolUsesOf(response.content);
        if (response.stop_reason === 'tool_use' && uses.length > 0) {
          messages.push({ role: 'assistant', content: response.content });
          const turn = await this.runTurn(uses, {
            config,
            runId,
            capabilities,
            permitted,
            active,
            catalogue,
            unavailable,
            detector,
            state,
            signal: controller.signal,
            deadlineAt,
            progress: options.progress,
          });
          messages.push({ role: 'user', content: turn.results });
          if (turn.stopped) {
            status = 'loop_detected';
            stopReason = 'tool_use';
            state.warnings.push('The run was stopped: the model repeated an identical tool call too many times.');
            break;
          }
          continue;
        }
        status = 'completed';
        stopReason = response.stop_reason ?? undefined;
        finalText = text;
        if (stopReason === 'max_tokens' || stopReason === 'refusal') {
          incomplete = true;
          state.warnings.push(
            stopReason === 'max_tokens'
              ? `The answer was cut off at max_tokens (${config.max_tokens}); it may be incomplete.`
              : 'The model declined to complete this request.',
          );
        }
        break;
      }
      if (status === undefined) {
        status = 'max_rounds';
        state.warnings.push(`The agent used all ${maxRounds} rounds without a final answer; the last text it wrote is returned.`);
      }
      if (status === 'timeout') {
        state.warnings.push(`The run reached its time limit (${Math.round((deadlineAt - startedMs) / 1000)} s); partial results are returned.`);
      }
    } finally {
      clearTimeout(deadlineTimer);
      options.signal?.removeEventListener('abort', onParentAbort);
      this.active.delete(runId);
    }

    const result: AgentRunResult = {
      run_id: runId,
      agent: config.name,
      model,
      status,
      ...(stopReason === undefined ? {} : { stop_reason: stopReason }),
      text: finalText ?? state.lastText,
      rounds: state.rounds,
      tool_calls: state.toolCalls,
      usage: state.usage,
      duration_ms: Date.now() - startedMs,
      ...(incomplete ? { incomplete: true as const } : {}),
      warnings: state.warnings,
      ...(error === undefined ? {} : { error }),
    };
    await this.safely('run finish', () =>
      this.options.runs?.runFinished({
        ...record,
        status: result.status,
        stop_reason: result.stop_reason ?? null,
        rounds: result.rounds,
        tool_call_count: result.tool_calls.length,
        input_tokens: result.usage.input_tokens,
        output_tokens: result.usage.output_tokens,
        cache_read_tokens: result.usage.cache_read_tokens,
        cache_creation_tokens: result.usage.cache_creation_tokens,
        ended_at: this.clock.now().toISOString(),
        error: result.error ?? null,
      }),
    );
    return result;
  }

  private async callModel(
    client: ModelClient,
    request: ModelRequest,
    runId: string,
    signal: AbortSignal,
    deadlineAt: number,
  ): Promise<ModelResponse> {
    let attemptStarted = Date.now();
    const recordCall = (outcome: string, response?: ModelResponse) =>
      this.safely('model call', () =>
        this.options.modelCalls?.record({
          run_id: runId,
          caller: 'agent',
          model: request.model,
          input_tokens: response?.usage.input_tokens ?? 0,
          output_tokens: response?.usage.output_tokens ?? 0,
          cache_read_tokens: response?.usage.cache_read_input_tokens ?? 0,
          cache_creation_tokens: response?.usage.cache_creation_input_tokens ?? 0,
          duration_ms: Date.now() - attemptStarted,
          outcome,
          created_at: this.clock.now().toISOString(),
        }),
      );
    try {
      const response = await callModelWithRetry(
        (attemptSignal) => {
          attemptStarted = Date.now();
          return client.createMessage(request, { signal: attemptSignal, timeoutMs: Math.max(1, deadlineAt - Date.now()) });
        },
        {
          signal,
          deadlineAt,
          settings: this.settings.retry,
          onRetry: ({ attempt, delayMs, error }) => {
            this.logger.warn({ runId, attempt, delayMs, status: error.status, kind: error.kind }, 'model call failed; retrying');
            void recordCall(error.status === undefined ? error.kind : `status_${error.status}`);
          },
        },
      );
      void recordCall('ok', response);
      return response;
    } catch (failure) {
      void recordCall(failure instanceof ModelDeadlineError ? 'timeout' : isModelCallError(failure) ? (failure.status ? `status_${failure.status}` : failure.kind) : 'error');
      throw failure;
    }
  }

  private describeModelFailure(failure: unknown, agentName: string): string {
    if (isModelCallError(failure)) return failure.message;
    const ref = newErrorRef();
    this.logger.error({ err: failure, agent: agentName, ref }, 'model call failed unexpectedly');
    return `Unexpected error while calling the model (ref ${ref}).`;
  }

  private async loadMemory(
    config: AgentConfig,
  ): Promise<{ memory?: readonly AgentMemoryEntry[]; shared?: Array<{ namespace: string; entries: readonly SharedMemoryEntry[] }> }> {
    const reader = this.options.memory;
    if (reader === undefined) return {};
    const result: { memory?: readonly AgentMemoryEntry[]; shared?: Array<{ namespace: string; entries: readonly SharedMemoryEntry[] }> } = {};
    try {
      result.memory = await reader.agentMemory(config.name, 50);
    } catch (failure) {
      this.logger.warn({ err: failure, agent: config.name }, 'agent memory unavailable; prompt built without it');
    }
    const shared: Array<{ namespace: string; entries: readonly SharedMemoryEntry[] }> = [];
    for (const namespace of config.namespaces) {
      try {
        shared.push({ namespace, entries: await reader.sharedMemory(namespace, 50) });
      } catch (failure) {
        this.logger.warn({ err: failure, agent: config.name, namespace }, 'shared memory unavailable; block left out');
      }
    }
    result.shared = shared;
    return result;
  }

  /** Gates, executes (concurrently) and serialises the calls of one model turn. */
  private async runTurn(
    uses: readonly ModelToolUseBlock[],
    run: {
      config: AgentConfig;
      runId: string;
      capabilities: readonly string[];
      permitted: ReadonlySet<string>;
      active: Set<string>;
      catalogue: ReadonlyMap<string, AnyToolDefinition>;
      unavailable: ReadonlyMap<string, string>;
      detector: LoopDetector;
      state: RunState;
      signal: AbortSignal;
      deadlineAt: number;
      progress: ProgressReporter | undefined;
    },
  ): Promise<{ results: ModelToolResultBlock[]; stopped: boolean }> {
    type Plan =
      | { use: ModelToolUseBlock; refused: ToolRunResult; record: boolean }
      | { use: ModelToolUseBlock; tool: AnyToolDefinition; warning?: string };
    const plans: Plan[] = [];
    let stopped = false;
    for (const use of uses) {
      if (stopped) {
        plans.push({ use, refused: toolError('LOOP_DETECTED', 'skipped: run stopped'), record: false });
        continue;
      }
      const verdict = run.detector.check(use.name, use.input);
      if (verdict.action === 'stop') {
        stopped = true;
        plans.push({ use, refused: toolError('LOOP_DETECTED', verdict.message), record: true });
        continue;
      }
      const gate = this.gate(use.name, run);
      if ('refused' in gate) {
        plans.push({ use, refused: gate.refused, record: true });
        continue;
      }
      const outbound = OUTBOUND_GROUPS[use.name];
      if (outbound !== undefined) {
        const used = run.state.outbound.get(outbound.group) ?? 0;
        if (used >= OUTBOUND_LIMIT) {
          plans.push({
            use,
            refused: toolError('LIMIT_EXCEEDED', `A run may send at most ${OUTBOUND_LIMIT} ${outbound.label}; this one already has.`),
            record: true,
          });
          continue;
        }
        run.state.outbound.set(outbound.group, used + 1);
      }
      plans.push({ use, tool: gate.tool, ...(verdict.warning === undefined ? {} : { warning: verdict.warning }) });
    }

    const firstIndex = run.state.toolCalls.length;
    // Steps are numbered before the calls run side by side, so the trace keeps the order the model asked in.
    const firstSeq = run.state.nextSeq;
    run.state.nextSeq += plans.length;
    const round = run.state.rounds;
    const results = await Promise.all(
      plans.map(async (plan, offset): Promise<ModelToolResultBlock> => {
        const started = performance.now();
        let result: ToolRunResult;
        let servedBy: string | undefined;
        let warning: string | undefined;
        if ('refused' in plan) {
          result = plan.refused;
        } else {
          warning = plan.warning;
          const outcome = await this.execute(plan.tool, plan.use, run);
          result = outcome.result;
          servedBy = outcome.servedBy;
          if (result.ok) this.learnActiveTools(plan.tool.name, result.value, run);
        }
        const durationMs = Math.round(performance.now() - started);
        const rendered = this.render(result, warning, this.resultBudgetChars(run.state.contextTokens, plans.length));
        run.state.toolCalls[firstIndex + offset] = {
          name: plan.use.name.slice(0, 64),
          ok: result.ok,
          ...(result.ok ? {} : { error_code: result.error.code }),
          duration_ms: durationMs,
          truncated: rendered.truncated,
          ...(servedBy === undefined ? {} : { served_by: servedBy }),
        };
        if (!('refused' in plan) || plan.record) {
          await this.safely('tool usage', () =>
            this.options.toolUsage?.record({
              tool_name: plan.use.name.slice(0, 64),
              caller_kind: 'agent',
              agent_name: run.config.name,
              run_id: run.runId,
              // Patterns are read after alias normalisation, so `q` and `query` count as one pattern.
              query_pattern: usageQueryPattern('tool' in plan ? normalizeToolArguments(plan.tool, plan.use.input).args : plan.use.input),
              success: result.ok,
              error_code: result.ok ? null : result.error.code,
              duration_ms: durationMs,
              estimated_ms: 'tool' in plan ? (this.options.estimateToolMs?.(plan.tool.name) ?? null) : null,
              response_bytes: result.ok ? Buffer.byteLength(rendered.text) : null,
              truncated: rendered.truncated,
              served_by: servedBy ?? null,
              created_at: this.clock.now().toISOString(),
            }),
          );
        }
        await this.recordStep(run.runId, undefined, {
          seq: firstSeq + offset,
          round,
          kind: 'tool',
          name: plan.use.name.slice(0, 64),
          ok: result.ok,
          error_code: result.ok ? null : result.error.code,
          duration_ms: durationMs,
          // Third-party content (mail, messages, documents, webhooks) is flagged by its tool; the trace shows it as such.
          untrusted: result.ok && result.value['untrusted_content'] === true,
          truncated: rendered.truncated,
          arguments_preview: safeJson(plan.use.input),
          result_preview: rendered.text,
        });
        return {
          type: 'tool_result',
          tool_use_id: plan.use.id,
          content: rendered.text,
          ...(result.ok ? {} : { is_error: true }),
        };
      }),
    );
    return { results, stopped };
  }

  /** Decides whether a named tool may run for this agent; the model's tool list is never the boundary. */
  private gate(
    name: string,
    run: {
      config: AgentConfig;
      permitted: ReadonlySet<string>;
      active: ReadonlySet<string>;
      catalogue: ReadonlyMap<string, AnyToolDefinition>;
      unavailable: ReadonlyMap<string, string>;
    },
  ): { tool: AnyToolDefinition } | { refused: ToolRunResult } {
    const shown = name.slice(0, 64);
    const tool = run.catalogue.get(name);
    const available = () => [...run.active].slice(0, UNKNOWN_TOOL_LIST).join(', ') || '(none)';
    if (!run.permitted.has(name)) {
      const granting = capabilitiesGrantingTool(name, {});
      if (tool !== undefined || granting.length > 0 || HOST_ONLY_TOOLS.includes(name)) {
        const needs = granting.length > 0 ? ` It needs the ${granting.join(' or ')} capability, which this agent does not have.` : '';
        return {
          refused: toolError('PERMISSION_DENIED', `Tool ${shown} is not permitted for agent ${run.config.name}.${needs}`, `Use one of: ${available()}.`),
        };
      }
      return { refused: toolError('UNKNOWN_TOOL', `Unknown tool "${shown}".`, `Available tools: ${available()}.`) };
    }
    if (tool === undefined) {
      return { refused: toolError('UNKNOWN_TOOL', `Tool ${shown} is not available in this installation.`, `Available tools: ${available()}.`) };
    }
    const source = run.unavailable.get(name);
    if (source !== undefined) {
      return {
        refused: toolError('NOT_CONFIGURED', `The ${source} source is not configured, so ${shown} cannot run.`, 'Run `cos doctor` to see how to configure it.'),
      };
    }
    return { tool };
  }

  private async execute(
    tool: AnyToolDefinition,
    use: ModelToolUseBlock,
    run: { config: AgentConfig; runId: string; capabilities: readonly string[]; permitted: ReadonlySet<string>; signal: AbortSignal; deadlineAt: number; progress: ProgressReporter | undefined },
  ): Promise<{ result: ToolRunResult; servedBy?: string }> {
    const ctx: ToolContext<unknown> = {
      services: this.options.services,
      clock: this.clock,
      logger: this.logger,
      signal: run.signal,
      progress: run.progress ?? (() => undefined),
      caller: {
        kind: 'agent',
        agentName: run.config.name,
        runId: run.runId,
        capabilities: run.capabilities,
        namespaces: run.config.namespaces,
      },
    };
    const perTool = this.options.toolTimeoutMs?.(tool) ?? defaultToolTimeoutMs(tool);
    const timeoutMs = Math.max(0, Math.min(perTool, run.deadlineAt - Date.now()));
    try {
      const outcome = await this.executor.execute({ tool, args: use.input, ctx, timeoutMs, permits: (name) => run.permitted.has(name) });
      return outcome.servedBy === undefined ? { result: outcome.result } : { result: outcome.result, servedBy: outcome.servedBy };
    } catch (failure) {
      const ref = newErrorRef();
      this.logger.error({ err: failure, tool: tool.name, ref }, 'tool executor failed');
      return { result: toolError('INTERNAL', `Unexpected error in ${tool.name} (ref ${ref}).`) };
    }
  }

  /** Lets the catalogue connect its external servers, within the run's time; a failure only leaves their tools out. */
  private async prepareCatalogue(deadlineAt: number): Promise<void> {
    const prepare = this.options.catalogue.prepare;
    if (prepare === undefined) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        prepare.call(this.options.catalogue),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, Math.max(0, deadlineAt - Date.now()));
        }),
      ]);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not prepare the tool catalogue');
    } finally {
      clearTimeout(timer);
    }
  }

  /** The tools of the first request: the shortlist plus tool_search, or everything when there is no selector. */
  private firstTools(offered: readonly string[], instruction: string, model: string): string[] {
    const select = this.options.selectTools;
    if (select === undefined) return [...offered];
    const search = offered.filter((name) => name === 'tool_search');
    const chosen = select(instruction, offered.filter((name) => name !== 'tool_search'), model);
    // Only permitted, offered tools can come back from the selector: it never widens the boundary.
    const allowed = new Set(offered);
    return [...chosen.filter((name) => allowed.has(name)), ...search];
  }

  /** Tools found by tool_search, and permitted tools the model uses, join the offered set for later rounds. */
  private learnActiveTools(
    toolName: string,
    value: Record<string, unknown>,
    run: { permitted: ReadonlySet<string>; active: Set<string>; catalogue: ReadonlyMap<string, AnyToolDefinition>; unavailable: ReadonlyMap<string, string> },
  ): void {
    const candidates = [toolName];
    if (toolName === 'tool_search' && Array.isArray(value['items'])) {
      for (const item of value['items'] as unknown[]) {
        const name = (item as { name?: unknown } | null)?.name;
        if (typeof name === 'string') candidates.push(name);
      }
    }
    for (const name of candidates) {
      if (run.permitted.has(name) && run.catalogue.has(name) && !run.unavailable.has(name)) run.active.add(name);
    }
  }

  /**
   * How many characters each result of this round may take: the configured limit, or less when the conversation is
   * near the context window, so the next request still fits in 80% of it.
   */
  private resultBudgetChars(contextTokens: number, results: number): number {
    const max = this.settings.toolResultMaxChars;
    const share = Math.ceil(max / CHARS_PER_TOKEN);
    if (fitsInContextWindow(contextTokens, share * results, CONTEXT_WINDOW_TOKENS)) return max;
    const room = Math.max(0, Math.floor(CONTEXT_WINDOW_TOKENS * 0.8) - contextTokens);
    return Math.max(200, Math.floor((room * CHARS_PER_TOKEN) / Math.max(1, results)));
  }

  private render(result: ToolRunResult, warning: string | undefined, max: number): { text: string; truncated: boolean } {
    if (result.ok) {
      const value = warning === undefined ? result.value : { loop_warning: warning, ...result.value };
      return truncateForModel(value, max);
    }
    const text = formatToolErrorText(result.error) + (warning === undefined ? '' : ` loop_warning: ${warning}`);
    return truncateForModel(text, max);
  }

  /** Writes one step of the trace, its previews cut; a model turn takes the next position, a tool call brings its own. */
  private async recordStep(
    runId: string,
    state: RunState | undefined,
    step: Partial<AgentRunStepRecord> & Pick<AgentRunStepRecord, 'round' | 'kind' | 'name' | 'ok' | 'duration_ms'>,
  ): Promise<void> {
    const recorder = this.options.steps;
    if (recorder === undefined) return;
    const seq = step.seq ?? (state === undefined ? 0 : state.nextSeq++);
    await this.safely('run step', () =>
      recorder.recordStep({
        run_id: runId,
        seq,
        round: step.round,
        kind: step.kind,
        name: step.name,
        ok: step.ok,
        error_code: step.error_code ?? null,
        stop_reason: step.stop_reason ?? null,
        duration_ms: step.duration_ms,
        input_tokens: step.input_tokens ?? 0,
        output_tokens: step.output_tokens ?? 0,
        untrusted: step.untrusted ?? false,
        truncated: step.truncated ?? false,
        arguments_preview: previewOf(step.arguments_preview),
        result_preview: previewOf(step.result_preview),
      }),
    );
  }

  /** Recording must never change a run's outcome. */
  private async safely(what: string, action: () => void | Promise<void> | undefined): Promise<void> {
    try {
      await action();
    } catch (failure) {
      this.logger.warn({ err: failure, what }, 'recording failed; the run continues');
    }
  }
}

/** The model's tool arguments as JSON for the trace; anything JSON cannot write reads as a note. */
/** A step's text cut to its preview (in one place, whoever built the step). */
function previewOf(text: string | null | undefined): string | null {
  return text === undefined || text === null ? null : stepPreview(text);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '(arguments that cannot be shown as JSON)';
  }
}
