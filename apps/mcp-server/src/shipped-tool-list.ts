/**
 * The tool list shipped with the server (`dist/tool-list.json`, written by the bundle step with the default
 * configuration) stands in for the per-data-directory cache on a first start, but only where it can be right: a
 * configuration file, a servers file or a `COS_*` setting may add, remove or reshape tools, so any of them rules it
 * out and the first `tools/list` waits for the live list instead.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_FILE_NAME, MCP_SERVERS_FILE_NAME } from '@chief-of-staff/core/data-dir';

export const SHIPPED_TOOL_LIST_URL = new URL('./tool-list.json', import.meta.url);

/** Settings that never change the tool list. */
const NEUTRAL_SETTINGS = new Set([
  'COS_DATA_DIR',
  'COS_LOG_LEVEL',
  'COS_TIMEZONE',
  'COS_SCHEDULER_RUN_IN_SERVER',
  // Where compiled code is cached; the entry (tools/scripts/app-loader.cjs) sets the second itself.
  'COS_CODE_CACHE',
  'COS_CODE_CACHE_DIR',
]);

export function shippedToolListFile(dataDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (existsSync(join(dataDir, CONFIG_FILE_NAME)) || existsSync(join(dataDir, MCP_SERVERS_FILE_NAME))) return undefined;
  if (Object.keys(env).some((name) => name.startsWith('COS_') && !NEUTRAL_SETTINGS.has(name))) return undefined;
  return fileURLToPath(SHIPPED_TOOL_LIST_URL);
}
