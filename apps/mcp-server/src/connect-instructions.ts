/** What to tell a user who just started the server: how to connect Claude Desktop, Claude Code and the Inspector. */
import { fileURLToPath } from 'node:url';

export function stdioConnectInstructions(dataDir: string): string {
  const main = fileURLToPath(new URL('./main.js', import.meta.url));
  const desktop = {
    mcpServers: {
      'chief-of-staff': { command: 'node', args: [main], env: { COS_DATA_DIR: dataDir } },
    },
  };
  return [
    'Chief of Staff MCP server is running on stdio (logs on stderr).',
    '',
    'Claude Desktop — add to claude_desktop_config.json:',
    JSON.stringify(desktop, null, 2),
    '',
    'Claude Code:',
    `  claude mcp add chief-of-staff --env COS_DATA_DIR=${dataDir} -- node ${main}`,
    '',
    'MCP Inspector:',
    `  npx @modelcontextprotocol/inspector -e COS_DATA_DIR=${dataDir} node ${main}`,
    '',
  ].join('\n');
}

/** `tokenFile` is the file holding the token, or undefined when the token comes from the configuration. */
export function httpConnectInstructions(url: string, tokenWhere: string, tokenFile?: string): string {
  const header = tokenFile === undefined ? 'Bearer <the token in mcp.http.token>' : `Bearer $(cat ${tokenFile})`;
  return [
    `Chief of Staff MCP server is listening on ${url} (Streamable HTTP, stateless).`,
    `Every request needs "Authorization: Bearer <token>"; the token is ${tokenWhere}.`,
    '',
    'Claude Code:',
    `  claude mcp add --transport http chief-of-staff ${url} --header "Authorization: ${header}"`,
    '',
    'MCP Inspector:',
    `  npx @modelcontextprotocol/inspector --transport http --server-url ${url} --header "Authorization: Bearer <token>"`,
    '',
  ].join('\n');
}
