/**
 * Cold start of an MCP server over stdio: spawn → initialize → tools/list answered, as a client like Claude Desktop
 * sees it. Returns the milliseconds until the tools/list response and how many tools it listed.
 */
import { spawn } from 'node:child_process';

export interface ColdStart {
  ms: number;
  tools: number;
}

export function measureColdStart(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<ColdStart> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
    let buffer = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} did not answer tools/list within 30 s`));
    }, 30_000);
    child.on('error', reject);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
        const message = JSON.parse(line) as { id?: number; result?: { tools?: unknown[] } };
        if (message.id === 1) {
          child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
          child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
        } else if (message.id === 2) {
          const ms = performance.now() - started;
          clearTimeout(timer);
          child.once('exit', () => resolve({ ms, tools: message.result?.tools?.length ?? 0 }));
          child.stdin.end();
          child.kill('SIGTERM');
        }
      }
    });
    child.stdin.write(
      `${JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'cold-start-bench', version: '1' } },
      })}\n`,
    );
  });
}
