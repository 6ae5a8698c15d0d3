/**
 * Agents as MCP prompts and read-only resources (docs/reference/architecture.md#apps). Both are answered from the
 * agent registry on every request, so agents added or edited on disk appear without restarting the server.
 *
 * A prompt asks the host's model to delegate to the agent through `run_agent`; a resource is the agent's YAML file.
 */
import { readFileSync } from 'node:fs';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { AgentsService } from '@chief-of-staff/agents';

const RESOURCE_PREFIX = 'agent://';

function agentUri(name: string): string {
  return `${RESOURCE_PREFIX}${name}`;
}

/** `getAgents` may wait for the host to finish loading; undefined when the host has no agent runtime. */
export function registerAgentPrompts(server: McpServer, getAgents: () => Promise<AgentsService | undefined>): void {
  const registry = async () => {
    const agents = await getAgents();
    if (!agents) throw new McpError(ErrorCode.MethodNotFound, 'This server has no agents.');
    return agents.registry;
  };
  server.server.registerCapabilities({ prompts: { listChanged: false }, resources: { listChanged: false } });

  server.server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: (await registry()).list().map((entry) => ({
      name: entry.config.name,
      title: entry.config.name.replace(/_/g, ' '),
      description: entry.config.description,
      arguments: [{ name: 'instruction', description: 'What the agent should do', required: true }],
    })),
  }));

  server.server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const entry = (await registry()).get(request.params.name);
    if (!entry) {
      throw new McpError(ErrorCode.InvalidParams, `Agent ${request.params.name} not found. List prompts to see the agents.`);
    }
    const instruction = request.params.arguments?.instruction?.trim();
    if (!instruction) throw new McpError(ErrorCode.InvalidParams, 'The "instruction" argument is required.');
    return {
      description: entry.config.description,
      messages: [
        {
          role: 'user' as const,
          content: {
            type: 'text' as const,
            text:
              `Use the run_agent tool with name "${entry.config.name}" (${entry.config.description}) ` +
              `and this instruction, then report its answer:\n\n${instruction}`,
          },
        },
      ],
    };
  });

  server.server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: (await registry()).list().map((entry) => ({
      uri: agentUri(entry.config.name),
      name: entry.config.name,
      title: `Agent ${entry.config.name} (${entry.origin})`,
      description: entry.config.description,
      mimeType: 'application/yaml',
    })),
  }));

  server.server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      { uriTemplate: `${RESOURCE_PREFIX}{name}`, name: 'agent', description: 'An agent configuration (YAML)', mimeType: 'application/yaml' },
    ],
  }));

  server.server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    const agents = await registry();
    const entry = uri.startsWith(RESOURCE_PREFIX) ? agents.get(uri.slice(RESOURCE_PREFIX.length)) : undefined;
    if (!entry) throw new McpError(ErrorCode.InvalidParams, `Resource ${uri} not found. Agent resources look like agent://<name>.`);
    return { contents: [{ uri, mimeType: 'application/yaml', text: readFileSync(entry.file, 'utf8') }] };
  });
}
