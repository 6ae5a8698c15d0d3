/**
 * Orchestration feature flags and limits from `orchestration.*` in the config file or `COS_ORCHESTRATION_<FLAG>` in
 * the environment (`scoring`, `shortlist`, `maxTools`, `minScore`). Keys are matched without regard to case or
 * underscores, so `COS_ORCHESTRATION_MAXTOOLS=8` and `orchestration: {maxTools: 8}` mean the same.
 */
import type { CosConfig } from '@chief-of-staff/core';
import { DEFAULT_MAX_TOOLS, DEFAULT_MIN_SCORE } from '@chief-of-staff/orchestration';

export interface OrchestrationSettings {
  scoring: boolean;
  shortlist: boolean;
  maxTools: number;
  /** Shortlist sizes for particular model ids (`orchestration.maxToolsByModel`), e.g. 4 for a small local model. */
  maxToolsByModel: Readonly<Record<string, number>>;
  minScore: number;
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
  };
}
