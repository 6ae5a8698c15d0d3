#!/usr/bin/env node
/**
 * The MetaTool catalogue (or any name → description file: the 2,000-tool server of the speed benchmarks) as a stdio
 * MCP server, so the host joins it through `mcp-servers.json` as it would any third-party server: each plugin of `plugin_des.json` (path in METATOOL_CATALOGUE) is a tool named after the plugin
 * with every character outside [A-Za-z0-9_-] replaced by `_`, described as the catalogue describes it, with one string
 * parameter (the catalogue says what plugins do, not what they take). A call answers with a line naming the plugin.
 */
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const path = process.env.METATOOL_CATALOGUE;
if (!path) {
  console.error('METATOOL_CATALOGUE must be the path of plugin_des.json');
  process.exit(2);
}
const plugins = JSON.parse(readFileSync(path, 'utf8'));
const tools = Object.entries(plugins).map(([name, description]) => ({
  name: name.replace(/[^A-Za-z0-9_-]/g, '_'),
  description,
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string', description: 'What to ask, in plain words.' } },
    required: ['query'],
  },
}));

const server = new Server({ name: 'metatool', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request) => ({
  content: [{ type: 'text', text: `${request.params.name} received: ${String(request.params.arguments?.query ?? '')}` }],
}));
await server.connect(new StdioServerTransport());
