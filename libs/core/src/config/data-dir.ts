/**
 * Where the user's data lives (docs/configuration.md#the-data-directory): never inside node_modules or an npx cache.
 */
import { mkdirSync, chmodSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** The configuration file read from the data directory (unless `COS_CONFIG` names another). */
export const CONFIG_FILE_NAME = 'cos.config.yaml';
/** The external MCP servers file read from the data directory (unless `mcpServersFile` names another). */
export const MCP_SERVERS_FILE_NAME = 'mcp-servers.json';

export function resolveDataDir(env: NodeJS.ProcessEnv = process.env, configured?: string): string {
  if (env.COS_DATA_DIR && env.COS_DATA_DIR.trim() !== '') return resolve(env.COS_DATA_DIR);
  if (configured) return resolve(expandHome(configured));
  if (env.XDG_DATA_HOME && env.XDG_DATA_HOME.trim() !== '') return join(resolve(env.XDG_DATA_HOME), 'chief-of-staff');
  return join(homedir(), '.local', 'share', 'chief-of-staff');
}

export function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? join(homedir(), path.slice(1)) : path;
}

/** Creates the directory (and parents) readable by the owner only. */
export function ensurePrivateDir(path: string): string {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o700);
  return path;
}
