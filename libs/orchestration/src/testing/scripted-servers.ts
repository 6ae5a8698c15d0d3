/**
 * Helpers for tests that join real external MCP servers: the scripted server of `fixtures/scripted-mcp-server.mjs`
 * and the published reference servers installed as dev dependencies, as entries of a servers file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
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

export interface ScriptedHttpServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the scripted server over Streamable HTTP on a free local port (optionally requiring a bearer token). */
export function startScriptedHttpServer(tools: Record<string, ScriptedToolBehaviour>, options: { token?: string; name?: string } = {}): Promise<ScriptedHttpServer> {
  const child: ChildProcess = spawn(process.execPath, [SCRIPTED_SERVER_PATH], {
    env: { PATH: process.env.PATH ?? '', SCRIPT_SERVER_NAME: options.name ?? 'scripted-http', SCRIPT_TOOLS: JSON.stringify(tools), SCRIPT_HTTP_PORT: '0', ...(options.token ? { SCRIPT_HTTP_TOKEN: options.token } : {}) },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('the scripted HTTP server did not start within 10 s')), 10_000);
    child.once('error', reject);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      buffer += chunk;
      const match = /listening (\S+)/.exec(buffer);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve({
        url: match[1],
        close: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
