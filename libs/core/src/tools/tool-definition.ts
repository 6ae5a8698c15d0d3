/**
 * The Tool contract (docs/reference/architecture.md#the-tool-contract,
 * docs/reference/conventions.md#one-definition-per-tool): every tool is defined once with `defineTool` and used
 * unchanged by the MCP server, the agent runtime, the CLI, the scheduler and embedders.
 */
import type { z } from 'zod';
import type { Clock } from '../clock/clock.js';
import type { Logger } from '../logging/logger.js';

/** A tool name: lower-case letters, digits and underscores, 1–64 characters. */
export const TOOL_NAME_PATTERN = /^[a-z0-9_]{1,64}$/;

/** All four MCP annotation hints, always set explicitly (docs/reference/conventions.md#annotations). */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/**
 * Words and phrases that point to one tool rather than to the rest of its domain ("how many" is the unread count, not
 * the mailbox; "every morning" a new scheduled task), in English and in Hebrew, written naturally (matching
 * normalises both sides; a trailing `*` matches as a prefix).
 */
export interface ToolKeywords {
  /** 0–100: how strongly one of them points to this tool; above its domain's own keywords to tell it apart. */
  readonly weight: number;
  readonly en: readonly string[];
  readonly he: readonly string[];
}

/**
 * Requests people make of a tool, in their own words, in English and in Hebrew. Tool selection matches a request
 * against them (its index and, for the English ones, sentence vectors); a tool without them (an external server's)
 * is found by its name, title, description and parameters alone.
 */
export interface ToolExamples {
  readonly en: readonly string[];
  readonly he: readonly string[];
  /** The tool's own keywords, for a tool that people's words single out within its domain; most tools need none. */
  readonly keywords?: ToolKeywords;
}

/** How long a tool usually takes; orchestration uses it for budgets and shortlists. */
export type LatencyTier = 'fast' | 'medium' | 'slow' | 'very_slow';

/** `console`: the local web console (`cos ui`), where the person signed in acts through the same tool calls. */
export type CallerKind = 'host' | 'agent' | 'scheduler' | 'webhook' | 'cli' | 'console';

/**
 * True when the person themself is calling (an MCP host, the CLI or the web console), not an agent or an unattended
 * caller: what send gating, `created_by` and the user-only tools decide from.
 */
export function isPersonCaller(caller: Pick<ToolCaller, 'kind'>): boolean {
  return caller.kind === 'host' || caller.kind === 'cli' || caller.kind === 'console';
}

/** Who is calling. Caller-dependent behaviour (send gating, memory isolation) is decided from this. */
export interface ToolCaller {
  kind: CallerKind;
  agentName?: string;
  runId?: string;
  capabilities?: readonly string[];
  /** Shared-memory namespaces an agent caller may use (its config `namespaces`); absent = none. */
  namespaces?: readonly string[];
  /**
   * Who signed in, on a surface that signs people in (MCP over HTTP, ADR 0074); absent elsewhere (stdio, the CLI,
   * the worker), where the one person of the data directory is the caller. Repositories are not scoped by it yet.
   */
  principal?: ToolPrincipal;
}

/**
 * The person behind a call: the server's `owner` (its own bearer token), or a `user` of `cos users` signed in with a
 * personal access token or an OpenID Connect access token.
 */
export type ToolPrincipal =
  | { kind: 'owner' }
  | { kind: 'user'; userId: number; email: string; via: 'access_token' | 'oidc' };

export type ProgressReporter = (message: string, fraction?: number) => void;

/** What a handler receives besides its input. `TServices` are the stores and providers it needs. */
export interface ToolContext<TServices = unknown> {
  services: TServices;
  clock: Clock;
  logger: Logger;
  signal: AbortSignal;
  progress: ProgressReporter;
  caller: ToolCaller;
}

export interface ToolDefinition<
  TInput extends z.ZodType = z.ZodType,
  TOutput extends z.ZodType = z.ZodType,
  TServices = unknown,
> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: TInput;
  /**
   * The input's JSON Schema as the tool's source declares it (an external server's `tools/list`), listed as is instead
   * of being converted from `input`; `input` may then be built on first use (a getter).
   */
  readonly inputJsonSchema?: Readonly<Record<string, unknown>>;
  readonly output: TOutput;
  readonly annotations: ToolAnnotations;
  readonly latency: LatencyTier;
  /** How people ask for the tool, and its own keywords (a built-in tool's, in `<tool file>.examples.ts` beside it). */
  readonly examples?: ToolExamples;
  /** Method syntax on purpose: it lets definitions with different service needs share one catalogue type. */
  handler(input: z.output<TInput>, ctx: ToolContext<TServices>): Promise<z.input<TOutput>>;
}

/** Any tool definition, whatever its schemas and services. */
export type AnyToolDefinition = ToolDefinition<z.ZodType, z.ZodType, never>;

/**
 * Declares a tool. Validates the name and the annotations at definition time so a malformed tool fails at
 * start-up, not at its first call.
 */
export function defineTool<TInput extends z.ZodType, TOutput extends z.ZodType, TServices = unknown>(
  definition: ToolDefinition<TInput, TOutput, TServices>,
): ToolDefinition<TInput, TOutput, TServices> {
  if (!TOOL_NAME_PATTERN.test(definition.name)) {
    throw new TypeError(
      `Invalid tool name "${definition.name}": use 1–64 lower-case letters, digits or underscores.`,
    );
  }
  for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
    if (typeof definition.annotations?.[hint] !== 'boolean') {
      throw new TypeError(`Tool "${definition.name}" must set annotations.${hint} explicitly.`);
    }
  }
  if (definition.title.trim() === '' || definition.description.trim() === '') {
    throw new TypeError(`Tool "${definition.name}" needs a title and a description.`);
  }
  // Copied by descriptor, not spread: a definition may compute a costly part on first use (an external tool's input
  // schema), and a spread would compute it here.
  return Object.freeze(Object.defineProperties({}, Object.getOwnPropertyDescriptors(definition)) as ToolDefinition<TInput, TOutput, TServices>);
}
