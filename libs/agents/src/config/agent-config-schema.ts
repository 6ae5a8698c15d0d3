/**
 * The agent configuration (docs/reference/agents.md#registry): one YAML file per agent. The schema validates every
 * field, including the capability list against the capability registry, so a config that loads is a config that can
 * run.
 */
import { z } from 'zod';
import { isToolError } from '@chief-of-staff/core';
import { validateCapabilities } from '@chief-of-staff/capabilities';

/** Agent names: also the file stem, so the rule keeps names safe as paths. */
export const AGENT_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;
export const AGENT_NAME_MAX_LENGTH = 64;
/** Shared-memory namespace names (same rule as store_shared_memory). */
export const NAMESPACE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const MODEL_TIERS = ['haiku', 'sonnet', 'opus'] as const;
export type ModelTier = (typeof MODEL_TIERS)[number];
const MODEL_ID_PATTERN = /^[A-Za-z0-9._:/-]+$/;

export const AGENT_DEFAULTS = Object.freeze({ temperature: 0.3, max_tokens: 4096 });

export function isModelTier(value: string): value is ModelTier {
  return (MODEL_TIERS as readonly string[]).includes(value);
}

/** True for a valid agent name (pattern and length). */
export function isValidAgentName(name: string): boolean {
  return name.length <= AGENT_NAME_MAX_LENGTH && AGENT_NAME_PATTERN.test(name);
}

export const agentNameSchema = z
  .string()
  .max(AGENT_NAME_MAX_LENGTH, { message: `must be at most ${AGENT_NAME_MAX_LENGTH} characters` })
  .regex(AGENT_NAME_PATTERN, {
    message: 'must match ^[a-z0-9][a-z0-9_-]*$ (lower-case letters, digits, "_" and "-", starting with a letter or digit)',
  });

/**
 * A tier word or an explicit model id. A bare lower-case word that is not a tier ("sonet") is a typo, not a
 * model id, and is rejected rather than silently sent to the API.
 */
export const agentModelSchema = z
  .string()
  .trim()
  .min(1)
  .superRefine((value, ctx) => {
    if (isModelTier(value)) return;
    if (/^[a-z]+$/.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown model tier "${value}"; use haiku, sonnet or opus, or a full model id such as claude-sonnet-4-6`,
      });
    } else if (!MODEL_ID_PATTERN.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'must be a tier (haiku, sonnet, opus) or a model id matching ^[A-Za-z0-9._:/-]+$' });
    }
  });

const capabilityListSchema = z
  .array(z.string())
  .default([])
  .transform((list, ctx) => {
    try {
      return validateCapabilities(list);
    } catch (error) {
      if (!isToolError(error)) throw error;
      // The error message already names the field; keep only what follows the field prefix.
      ctx.addIssue({ code: 'custom', message: error.message.replace(/^capabilities: /, '') });
      return z.NEVER;
    }
  });

export const agentConfigSchema = z.object({
  name: agentNameSchema,
  description: z.string().trim().min(1).max(500),
  system_prompt: z
    .string()
    .max(50_000)
    .refine((value) => value.trim() !== '', { message: 'must not be empty' }),
  capabilities: capabilityListSchema,
  model: agentModelSchema.optional(),
  temperature: z.number().min(0).max(1).default(AGENT_DEFAULTS.temperature),
  max_tokens: z.number().int().min(1).max(32_000).default(AGENT_DEFAULTS.max_tokens),
  namespaces: z
    .array(z.string().regex(NAMESPACE_PATTERN, { message: 'must match ^[a-z0-9][a-z0-9_-]{0,63}$' }))
    .max(10)
    .default([]),
  timeout_seconds: z.number().int().min(1).max(600).optional(),
  max_rounds: z.number().int().min(1).max(50).optional(),
  created_by: z.string().min(1).max(200).optional(),
  created_at: z.string().min(1).max(40).optional(),
});

/** A validated agent configuration with defaults applied. */
export type AgentConfig = z.output<typeof agentConfigSchema>;
/** An agent configuration as written (defaults optional). */
export type AgentConfigInput = z.input<typeof agentConfigSchema>;

/** Keys of the config file format, in the order they are written. */
export const AGENT_CONFIG_KEYS: readonly string[] = Object.freeze(Object.keys(agentConfigSchema.shape));

/** Resolves an agent's `model` (tier, explicit id or absent) to the model id sent to the API. */
export function resolveModelId(
  model: string | undefined,
  models: { tiers: Readonly<Record<ModelTier, string>>; defaultTier: ModelTier },
): string {
  const chosen = model ?? models.defaultTier;
  return isModelTier(chosen) ? models.tiers[chosen] : chosen;
}
