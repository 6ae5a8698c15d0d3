/**
 * JSON Schema export of tool schemas, for the Anthropic API (`input_schema`), MCP clients and generated docs.
 */
import { z } from 'zod';
import type { AnyToolDefinition } from './tool-definition.js';

export type JsonSchema = Record<string, unknown>;

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** The schema a caller's arguments must match (defaults optional, as a caller writes them). */
export function toolInputJsonSchema(tool: AnyToolDefinition): JsonSchema {
  const json = toJsonSchema(tool.input, 'input');
  // The Anthropic API and MCP both require an object schema at the top level.
  if (json.type !== 'object') return { type: 'object', properties: {}, ...json };
  return json;
}

/** The schema of a successful result. */
export function toolOutputJsonSchema(tool: AnyToolDefinition): JsonSchema {
  return toJsonSchema(tool.output, 'output');
}
