/** A host that is already loaded, and the MCP description of a tool definition. */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { toolInputJsonSchema, toolOutputJsonSchema, type AnyToolDefinition } from '@chief-of-staff/core';
import type { McpHost, McpHostSource } from './host-source.js';

export function describeTool(tool: AnyToolDefinition): Tool {
  return {
    name: tool.name,
    title: tool.title,
    // The latency tier tells the client's model what waiting on this tool costs (the example call is already part
    // of every description that has inputs).
    description: `${tool.description.trim()} Latency: ${tool.latency}.`,
    inputSchema: toolInputJsonSchema(tool) as Tool['inputSchema'],
    outputSchema: toolOutputJsonSchema(tool) as Tool['outputSchema'],
    annotations: { title: tool.title, ...tool.annotations },
  };
}

export function staticHostSource(host: McpHost): McpHostSource {
  const listed = host.tools.map(describeTool);
  return { host: async () => host, listTools: async () => listed };
}
