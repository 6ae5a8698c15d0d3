/**
 * The metadata orchestration keeps for every catalogue tool: how important it is, which tools stand in for it when
 * it fails, how long and how large its answers usually are, which words in a request point to it, and how to call
 * it. Scoring and shortlists read the intent and priority fields; the executor reads latency, hierarchy and
 * response; tool descriptions show the parameter hints. Internal tools declare theirs beside their definitions (or
 * inherit their domain's), external tools start from the defaults below, config overrides either, and learned
 * statistics refine latency and size.
 */
import type { LatencyTier } from '@chief-of-staff/core';

/** Where a tool comes from: `internal`, or the name of the external MCP server that serves it. */
export type ToolServer = 'internal' | (string & {});

export interface ToolLatencyExpectation {
  /** Usual duration in ms; learned as the p50 of recent successful calls once there are enough samples. */
  typicalMs: number;
  /** Hard limit for one attempt in ms; never learned. */
  timeoutMs: number;
  /** After this many ms without an answer the caller is told what is happening. */
  userFeedbackDelayMs: number;
}

export interface ToolResponseExpectation {
  /** Usual answer size in tokens (characters / 4). */
  typicalTokens: number;
  /** Answers larger than this are shortened (or summarised when allowed). */
  maxTokens: number;
  /** Whether the answer is structured JSON (shortened structurally) or free text (cut with a marker). */
  structured: boolean;
  /** Large answers are worth a cheap summary rather than a cut. */
  requiresSummarization: boolean;
}

export interface ToolIntentSignal {
  /** English and Hebrew keywords or phrases; a trailing `*` matches as a prefix. */
  keywords: readonly string[];
  /** 0–100: how strongly a match points to this tool. */
  weight: number;
  /** Tools sharing an exclusive intent (e.g. `official_data`) crowd out everything outside their chain. */
  exclusiveIntent?: string;
}

export interface ToolParameterHints {
  required: readonly string[];
  optional: readonly string[];
  /** Complete example argument objects, shown in descriptions and in guidance after a validation failure. */
  examples: readonly Record<string, unknown>[];
}

export interface ToolIntelligence {
  /** Catalogue name (external tools: `<server>__<tool>`). */
  name: string;
  server: ToolServer;
  /** Domain the tool belongs to (memory, calendar, mail, web_research, …); chains and keyword seeds hang off it. */
  domain: string;
  /** Regular expressions (source text, case-insensitive) that signal this tool; a match counts as intent ≥ 0.6. */
  patterns: readonly string[];
  /** 0–100, higher is preferred. */
  priority: number;
  /** Ordered fallback chain this tool heads (catalogue names, primary excluded); empty when nothing stands in. */
  hierarchy: readonly string[];
  /** Tools dropped from a shortlist when this one is kept. */
  conflictsWith: readonly string[];
  latency: ToolLatencyExpectation;
  response: ToolResponseExpectation;
  intentSignals: readonly ToolIntentSignal[];
  /**
   * Requests people make of the tool, in their own words (built-in tools ship some; an external tool's come from its
   * server's `toolOverrides`). They are matched as nearest neighbours of the request's vector and indexed beside the
   * tool's description, so a request phrased nothing like the description still finds the tool.
   */
  examples?: readonly string[];
  parameterHints: ToolParameterHints;
  /** Verb for progress text: "<verb> with <tool title>…". */
  progressVerb: string;
}

/** The latency tier of a typical duration: fast < 3 s ≤ medium < 15 s ≤ slow < 120 s ≤ very_slow. */
export function latencyTierOf(typicalMs: number): LatencyTier {
  if (typicalMs < 3_000) return 'fast';
  if (typicalMs < 15_000) return 'medium';
  if (typicalMs < 120_000) return 'slow';
  return 'very_slow';
}

/** Defaults for a tool defined in this process. */
export const INTERNAL_TOOL_DEFAULTS = {
  priority: 50,
  latency: { typicalMs: 200, timeoutMs: 30_000, userFeedbackDelayMs: 1_500 },
  response: { typicalTokens: 300, maxTokens: 25_000, structured: true, requiresSummarization: false },
} as const satisfies { priority: number; latency: ToolLatencyExpectation; response: ToolResponseExpectation };

/** Defaults for a tool served by an external MCP server, until config or learning says otherwise. */
export const EXTERNAL_TOOL_DEFAULTS = {
  priority: 50,
  latency: { typicalMs: 5_000, timeoutMs: 60_000, userFeedbackDelayMs: 1_000 },
  response: { typicalTokens: 1_500, maxTokens: 6_000, structured: false, requiresSummarization: false },
} as const satisfies { priority: number; latency: ToolLatencyExpectation; response: ToolResponseExpectation };

/** Learned figures for one tool (from the usage log, through a port: orchestration never reads the stores). */
export interface LearnedToolStatistics {
  samples: number;
  p50DurationMs: number;
  p95DurationMs: number;
  p50ResponseBytes: number;
  p95ResponseBytes: number;
}

/** The port through which learned statistics arrive (the sdk implements it over the usage log). */
export interface ToolStatisticsSource {
  /**
   * One tool's figures over the recent window, undefined without successful calls. Asked when the registry first
   * builds that tool's entry, so a direct call reads only its own tool's figures.
   */
  learnedStatistics(toolName: string): LearnedToolStatistics | undefined;
  /**
   * False while the tool's figures are still being read (a source over an asynchronous store): the registry builds
   * the entry without them and applies them the first time it is asked for the tool once they are in. Without this
   * method the figures are taken as always at hand.
   */
  ready?(toolName: string): boolean;
}

/** Read access to the registry, as the scorer, the shortlist and the executor need it. */
export interface ToolIntelligenceLookup {
  get(name: string): ToolIntelligence | undefined;
  list(): readonly ToolIntelligence[];
}
