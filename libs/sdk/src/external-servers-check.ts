/**
 * The `cos doctor` lines for external MCP servers: each configured server is started (or reached) once, its tools
 * counted, and a server that fails is reported with the fix. Nothing configured is not a problem.
 */
import type { CosConfig, Logger } from '@chief-of-staff/core';
import { createMcpServerPool } from '@chief-of-staff/orchestration';
import { configuredServers } from './configured-servers.js';
import type { HealthCheck } from './health-status.js';

export async function externalServerChecks(config: CosConfig, logger: Logger): Promise<HealthCheck[]> {
  const file = configuredServers(config);
  const problems: HealthCheck[] = file.problems.map((problem) => ({ name: 'mcp servers file', status: 'warn', detail: problem }));
  if (file.servers.length === 0) {
    return problems.length > 0 ? problems : [{ name: 'mcp servers', status: 'ok', detail: `none configured (${config.mcpServersFile})`, data: { file: config.mcpServersFile } }];
  }
  const pool = createMcpServerPool({ servers: file.servers, logger, connectTimeoutMs: 10_000 });
  try {
    await pool.connect();
    const checks = pool.status().map((server): HealthCheck => {
      const name = `mcp server: ${server.name}`;
      const data = { ...server };
      if (server.state === 'disabled') return { name, status: 'ok', detail: 'disabled in the servers file', data };
      if (server.state === 'connected') {
        const grant = server.capability ? `; serves ${server.capability}` : '';
        return { name, status: 'ok', detail: `connected over ${server.transport}, ${server.tools} tools${grant}`, data };
      }
      return { name, status: 'warn', detail: `not available: ${server.problem ?? 'no answer'}. Its tools are left out until it works.`, data };
    });
    return [...problems, ...checks];
  } finally {
    await pool.close();
  }
}
