/**
 * Maps a tool run to an MCP `CallToolResult` (docs/reference/conventions.md#result-envelope,
 * docs/reference/conventions.md#errors): success carries `structuredContent` and the same object as compact JSON
 * text; failure is `isError: true` with the text "<code>: <message> <hint>".
 *
 * Error results carry no `structuredContent`: MCP SDK clients validate any structured content against the tool's
 * output schema even on errors, and would turn our actionable message into a protocol error (docs/adr/0002).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { formatToolErrorText, type ToolRunResult } from '@chief-of-staff/core';

export function toCallToolResult(result: ToolRunResult): CallToolResult {
  if (result.ok) {
    return {
      content: [{ type: 'text', text: JSON.stringify(result.value) }],
      structuredContent: result.value,
    };
  }
  return {
    isError: true,
    content: [{ type: 'text', text: formatToolErrorText(result.error) }],
  };
}
