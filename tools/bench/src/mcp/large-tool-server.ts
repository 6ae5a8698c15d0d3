/**
 * A data directory that joins one large external MCP server, for the MCP speed benchmarks: the scripted server of
 * `@chief-of-staff/orchestration/testing` serving about 200 tools made from the recorded third-party tool lists
 * (`fixtures/tool-selection/third-party/servers/*.json`: real names and descriptions), re-exported to MCP clients so
 * the host's `tool_search` ranks them beside ours.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { scriptedServerEntry, type ScriptedToolBehaviour } from '@chief-of-staff/orchestration/testing';

/** The server's name in the servers file: its tools are served as `toolbox__<tool>`. */
export const LARGE_SERVER_NAME = 'toolbox';
export const LARGE_SERVER_TOOLS = 200;

const RECORDINGS = resolve(import.meta.dirname, '..', '..', 'fixtures', 'tool-selection', 'third-party', 'servers');

interface RecordedServer {
  server: string;
  tools: Array<{ name: string; description: string }>;
}

/**
 * The recordings hold fewer than 200 tools, so two servers are mirrored by look-alikes that exist in the wild (a GitLab
 * server beside GitHub's, an SFTP one beside the file system's): same shapes, their own names and words.
 */
const LOOK_ALIKES: Array<{ from: string; to: string; words: Array<[RegExp, string]>; names?: Array<[RegExp, string]> }> = [
  { from: 'github', to: 'gitlab', words: [[/GitHub/g, 'GitLab'], [/pull request/gi, 'merge request'], [/repositories/gi, 'projects'], [/repository/gi, 'project']], names: [[/pull_request/g, 'merge_request'], [/repositor(y|ies)/g, 'project']] },
  { from: 'filesystem', to: 'sftp', words: [[/file ?system/gi, 'remote SFTP server'], [/allowed directories/gi, 'directories the SFTP account may read']] },
];

const toolName = (server: string, tool: string): string => `${server}_${tool}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');

/** `count` tools (name → description) from the recordings, padded with look-alike servers' tools. */
export function largeServerTools(count = LARGE_SERVER_TOOLS): Record<string, ScriptedToolBehaviour> {
  const servers = readdirSync(RECORDINGS)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(RECORDINGS, file), 'utf8')) as RecordedServer);
  const tools: Record<string, ScriptedToolBehaviour> = {};
  const add = (name: string, description: string) => {
    if (Object.keys(tools).length < count) tools[name] = { description };
  };
  for (const server of servers) for (const tool of server.tools) add(toolName(server.server, tool.name), tool.description);
  for (const look of LOOK_ALIKES) {
    const source = servers.find((server) => server.server === look.from);
    for (const tool of source?.tools ?? []) {
      const name = (look.names ?? []).reduce((text, [pattern, word]) => text.replace(pattern, word), tool.name);
      add(toolName(look.to, name), look.words.reduce((text, [pattern, word]) => text.replace(pattern, word), tool.description));
    }
  }
  if (Object.keys(tools).length < count) throw new Error(`The recordings in ${RECORDINGS} give only ${Object.keys(tools).length} tools; ${count} are needed.`);
  return tools;
}

/**
 * Prepares `dataDir` for a server run: `cos.config.yaml` re-exports external tools (so MCP clients and `tool_search`
 * see them) and `mcp-servers.json` joins the server with the first `tools` of `largeServerTools`, or no server at all
 * when `tools` is 0 — so runs with and without differ by the server alone.
 */
export function prepareLargeServerDataDir(dataDir: string, tools = LARGE_SERVER_TOOLS): void {
  writeFileSync(join(dataDir, 'cos.config.yaml'), 'orchestration:\n  reexportExternal: true\n');
  const files = { control: join(dataDir, `${LARGE_SERVER_NAME}-control.json`), calls: join(dataDir, `${LARGE_SERVER_NAME}-calls.txt`) };
  const servers = tools > 0 ? { [LARGE_SERVER_NAME]: scriptedServerEntry(LARGE_SERVER_NAME, largeServerTools(tools), files) } : {};
  writeFileSync(join(dataDir, 'mcp-servers.json'), JSON.stringify({ mcpServers: servers }, null, 2));
}
