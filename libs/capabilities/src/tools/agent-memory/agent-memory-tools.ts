/**
 * Agent and shared memory tools (docs/reference/tool-catalogue.md#agents-and-agent-memory):
 * get/store/clear_agent_memory, store/get_shared_memory. Storage only; the runtime injects an agent's memory into its
 * prompts.
 */
import { z } from 'zod';
import { defineTool, type ToolContext } from '@chief-of-staff/core';
import {
  AGENT_MEMORY_LIST_LIMITS,
  AGENT_MEMORY_TYPES,
  NAMESPACE_PATTERN,
  SHARED_MEMORY_LIST_LIMITS,
  type AgentMemoryRecord,
  type SharedMemoryRecord,
} from '@chief-of-staff/stores';
import { LOCAL_DELETE, LOCAL_READ, LOCAL_UPSERT } from '../memory-common/annotations.js';
import { cursorSchema, limitSchema, listOutputSchema, nameSchema, withWarnings } from '../memory-common/memory-schemas.js';
import { callerName, type MemoryServices } from '../memory-common/memory-services.js';
import { assertNamespaceAccess, resolveAgentScope } from './memory-scope.js';
import { GET_AGENT_MEMORY_EXAMPLES, STORE_AGENT_MEMORY_EXAMPLES, CLEAR_AGENT_MEMORY_EXAMPLES, STORE_SHARED_MEMORY_EXAMPLES, GET_SHARED_MEMORY_EXAMPLES } from './agent-memory-tools.examples.js';

const memoryTypeSchema = z.enum(AGENT_MEMORY_TYPES);
const agentNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .optional()
  .describe('Whose memory: agents default to (and may only use) their own unless they hold agent_memory_admin; other callers must name the agent.');
const namespaceSchema = z
  .string()
  .trim()
  .regex(NAMESPACE_PATTERN, 'must be 1–64 lower-case letters, digits, "_" or "-", starting with a letter or digit.')
  .describe('Shared namespace, e.g. "team-notes". Agents may only use namespaces listed in their config.');

const memorySchema = z.object({
  id: z.number().int(),
  agent_name: z.string(),
  memory_type: memoryTypeSchema,
  key: z.string(),
  value: z.string(),
  confidence: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

const entrySchema = z.object({
  id: z.number().int(),
  namespace: z.string(),
  key: z.string(),
  value: z.string(),
  written_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

function toMemory(memory: AgentMemoryRecord): z.input<typeof memorySchema> {
  return {
    id: memory.id,
    agent_name: memory.agentName,
    memory_type: memory.memoryType,
    key: memory.key,
    value: memory.value,
    confidence: memory.confidence,
    created_at: memory.createdAt,
    updated_at: memory.updatedAt,
  };
}

function toEntry(entry: SharedMemoryRecord): z.input<typeof entrySchema> {
  return {
    id: entry.id,
    namespace: entry.namespace,
    key: entry.key,
    value: entry.value,
    written_by: entry.writtenBy,
    created_at: entry.createdAt,
    updated_at: entry.updatedAt,
  };
}

export const getAgentMemoryTool = defineTool({
  name: 'get_agent_memory',
  examples: GET_AGENT_MEMORY_EXAMPLES,
  title: 'Get agent memory',
  description:
    "Reads an agent's remembered insights, preferences and context, most recently updated first, optionally filtered by type or " +
    'a text query. Agents read their own memory. Example: {"memory_type": "preference", "query": "tone"}.',
  input: z
    .object({
      agent_name: agentNameSchema,
      memory_type: memoryTypeSchema.optional().describe(`Only this type: ${AGENT_MEMORY_TYPES.join(', ')}.`),
      query: z.string().trim().min(1).max(500).optional().describe('Text to find in keys or values (case-insensitive).'),
      limit: limitSchema(AGENT_MEMORY_LIST_LIMITS.defaultLimit, AGENT_MEMORY_LIST_LIMITS.maxLimit, 'entries'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(
    z.object({ memory_type: memoryTypeSchema, key: z.string(), value: z.string(), confidence: z.number(), updated_at: z.string() }),
  ).extend({ agent_name: z.string() }),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const agentName = resolveAgentScope(ctx.caller, args.agent_name);
    const page = await ctx.services.memory.agentMemory.list(
      { agentName, memoryType: args.memory_type, query: args.query },
      { limit: args.limit, cursor: args.cursor },
    );
    return withWarnings(
      {
        agent_name: agentName,
        items: page.items.map((m) => ({ memory_type: m.memoryType, key: m.key, value: m.value, confidence: m.confidence, updated_at: m.updatedAt })),
        next_cursor: page.next_cursor,
        total: page.total,
      },
      page.warnings,
    );
  },
});

export const storeAgentMemoryTool = defineTool({
  name: 'store_agent_memory',
  examples: STORE_AGENT_MEMORY_EXAMPLES,
  title: 'Store agent memory',
  description:
    "Saves something an agent should remember in future runs (it is added to that agent's prompts), replacing the entry with " +
    'the same type and key. Example: {"key": "report_style", "value": "User prefers bullet points", "memory_type": "preference"}.',
  input: z
    .object({
      key: nameSchema('Short name of what is remembered.'),
      value: z.string().trim().min(1).max(10_000).describe('What to remember (≤10,000 characters).'),
      memory_type: memoryTypeSchema.default('insight').describe(`Kind: ${AGENT_MEMORY_TYPES.join(', ')} (default insight).`),
      confidence: z.number().min(0).max(1).default(1).describe('How sure, 0–1 (default 1).'),
      agent_name: agentNameSchema,
    })
    .strict(),
  output: z.object({ memory: memorySchema, created: z.boolean() }),
  annotations: LOCAL_UPSERT,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const agentName = resolveAgentScope(ctx.caller, args.agent_name);
    const { memory, created } = await ctx.services.memory.agentMemory.upsert({
      agentName,
      memoryType: args.memory_type,
      key: args.key,
      value: args.value,
      confidence: args.confidence,
    });
    return { memory: toMemory(memory), created };
  },
});

export const clearAgentMemoryTool = defineTool({
  name: 'clear_agent_memory',
  examples: CLEAR_AGENT_MEMORY_EXAMPLES,
  title: 'Clear agent memory',
  description:
    "Deletes an agent's memory: everything, one type, or one key. Same access rules as get_agent_memory. " +
    'Example: {"agent_name": "researcher", "memory_type": "context"}.',
  input: z
    .object({
      agent_name: agentNameSchema,
      memory_type: memoryTypeSchema.optional().describe('Only this type.'),
      key: nameSchema('Only this key.').optional(),
    })
    .strict(),
  output: z.object({ agent_name: z.string(), deleted_count: z.number().int().min(0) }),
  annotations: LOCAL_DELETE,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    const agentName = resolveAgentScope(ctx.caller, args.agent_name);
    const deleted = await ctx.services.memory.agentMemory.clear({ agentName, memoryType: args.memory_type, key: args.key });
    return { agent_name: agentName, deleted_count: deleted };
  },
});

export const storeSharedMemoryTool = defineTool({
  name: 'store_shared_memory',
  examples: STORE_SHARED_MEMORY_EXAMPLES,
  title: 'Store shared memory',
  description:
    'Writes a key/value entry into a shared namespace that several agents can read, replacing the entry with the same key. ' +
    'Example: {"namespace": "team-notes", "key": "q3_focus", "value": "Retention over acquisition"}.',
  input: z
    .object({
      namespace: namespaceSchema,
      key: nameSchema('Entry name, unique within the namespace.'),
      value: z.string().trim().min(1).max(10_000).describe('The value (≤10,000 characters).'),
    })
    .strict(),
  output: z.object({ entry: entrySchema, created: z.boolean() }),
  annotations: LOCAL_UPSERT,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    assertNamespaceAccess(ctx.caller, args.namespace);
    const { entry, created } = await ctx.services.memory.sharedMemory.upsert({
      namespace: args.namespace,
      key: args.key,
      value: args.value,
      writtenBy: callerName(ctx.caller),
    });
    return { entry: toEntry(entry), created };
  },
});

export const getSharedMemoryTool = defineTool({
  name: 'get_shared_memory',
  examples: GET_SHARED_MEMORY_EXAMPLES,
  title: 'Get shared memory',
  description:
    'Reads the entries of a shared namespace ordered by key, optionally only those whose key or value contains the query. ' +
    'Example: {"namespace": "team-notes"}.',
  input: z
    .object({
      namespace: namespaceSchema,
      query: z.string().trim().min(1).max(500).optional().describe('Text to find in keys or values (case-insensitive).'),
      limit: limitSchema(SHARED_MEMORY_LIST_LIMITS.defaultLimit, SHARED_MEMORY_LIST_LIMITS.maxLimit, 'entries'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(z.object({ key: z.string(), value: z.string(), written_by: z.string(), updated_at: z.string() })),
  annotations: LOCAL_READ,
  latency: 'fast',
  async handler(args, ctx: ToolContext<MemoryServices>) {
    assertNamespaceAccess(ctx.caller, args.namespace);
    const page = await ctx.services.memory.sharedMemory.list({ namespace: args.namespace, query: args.query }, { limit: args.limit, cursor: args.cursor });
    return withWarnings(
      {
        items: page.items.map((e) => ({ key: e.key, value: e.value, written_by: e.writtenBy, updated_at: e.updatedAt })),
        next_cursor: page.next_cursor,
        total: page.total,
      },
      page.warnings,
    );
  },
});

export const agentMemoryTools = [
  getAgentMemoryTool,
  storeAgentMemoryTool,
  clearAgentMemoryTool,
  storeSharedMemoryTool,
  getSharedMemoryTool,
] as const;
