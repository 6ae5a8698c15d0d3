/**
 * Builds the MCP server over an assembled Chief of Staff. Tool listing and calling are served from the tool
 * definitions directly (not `registerTool`), so input validation, normalisation and error messages are exactly the
 * ones every other surface gets (docs/adr/0002). Cancellation reaches the handler through its AbortSignal.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { toolInputJsonSchema, toolOutputJsonSchema, type AnyToolDefinition } from '@chief-of-staff/core';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';
import { registerAgentPrompts } from './agent-prompts.js';
import { createProgressNotifier } from './progress-notifier.js';
import { toCallToolResult } from './tool-results.js';

export const SERVER_NAME = 'chief-of-staff';
export const SERVER_VERSION = '0.1.0';

export function describeTool(tool: AnyToolDefinition): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toolInputJsonSchema(tool) as Tool['inputSchema'],
    outputSchema: toolOutputJsonSchema(tool) as Tool['outputSchema'],
    annotations: { title: tool.title, ...tool.annotations },
  };
}

export type McpHost = Pick<ChiefOfStaff, 'tools' | 'callTool' | 'logger'> & { agents?: ChiefOfStaff['agents'] };

export function createMcpServer(host: McpHost): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION, title: 'Chief of Staff' },
    {
      capabilities: { tools: { listChanged: false }, logging: {} },
      instructions:
        'Chief of Staff: long-term memory (facts, people, decisions, delegations, alerts), document search, calendar, ' +
        'reminders, mail, messages and expert agents. Prefer query_memory before asking the user for facts they may have stored.',
    },
  );
  const listed = host.tools.map(describeTool);
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const progress = createProgressNotifier(request.params._meta?.progressToken, extra.sendNotification);
    const result = await host.callTool(request.params.name, request.params.arguments ?? {}, {
      caller: { kind: 'host' },
      signal: extra.signal,
      progress,
    });
    return toCallToolResult(result);
  });
  if (host.agents) registerAgentPrompts(server, host.agents);
  return server;
}
