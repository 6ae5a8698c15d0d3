/**
 * `AgentRunner`: one agent run — the tool-use loop of docs/reference/agents.md#run-loop on a Messages-API model.
 * Everything that keeps a run safe is enforced in code, whatever the model asks for: the capability gate, unknown
 * tools, concurrent execution of a turn's calls, per-call timeouts, result truncation, loop detection (tool-turn.ts),
 * outbound caps, max rounds and a wall-clock deadline that aborts in-flight work (run-budgets.ts).
 */
import {
  createSilentLogger,
  createSystemClock,
  newErrorRef,
  newUuid,
  systemTimeZone,
  toolInputJsonSchema,
  type AnyToolDefinition,
  type Clock,
  type Logger,
  type ProgressReporter,
} from '@chief-of-staff/core';
import { agentToolNames, isRestrictedCapability, type ExternalCapabilityGrants } from '@chief-of-staff/capabilities';
import { resolveModelId, type AgentConfig } from '../config/agent-config-schema.js';
import { createLoopDetector, type LoopDetector } from './loop-detector.js';
import { callRunModel } from './model-call.js';
import {
  isModelCallError,
  textOf,
  toolUsesOf,
  type ModelClient,
  type ModelClientProvider,
  type ModelMessage,
  type ModelRequest,
  type ModelResponse,
  type ModelToolSpec,
} from './model-client.js';
import { ModelDeadlineError } from './model-retry.js';
import type { AgentRunRecorder, AgentRunStepRecorder, ModelCallRecorder, RunStatus, RunTrigger, ToolUsageRecorder } from './recorders.js';
import { startRunDeadline } from './run-budgets.js';
import { RunRecording } from './run-recording.js';
import type { AgentRunResult } from './run-result.js';
import { countUsage, newRunState, type RunContext } from './run-state.js';
import { closeOutcome, completedOutcome, finishedRecord, runResult, runStartRecord, type RunOutcome } from './run-summary.js';
import { DEFAULT_RUNTIME_SETTINGS, type AgentRuntimeSettings } from './runtime-settings.js';
import { buildInstruction, buildSystemPrompt, type AgentMemoryReader, type AgentMemoryEntry, type SharedMemoryEntry } from './system-prompt.js';
import { createMinimalToolExecutor, type AgentToolCatalogue, type AgentToolExecutor } from './tool-port.js';
import { runToolTurn, type ToolTurnDeps } from './tool-turn.js';

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

/** Restricted capabilities pass to a nested run only if the initiating agent holds them. */
export function effectiveRunCapabilities(
  capabilities: readonly string[],
  parentCapabilities: readonly string[] | undefined,
): string[] {
  if (parentCapabilities === undefined) return [...capabilities];
  return capabilities.filter((capability) => !isRestrictedCapability(capability) || parentCapabilities.includes(capability));
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
  private readonly recording: RunRecording;
  private readonly tools: ToolTurnDeps;
  private readonly active = new Map<string, ActiveRun>();

  constructor(options: AgentRunnerOptions) {
    this.options = options;
    this.settings = settingsWithDefaults(options.settings);
    // The zone is resolved when a run first asks for it (~15–20 ms for the system zone).
    const settings = this.settings;
    this.clock = options.clock ?? createSystemClock(() => settings.timezone || systemTimeZone());
    this.logger = options.logger ?? createSilentLogger();
    this.executor = options.executor ?? createMinimalToolExecutor();
    this.recording = new RunRecording(options, this.logger);
    this.tools = { options, executor: this.executor, clock: this.clock, logger: this.logger, recording: this.recording, settings: this.settings };
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
    const deadline = startRunDeadline(startedMs, deadlineAt, options.signal);

    await this.prepareCatalogue(deadlineAt);
    const { run, unavailableSources } = this.runContext(
      { config, runId, model, capabilities, signal: deadline.signal, deadlineAt, progress: options.progress },
      instruction,
    );
    const record = runStartRecord({
      runId,
      config,
      trigger: options.trigger,
      parentRunId: options.parentRunId,
      instruction,
      model,
      startedAt: this.clock.now().toISOString(),
    });
    await this.recording.safely('run start', () => this.options.runs?.runStarted({ ...record }));
    this.active.set(runId, { runId, agentName: config.name, capabilities, depth: options.depth ?? 0, deadlineAt, signal: deadline.signal });

    let outcome: RunOutcome & { status: RunStatus };
    try {
      const system = buildSystemPrompt({
        prompt: config.system_prompt,
        agentName: config.name,
        now: this.clock.now(),
        timezone: this.clock.timezone,
        unavailableSources,
        ...(await this.loadMemory(config)),
      });
      const messages: ModelMessage[] = [{ role: 'user', content: buildInstruction(instruction, options.context, options.contextOrigin) }];
      outcome = closeOutcome(await this.loop(client, system, messages, run, maxRounds), run.state, maxRounds, deadlineAt - startedMs);
    } finally {
      deadline.release();
      this.active.delete(runId);
    }

    const result = runResult({ runId, config, model, state: run.state, durationMs: Date.now() - startedMs }, outcome);
    await this.recording.safely('run finish', () => this.options.runs?.runFinished(finishedRecord(record, result, this.clock.now().toISOString())));
    return result;
  }

  /** The run's tools: the catalogue, what this agent may call, and the first request's shortlist. */
  private runContext(
    run: Omit<RunContext, 'permitted' | 'active' | 'catalogue' | 'unavailable' | 'state'>,
    instruction: string,
  ): { run: RunContext; unavailableSources: string[] } {
    const catalogue = new Map(this.options.catalogue.listTools().map((tool) => [tool.name, tool] as const));
    const unavailable = this.options.catalogue.unavailableTools?.() ?? new Map<string, string>();
    const permitted = new Set(this.permittedTools(run.capabilities));
    const { tools: offered, unavailableSources } = this.effectiveTools(run.capabilities);
    const active = new Set(this.firstTools(offered, instruction, run.model));
    return { run: { ...run, permitted, active, catalogue, unavailable, state: newRunState() }, unavailableSources };
  }

  /** Model turns until a final answer, a stop, the deadline or the round limit; `status` stays unset for the last. */
  private async loop(client: ModelClient, system: string, messages: ModelMessage[], run: RunContext, maxRounds: number): Promise<RunOutcome> {
    const detector: LoopDetector = createLoopDetector(this.settings.loop);
    let toolSpecs: ModelToolSpec[] = [];
    let specsFor = -1;
    while (run.state.rounds < maxRounds) {
      if (run.signal.aborted) return { status: 'timeout' };
      if (specsFor !== run.active.size) {
        toolSpecs = [...run.active].map((name) => toolSpec(run.catalogue.get(name) as AnyToolDefinition));
        specsFor = run.active.size;
      }
      const request: ModelRequest = {
        model: run.model,
        system,
        messages,
        max_tokens: run.config.max_tokens,
        temperature: run.config.temperature,
        ...(toolSpecs.length > 0 ? { tools: toolSpecs } : {}),
      };
      const turn = await this.modelTurn(client, request, run);
      if ('failed' in turn) return turn.failed;
      const uses = toolUsesOf(turn.response.content);
      if (turn.response.stop_reason !== 'tool_use' || uses.length === 0) {
        return completedOutcome(turn.response, turn.text, run.config.max_tokens, run.state.warnings);
      }
      messages.push({ role: 'assistant', content: turn.response.content });
      const tools = await runToolTurn(this.tools, uses, run, detector);
      messages.push({ role: 'user', content: tools.results });
      if (tools.stopped) {
        run.state.warnings.push('The run was stopped: the model repeated an identical tool call too many times.');
        return { status: 'loop_detected', stopReason: 'tool_use' };
      }
    }
    return {};
  }

  /** One model request and what it leaves behind: the trace step, the usage, the last text the model wrote. */
  private async modelTurn(
    client: ModelClient,
    request: ModelRequest,
    run: RunContext,
  ): Promise<{ response: ModelResponse; text: string } | { failed: RunOutcome }> {
    const modelStarted = performance.now();
    let response: ModelResponse;
    try {
      response = await callRunModel(client, request, {
        runId: run.runId,
        signal: run.signal,
        deadlineAt: run.deadlineAt,
        retry: this.settings.retry,
        clock: this.clock,
        logger: this.logger,
        recording: this.recording,
      });
    } catch (failure) {
      const failed: RunOutcome =
        failure instanceof ModelDeadlineError ? { status: 'timeout' } : { status: 'error', error: this.describeModelFailure(failure, run.config.name) };
      await this.recording.recordStep(run.runId, run.state, {
        round: run.state.rounds + 1,
        kind: 'model',
        name: run.model,
        ok: false,
        error_code: failed.status === 'timeout' ? 'TIMEOUT' : 'MODEL_ERROR',
        duration_ms: Math.round(performance.now() - modelStarted),
        result_preview: failed.error ?? 'The run reached its deadline while waiting for the model.',
      });
      return { failed };
    }
    run.state.rounds += 1;
    await this.recording.recordStep(run.runId, run.state, {
      round: run.state.rounds,
      kind: 'model',
      name: run.model,
      ok: true,
      stop_reason: response.stop_reason ?? null,
      duration_ms: Math.round(performance.now() - modelStarted),
      input_tokens: response.usage.input_tokens,
      output_tokens: response.usage.output_tokens,
      result_preview: textOf(response.content),
    });
    countUsage(run.state, response.usage);
    const text = textOf(response.content);
    if (text.trim() !== '') run.state.lastText = text;
    return { response, text };
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
}
