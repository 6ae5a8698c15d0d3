/** What to tell a user who just started the server: how to connect Claude Desktop, Claude Code and the Inspector. */
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';

const ALL_INTERFACES = new Set(['0.0.0.0', '[::]', '::']);

/**
 * The addresses a client can use for a server listening on `url`: bound to all interfaces (0.0.0.0, ::), nobody can
 * connect to that address itself — a client on this machine uses 127.0.0.1, others the machine's host name.
 */
export function reachableUrls(url: string, machine: string = hostname()): { local: string; remote?: string } {
  const parsed = new URL(url);
  if (!ALL_INTERFACES.has(parsed.hostname)) return { local: url };
  const at = (host: string) => Object.assign(new URL(url), { hostname: host }).toString();
  return { local: at('127.0.0.1'), remote: at(machine) };
}

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
export function httpConnectInstructions(listening: string, tokenWhere: string, tokenFile?: string): string {
  const header = tokenFile === undefined ? 'Bearer <the token in mcp.http.token>' : `Bearer $(cat ${tokenFile})`;
  const { local: url, remote } = reachableUrls(listening);
  return [
    `Chief of Staff MCP server is listening on ${listening} (Streamable HTTP, stateless).`,
    ...(remote ? [`Connect to ${url} on this machine, or ${remote} from others.`] : []),
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
