/**
 * Shared pieces of the agent tools: the services they need, annotation presets, list paging (limit clamping,
 * opaque cursors bound to the filters) and the public view of an agent.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { isPersonCaller, ToolError, type ToolAnnotations, type ToolCaller } from '@chief-of-staff/core';
import type { AgentEntry } from '../registry/agent-registry.js';
import type { AgentsService } from '../service/agents-service.js';

/** What every agent tool finds in `ctx.services`. */
export interface AgentToolServices {
  agents: AgentsService;
}

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
export const UPSERT: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
export const DELETE: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
/** Agent runs and model-backed creation: new work each call, reaching the model API. */
export const OPEN_WORLD_ACTION: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

export const agentViewSchema = z.object({
  name: z.string(),
  description: z.string(),
  system_prompt: z.string(),
  capabilities: z.array(z.string()),
  model: z.string().optional(),
  temperature: z.number(),
  max_tokens: z.number(),
  namespaces: z.array(z.string()),
  timeout_seconds: z.number().optional(),
  max_rounds: z.number().optional(),
  created_by: z.string().optional(),
  created_at: z.string().optional(),
  origin: z.enum(['builtin', 'user', 'override']),
});
export type AgentView = z.infer<typeof agentViewSchema>;

export const problemSchema = z.object({ file: z.string(), severity: z.enum(['error', 'warning']), error: z.string() });

export function agentView(entry: AgentEntry): AgentView {
  return { ...entry.config, origin: entry.origin };
}

/**
 * `user` for people, `agent:<name>` for agents, the caller kind otherwise (`created_by` in
 * docs/reference/agents.md#agent-factory).
 */
export function createdBy(caller: ToolCaller): string {
  if (caller.kind === 'agent') return `agent:${caller.agentName ?? 'unknown'}`;
  return isPersonCaller(caller) ? 'user' : caller.kind;
}

/** An agent caller may not hand out capabilities it does not hold itself (docs/security.md#capabilities). */
export function assertCallerHolds(caller: ToolCaller, capabilities: readonly string[]): void {
  if (caller.kind !== 'agent') return;
  const held = caller.capabilities ?? [];
  const missing = capabilities.filter((capability) => !held.includes(capability));
  if (missing.length > 0) {
    throw new ToolError('PERMISSION_DENIED', `An agent cannot grant capabilities it does not hold: ${missing.join(', ')}.`, {
      details: { missing },
    });
  }
}

export function clampLimit(limit: number | undefined, fallback: number, max: number, warnings: string[]): number {
  if (limit === undefined) return fallback;
  if (limit < 1) throw ToolError.invalidArgument('limit', `must be at least 1 (got ${limit})`, `Use 1–${max}.`);
  if (limit > max) {
    warnings.push(`limit clamped to ${max}`);
    return max;
  }
  return limit;
}

function filterKey(filters: unknown): string {
  return createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 16);
}

export function encodeCursor(after: string, filters: unknown): string {
  return Buffer.from(JSON.stringify({ a: after, f: filterKey(filters) })).toString('base64url');
}

/** The name to continue after; INVALID_ARGUMENT for a malformed cursor or one made for other filters. */
export function decodeCursor(cursor: string | undefined, filters: unknown): string | undefined {
  if (cursor === undefined) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const value = decoded as { a?: unknown; f?: unknown } | undefined;
  if (typeof value?.a !== 'string' || typeof value.f !== 'string') {
    throw ToolError.invalidArgument('cursor', 'is not a cursor returned by this tool', 'Pass next_cursor from the previous page, or omit it.');
  }
  if (value.f !== filterKey(filters)) {
    throw ToolError.invalidArgument('cursor', 'was issued for different filters', 'Repeat the same filters, or start again without a cursor.');
  }
  return value.a;
}
