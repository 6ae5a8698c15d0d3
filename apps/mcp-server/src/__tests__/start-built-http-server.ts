/**
 * Starts the built server over HTTP (`--http --port 0` on 127.0.0.1) for end-to-end tests, with an environment built
 * from scratch, and resolves once it says where it listens.
 */
import { spawn } from 'node:child_process';
import { BUILT_SERVER_MAIN } from './connect-built-server.js';

export interface BuiltHttpServer {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  /** SIGTERM, resolved once the process has exited. */
  stop(): Promise<void>;
}

export async function startBuiltHttpServer(env: Record<string, string>): Promise<BuiltHttpServer> {
  const child = spawn(process.execPath, [BUILT_SERVER_MAIN, '--http', '--port', '0', '--host', '127.0.0.1'], {
    env: { PATH: process.env.PATH ?? '', COS_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<string>((done, fail) => {
    let text = '';
    const timer = setTimeout(() => fail(new Error(`server did not start: ${text}`)), 60_000);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      text += chunk;
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(text);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    });
  });
  return {
    url,
    stop: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
