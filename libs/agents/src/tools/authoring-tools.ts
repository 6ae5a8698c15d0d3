/**
 * create_agent, update_agent and delete_agent (docs/reference/tool-catalogue.md#agents-and-agent-memory): validated,
 * atomic, and never widening permissions.
 */
import { z } from 'zod';
import { defineTool, ToolError, type ToolContext } from '@chief-of-staff/core';
import { validateCapabilities } from '@chief-of-staff/capabilities';
import { NAMESPACE_PATTERN, type AgentConfigInput } from '../config/agent-config-schema.js';
import { assertAgentName } from '../registry/agent-registry.js';
import {
  agentView,
  agentViewSchema,
  assertCallerHolds,
  createdBy,
  DELETE,
  OPEN_WORLD_ACTION,
  UPSERT,
  type AgentToolServices,
} from './tool-support.js';
import { CREATE_AGENT_EXAMPLES, UPDATE_AGENT_EXAMPLES, DELETE_AGENT_EXAMPLES } from './authoring-tools.examples.js';

const namespaceList = z
  .array(z.string().regex(NAMESPACE_PATTERN, { message: 'must match ^[a-z0-9][a-z0-9_-]{0,63}$' }))
  .max(10);

export const createAgentTool = defineTool({
  name: 'create_agent',
  examples: CREATE_AGENT_EXAMPLES,
  title: 'Create agent',
  description:
    'Creates a new specialist agent. Give system_prompt and capabilities (and name) to define it exactly; give only ' +
    'a description to have it designed for you with least-privilege capabilities. Existing names are refused unless ' +
    'overwrite=true. Example: {"description": "Tracks vendor contracts and renewal dates"}.',
  input: z
    .object({
      description: z.string().trim().min(1).max(500).describe('What the agent is for (1–500 characters)'),
      name: z.string().trim().min(1).max(64).optional().describe('Agent name: lower-case letters, digits, _ and -'),
      system_prompt: z.string().min(1).max(50_000).optional().describe('Full system prompt (explicit mode)'),
      capabilities: z.array(z.string()).max(64).optional().describe('Capabilities granting its tools (explicit mode)'),
      model: z.string().trim().min(1).max(200).optional().describe('haiku, sonnet, opus or a full model id'),
      temperature: z.number().min(0).max(1).optional().describe('Sampling temperature 0–1 (default 0.3)'),
      max_tokens: z.number().int().min(1).max(32_000).optional().describe('Maximum tokens per model reply (default 4096)'),
      namespaces: namespaceList.optional().describe('Shared-memory namespaces it may use (≤10)'),
      allow_restricted: z.array(z.string()).max(20).optional().describe('Restricted capabilities the designer may keep'),
      overwrite: z.boolean().default(false).describe('Replace an existing agent of that name (a built-in becomes an override)'),
    })
    .strict(),
  output: z.object({
    agent: agentViewSchema,
    created_via: z.enum(['explicit', 'factory']),
    warnings: z.array(z.string()),
  }),
  annotations: OPEN_WORLD_ACTION,
  latency: 'medium',
  handler: async (input, ctx: ToolContext<AgentToolServices>) => {
    const { registry, factory, clock } = ctx.services.agents;
    const explicit = input.system_prompt !== undefined && input.capabilities !== undefined;
    if (explicit) {
      if (input.name === undefined) {
        throw ToolError.invalidArgument('name', 'is required when system_prompt and capabilities are given', 'An agent name such as vendor_contracts.');
      }
      assertAgentName(input.name);
      const capabilities = validateCapabilities(input.capabilities ?? []);
      assertCallerHolds(ctx.caller, capabilities);
      const config: AgentConfigInput = {
        name: input.name,
        description: input.description,
        system_prompt: input.system_prompt as string,
        capabilities,
        ...(input.model === undefined ? {} : { model: input.model }),
        ...(input.temperature === undefined ? {} : { temperature: input.temperature }),
        ...(input.max_tokens === undefined ? {} : { max_tokens: input.max_tokens }),
        ...(input.namespaces === undefined ? {} : { namespaces: input.namespaces }),
        created_by: createdBy(ctx.caller),
        created_at: clock.now().toISOString(),
      };
      const entry = registry.save(config, { overwrite: input.overwrite, overrideBuiltin: input.overwrite });
      return { agent: agentView(entry), created_via: 'explicit' as const, warnings: [] };
    }
    const allowRestricted = input.allow_restricted === undefined ? undefined : validateCapabilities(input.allow_restricted, 'allow_restricted');
    if (allowRestricted !== undefined) assertCallerHolds(ctx.caller, allowRestricted);
    const { agent, warnings } = await factory.create({
      description: input.description,
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(allowRestricted === undefined ? {} : { allowRestricted }),
      overwrite: input.overwrite,
      ...(ctx.caller.kind === 'agent' ? { callerCapabilities: ctx.caller.capabilities ?? [] } : {}),
      signal: ctx.signal,
    });
    const notes = input.system_prompt !== undefined || input.capabilities !== undefined
      ? ['Both system_prompt and capabilities are needed for an explicit definition; the agent was designed from the description.']
      : [];
    return { agent: agentView(agent), created_via: 'factory' as const, warnings: [...notes, ...warnings] };
  },
});

export const updateAgentTool = defineTool({
  name: 'update_agent',
  examples: UPDATE_AGENT_EXAMPLES,
  title: 'Update agent',
  description:
    "Changes some fields of an existing agent; everything is validated again and written atomically. A built-in agent " +
    'needs override=true, which saves your own copy in place of the built-in. ' +
    'Example: {"name": "weekly_planner", "temperature": 0.2}.',
  input: z
    .object({
      name: z.string().trim().min(1).max(64).describe('Agent to change'),
      description: z.string().trim().min(1).max(500).optional().describe('New description'),
      system_prompt: z.string().min(1).max(50_000).optional().describe('New system prompt'),
      capabilities: z.array(z.string()).max(64).optional().describe('New capability list (replaces the old one)'),
      model: z.string().trim().min(1).max(200).optional().describe('haiku, sonnet, opus or a full model id'),
      temperature: z.number().min(0).max(1).optional().describe('Sampling temperature 0–1'),
      max_tokens: z.number().int().min(1).max(32_000).optional().describe('Maximum tokens per model reply'),
      namespaces: namespaceList.optional().describe('Shared-memory namespaces (replaces the old list)'),
      override: z.boolean().default(false).describe('Required to change a built-in agent (writes an override copy)'),
    })
    .strict(),
  output: z.object({ agent: agentViewSchema, origin: z.enum(['builtin', 'user', 'override']) }),
  annotations: UPSERT,
  latency: 'fast',
  handler: async (input, ctx: ToolContext<AgentToolServices>) => {
    const { registry } = ctx.services.agents;
    const entry = registry.require(input.name);
    // The agent that results must not exercise anything an agent caller lacks (docs/security.md#capabilities).
    const capabilities = input.capabilities === undefined ? entry.config.capabilities : validateCapabilities(input.capabilities);
    assertCallerHolds(ctx.caller, capabilities);
    const { name: _name, override, ...changes } = input;
    const next: AgentConfigInput = { ...entry.config };
    for (const [key, value] of Object.entries(changes)) {
      if (value !== undefined) (next as Record<string, unknown>)[key] = value;
    }
    const saved = registry.save(next, { overwrite: true, overrideBuiltin: override });
    return { agent: agentView(saved), origin: saved.origin };
  },
});

export const deleteAgentTool = defineTool({
  name: 'delete_agent',
  examples: DELETE_AGENT_EXAMPLES,
  title: 'Delete agent',
  description:
    'Deletes a user agent, or removes an override so the built-in comes back. Built-in agents cannot be deleted. ' +
    'Example: {"name": "vendor_contracts"}.',
  input: z.object({ name: z.string().trim().min(1).max(64).describe('Agent to delete') }).strict(),
  output: z.object({ deleted: z.literal(true), name: z.string(), restored_builtin: z.boolean() }),
  annotations: DELETE,
  latency: 'fast',
  handler: async (input, ctx: ToolContext<AgentToolServices>) => ctx.services.agents.registry.delete(input.name),
});
