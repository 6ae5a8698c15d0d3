/** Runs the server on a transport and returns how to stop it. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';
import { httpConnectInstructions, stdioConnectInstructions } from './connect-instructions.js';
import { createMcpServer } from './create-mcp-server.js';
import { startMcpHttpServer } from './http/http-server.js';
import { loadOrCreateHttpToken } from './http/http-token.js';

export interface ServeOptions {
  quiet?: boolean;
}

export async function serveStdio(cos: ChiefOfStaff, options: ServeOptions = {}): Promise<() => Promise<void>> {
  const server = createMcpServer(cos);
  await server.connect(new StdioServerTransport());
  // stdout belongs to the protocol: everything for people goes to stderr.
  if (!options.quiet && process.stdin.isTTY) process.stderr.write(stdioConnectInstructions(cos.config.dataDir));
  cos.logger.info({ tools: cos.tools.length }, 'MCP server ready on stdio');
  return () => server.close();
}

export async function serveHttp(
  cos: ChiefOfStaff,
  options: ServeOptions & { port?: number; host?: string },
): Promise<() => Promise<void>> {
  const token = loadOrCreateHttpToken(cos.config);
  const running = await startMcpHttpServer(cos, {
    host: options.host ?? cos.config.mcp.http.host,
    port: options.port ?? cos.config.mcp.http.port,
    token: token.token,
    allowedOrigins: cos.config.mcp.http.allowedOrigins,
    maxBodyBytes: cos.config.mcp.http.maxBodyBytes,
  });
  if (!options.quiet) {
    const where =
      token.source === 'config' ? 'the one in mcp.http.token' : `in ${token.file}${token.source === 'generated' ? ' (just generated)' : ''}`;
    process.stderr.write(httpConnectInstructions(running.url, where));
    if (token.source === 'generated') process.stderr.write(`Token: ${token.token}\n`);
  }
  cos.logger.info({ url: running.url, tools: cos.tools.length }, 'MCP server ready on HTTP');
  return () => running.close();
}
