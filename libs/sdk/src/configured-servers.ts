/**
 * The external MCP servers a user configured: the servers file (`mcpServersFile`, Claude Desktop's shape) and the
 * `mcpServers` block of the main configuration. A name in both is taken from the servers file.
 */
import type { CosConfig } from '@chief-of-staff/core';
import { parseServersFile, readServersFile, type ServersFile } from '@chief-of-staff/orchestration';

/** The config schema fills in defaults the servers file does not have; they are dropped so both read the same. */
function withoutDefaults(entry: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(entry).filter(([key, value]) => {
      if (Array.isArray(value)) return value.length > 0;
      if (value !== null && typeof value === 'object') return Object.keys(value).length > 0;
      if (key === 'disabled') return value === true;
      // 30 s is the schema's default, not a choice: a server's chain tier decides its limit unless one is written.
      if (key === 'timeoutMs') return value !== 30_000;
      return value !== undefined;
    }),
  );
}

export function configuredServers(config: CosConfig): ServersFile {
  const file = readServersFile(config.mcpServersFile);
  const entries = Object.fromEntries(Object.entries(config.mcpServers).map(([name, entry]) => [name, withoutDefaults(entry as Record<string, unknown>)]));
  if (Object.keys(entries).length === 0) return file;
  const inline = parseServersFile(JSON.stringify({ mcpServers: entries }), 'the "mcpServers" setting');
  const fromFile = new Set(file.servers.map((server) => server.name));
  return { servers: [...file.servers, ...inline.servers.filter((server) => !fromFile.has(server.name))], problems: [...file.problems, ...inline.problems] };
}
