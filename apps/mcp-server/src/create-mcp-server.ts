/**
 * Builds the MCP server over an assembled Chief of Staff. Tool listing and calling are served from the tool
 * definitions directly (not `registerTool`), so input validation, normalisation and error messages are exactly the
 * ones every other surface gets (docs/adr/0002). Cancellation reaches the handler through its AbortSignal.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { callArguments, LooseCallToolRequestSchema } from './call-tool-request.js';
import type { McpHostSource } from './host-source.js';
import { lazyJsonSchemaValidator } from './lazy-json-schema-validator.js';
import { registerAgentPrompts } from './agent-prompts.js';
import { createProgressNotifier } from './progress-notifier.js';

export const SERVER_NAME = 'chief-of-staff';
export const SERVER_VERSION = '0.1.0';

/**
 * Builds a server over a source of the host: `staticHostSource(host)` for a loaded one, or the stdio lazy source.
 * Imports nothing from the libraries itself, so the stdio start-up path stays light.
 */
export function createMcpServer(source: McpHostSource): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION, title: 'Chief of Staff' },
    {
      capabilities: { tools: { listChanged: true }, logging: {} },
      jsonSchemaValidator: lazyJsonSchemaValidator(),
      instructions:
        'Chief of Staff: long-term memory (facts, people, decisions, delegations, alerts), document search, calendar, ' +
        'reminders, mail, messages and expert agents. Prefer query_memory before asking the user for facts they may have stored.',
    },
  );
  server.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await source.listTools() }));
  server.server.setRequestHandler(LooseCallToolRequestSchema, async (request, extra) => {
    const args = callArguments(request.params.arguments);
    const progress = createProgressNotifier(request.params._meta?.progressToken, extra.sendNotification);
    const host = await source.host();
    const { toCallToolResult } = await import('./tool-results.js');
    try {
      const result = await host.callTool(request.params.name, args, {
        caller: { kind: 'host' },
        signal: extra.signal,
        progress,
      });
      return toCallToolResult(result);
    } finally {
      source.afterCall?.();
    }
  });
  registerAgentPrompts(server, async () => (await source.host()).agents);
  return server;
}
