/**
 * The runtime bounds an `AgentRunner` works within, derived from the configuration
 * (docs/reference/conventions.md#configuration).
 */
import type { CosConfig } from '@chief-of-staff/core';
import type { ModelTier } from '../config/agent-config-schema.js';
import { DEFAULT_LOOP_SETTINGS, type LoopDetectorSettings } from './loop-detector.js';
import { DEFAULT_MODEL_RETRY, type ModelRetrySettings } from './model-retry.js';

export interface AgentRuntimeSettings {
  models: { tiers: Readonly<Record<ModelTier, string>>; defaultTier: ModelTier };
  maxRounds: number;
  timeoutSeconds: number;
  toolResultMaxChars: number;
  maxDepth: number;
  retry: ModelRetrySettings;
  loop: LoopDetectorSettings;
  /** The user's IANA time zone, for the runtime context. */
  timezone: string;
}

export const DEFAULT_RUNTIME_SETTINGS: Readonly<AgentRuntimeSettings> = Object.freeze<AgentRuntimeSettings>({
  models: { tiers: { haiku: 'claude-haiku-4-5', sonnet: 'claude-sonnet-4-6', opus: 'claude-opus-4-6' }, defaultTier: 'sonnet' },
  maxRounds: 25,
  timeoutSeconds: 60,
  toolResultMaxChars: 10_000,
  maxDepth: 2,
  retry: DEFAULT_MODEL_RETRY,
  loop: DEFAULT_LOOP_SETTINGS,
  timezone: 'UTC',
});

export function runtimeSettingsFromConfig(config: CosConfig): AgentRuntimeSettings {
  return {
    models: { tiers: config.models.tiers, defaultTier: config.models.defaultTier },
    maxRounds: config.agents.maxRounds,
    timeoutSeconds: config.agents.timeoutSeconds,
    toolResultMaxChars: config.agents.toolResultMaxChars,
    maxDepth: config.agents.maxDepth,
    retry: { ...config.agents.retry },
    loop: { warnAt: config.loop.warnAt, stopAt: config.loop.stopAt, exemptTools: [...config.loop.exemptTools] },
    // Read when an agent runs: resolving the system zone costs ~15–20 ms that other commands never need.
    get timezone() {
      return config.timezone;
    },
  };
}
