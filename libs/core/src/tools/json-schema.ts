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

/** A schema as its source declared it, without the dialect tag (every schema listed here is read as draft 2020-12). */
function declaredSchema(declared: Readonly<Record<string, unknown>>): JsonSchema {
  const { $schema: _dialect, ...json } = declared;
  return json;
}

// Converting a zod schema costs about a millisecond; the tool list, the intelligence registry and validation errors
// all ask for the same definitions, so each is converted once. Callers must not mutate what they get.
const inputSchemas = new WeakMap<AnyToolDefinition, JsonSchema>();
// By schema, not by tool: every external tool shares one result schema, and a server of 2,000 tools converted it
// 2,000 times on the first listing.
const outputSchemas = new WeakMap<z.ZodType, JsonSchema>();

/** The schema a caller's arguments must match (defaults optional, as a caller writes them). */
export function toolInputJsonSchema(tool: AnyToolDefinition): JsonSchema {
  let schema = inputSchemas.get(tool);
  if (!schema) {
    const json = tool.inputJsonSchema ? declaredSchema(tool.inputJsonSchema) : toJsonSchema(tool.input, 'input');
    // The Anthropic API and MCP both require an object schema at the top level.
    schema = json.type !== 'object' ? { type: 'object', properties: {}, ...json } : json;
    inputSchemas.set(tool, schema);
  }
  return schema;
}

/** The schema of a successful result. */
export function toolOutputJsonSchema(tool: AnyToolDefinition): JsonSchema {
  let schema = outputSchemas.get(tool.output);
  if (!schema) {
    schema = toJsonSchema(tool.output, 'output');
    outputSchemas.set(tool.output, schema);
  }
  return schema;
}
