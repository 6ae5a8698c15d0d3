/**
 * `cos serve [--http] [--port N] [--host H] [--quiet]`: runs the MCP server. The server is its own app; this command starts it
 * as a child process with the same terminal, so signals and stdio pass straight through.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';

export function mcpServerEntry(): string {
  return fileURLToPath(import.meta.resolve('@chief-of-staff/mcp-server'));
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Run the MCP server: stdio by default (what Claude Desktop spawns), or Streamable HTTP with --http.')
    .option('--http', 'serve Streamable HTTP on 127.0.0.1 (bearer token required)')
    .option('--port <port>', 'HTTP port (default mcp.http.port, 8765)')
    .option('--host <host>', 'HTTP bind address (default 127.0.0.1)')
    .option('--quiet', 'print no connect instructions (the warning for a non-loopback address is always printed)')
    .action((options: { http?: boolean; port?: string; host?: string; quiet?: boolean }) => {
      const args = [mcpServerEntry()];
      if (options.http) args.push('--http');
      if (options.port) args.push('--port', options.port);
      if (options.host) args.push('--host', options.host);
      if (options.quiet) args.push('--quiet');
      const child = spawn(process.execPath, args, { stdio: 'inherit' });
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
      child.on('exit', (code, signal) => {
        process.exitCode = code ?? (signal ? 1 : 0);
      });
    });
}
