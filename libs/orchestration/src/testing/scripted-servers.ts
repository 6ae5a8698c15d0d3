/**
 * Helpers for tests that join real external MCP servers: the scripted server of `fixtures/scripted-mcp-server.mjs`
 * and the published reference servers installed as dev dependencies, as entries of a servers file.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export const SCRIPTED_SERVER_PATH = join(import.meta.dirname, 'fixtures', 'scripted-mcp-server.mjs');

export type ScriptedMode = 'ok' | 'slow' | 'empty' | 'fail' | 'throw' | 'hang' | 'crash' | 'big';

export interface ScriptedToolBehaviour {
  description?: string;
  mode?: ScriptedMode;
  delayMs?: number;
}

/** A servers-file entry that runs the scripted server with these tools; `control` lets a test change behaviour. */
export function scriptedServerEntry(name: string, tools: Record<string, ScriptedToolBehaviour>, files: { control: string; calls: string }, extra: Record<string, unknown> = {}) {
  writeFileSync(files.control, '{}');
  return {
    command: process.execPath,
    args: [SCRIPTED_SERVER_PATH],
    env: { SCRIPT_SERVER_NAME: name, SCRIPT_TOOLS: JSON.stringify(tools), SCRIPT_CONTROL: files.control, SCRIPT_CALLS: files.calls },
    ...extra,
  };
}

/** Changes the behaviour of a running scripted server's tools. */
export function setScriptedBehaviour(control: string, tools: Record<string, ScriptedToolBehaviour>): void {
  writeFileSync(control, JSON.stringify(tools));
}

/** Path of the entry script of a published MCP server package. */
export function publishedServerPath(packageName: string): string {
  const manifest = require.resolve(`${packageName}/package.json`);
  const pkg = require(manifest) as { bin?: string | Record<string, string>; main?: string };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : Object.values(pkg.bin ?? {})[0] ?? pkg.main ?? 'dist/index.js';
  return join(dirname(manifest), bin);
}
