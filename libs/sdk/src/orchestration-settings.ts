/**
 * Orchestration feature flags and limits from `orchestration.*` in the config file or `COS_ORCHESTRATION_<FLAG>` in
 * the environment (`scoring`, `shortlist`, `maxTools`, `minScore`, `fallback`, `progress`, `summarize`,
 * `reexportExternal`, `breakerThreshold`, `breakerHalfOpenMs`, `semantic`). Keys are matched without regard to case or
 * underscores, so `COS_ORCHESTRATION_MAXTOOLS=8` and `orchestration: {maxTools: 8}` mean the same.
 */
import type { CosConfig } from '@chief-of-staff/core';
import { DEFAULT_BREAKER_SETTINGS, DEFAULT_MAX_TOOLS, DEFAULT_MIN_SCORE } from '@chief-of-staff/orchestration';

export interface OrchestrationSettings {
  scoring: boolean;
  shortlist: boolean;
  maxTools: number;
  /** Shortlist sizes for particular model ids (`orchestration.maxToolsByModel`), e.g. 4 for a small local model. */
  maxToolsByModel: Readonly<Record<string, number>>;
  minScore: number;
  /** Cascade to the next tool of a chain on failure; off = a single attempt. */
  fallback: boolean;
  /** Progress messages for calls that outlast their feedback delay. */
  progress: boolean;
  /** Summarise oversized answers of tools that ask for it (otherwise they are truncated). */
  summarize: boolean;
  /** Serve external servers' tools from this MCP server too. */
  reexportExternal: boolean;
  /** Consecutive failures that open a tool's or server's breaker. */
  breakerThreshold: number;
  /** How long an open breaker waits before a trial call. */
  breakerHalfOpenMs: number;
  /** Rank tools by meaning too: serving processes embed the tool descriptions in the background (off = by words only). */
  semantic: boolean;
}

type SettingValue = boolean | number | string | Readonly<Record<string, number>> | undefined;

function lookup(config: CosConfig, env: NodeJS.ProcessEnv, name: string): SettingValue {
  const wanted = name.toLowerCase();
  const fromEnv = Object.entries(env).find(([key]) => key.toLowerCase().replace(/_/g, '') === `cosorchestration${wanted}`)?.[1];
  if (fromEnv !== undefined) return fromEnv;
  return Object.entries(config.orchestration).find(([key]) => key.toLowerCase().replace(/_/g, '') === wanted)?.[1];
}

function flag(value: SettingValue, fallback: boolean): boolean {
  if (value === undefined || typeof value === 'object') return fallback;
  if (typeof value === 'boolean') return value;
  return !['0', 'false', 'off', 'no'].includes(String(value).trim().toLowerCase());
}

function number(value: SettingValue, fallback: number, min: number, max: number): number {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? Math.min(max, Math.max(min, parsed)) : fallback;
}

function byModel(value: SettingValue): Readonly<Record<string, number>> {
  return typeof value === 'object' ? value : {};
}

export function orchestrationSettings(config: CosConfig, env: NodeJS.ProcessEnv = process.env): OrchestrationSettings {
  return {
    scoring: flag(lookup(config, env, 'scoring'), true),
    shortlist: flag(lookup(config, env, 'shortlist'), true),
    maxTools: Math.round(number(lookup(config, env, 'maxtools'), DEFAULT_MAX_TOOLS, 1, 128)),
    maxToolsByModel: byModel(lookup(config, env, 'maxtoolsbymodel')),
    minScore: number(lookup(config, env, 'minscore'), DEFAULT_MIN_SCORE, 0, 1),
    fallback: flag(lookup(config, env, 'fallback'), true),
    progress: flag(lookup(config, env, 'progress'), true),
    summarize: flag(lookup(config, env, 'summarize'), false),
    reexportExternal: flag(lookup(config, env, 'reexportexternal'), false),
    breakerThreshold: Math.round(number(lookup(config, env, 'breakerthreshold'), DEFAULT_BREAKER_SETTINGS.threshold, 1, 1_000)),
    breakerHalfOpenMs: Math.round(number(lookup(config, env, 'breakerhalfopenms'), DEFAULT_BREAKER_SETTINGS.halfOpenAfterMs, 10, 3_600_000)),
    semantic: flag(lookup(config, env, 'semantic'), true),
  };
}
