/**
 * The `tools/call` request as this server accepts it. With the SDK's own schema, arguments that are not an object
 * fail a parse inside the request handler, which reaches the client as -32603 (internal error); parsing
 * `arguments` loosely here lets the handler answer -32602 (invalid params) with a message that says what to send.
 */
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

export const LooseCallToolRequestSchema = z.object({
  method: z.literal('tools/call'),
  params: z
    .object({
      name: z.string(),
      arguments: z.unknown().optional(),
      _meta: z.object({ progressToken: z.union([z.string(), z.number()]).optional() }).passthrough().optional(),
    })
    .passthrough(),
});

/** The call's arguments as an object; absent means none. Anything else is an invalid-params protocol error. */
export function callArguments(value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    throw new McpError(ErrorCode.InvalidParams, `tools/call "arguments" must be a JSON object (got ${kind}); send {} for a tool without arguments.`);
  }
  return value as Record<string, unknown>;
}
