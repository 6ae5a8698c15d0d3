/**
 * `cos doctor`'s storage lines: which storage is in use and, for PostgreSQL, the server checks (reachable, version,
 * the `vector` and `pg_trgm` extensions, the schema version), each problem with how to fix it. They run whether or
 * not the services could be opened, so a server that is down still gets its reason and its fix.
 */
import { isCosError, type CosConfig } from '@chief-of-staff/core';
import type { PostgresCheckName } from '@chief-of-staff/postgres';
import type { HealthCheck } from './health-status.js';
import { storageChoice } from './storage-choice.js';

const CHECK_LABELS: Record<PostgresCheckName, string> = {
  reachable: 'reachable',
  server_version: 'server version',
  extension_vector: 'extension vector',
  extension_pg_trgm: 'extension pg_trgm',
  schema_version: 'schema version',
  row_security: 'row-level security',
};

export async function storageChecks(config: Pick<CosConfig, 'storage' | 'dataDir'>, env: NodeJS.ProcessEnv): Promise<HealthCheck[]> {
  let choice;
  try {
    choice = storageChoice(config, env);
  } catch (error) {
    return [{ name: 'storage', status: 'fail', detail: isCosError(error) || error instanceof Error ? error.message : String(error) }];
  }
  if (choice.kind === 'sqlite') {
    return [{ name: 'storage', status: 'ok', detail: `SQLite + LanceDB in ${config.dataDir} (the default)`, data: { kind: 'sqlite' } }];
  }
  const { checkPostgres, redactConnectionUrl } = await import('@chief-of-staff/postgres');
  const target = redactConnectionUrl(choice.url);
  const findings = await checkPostgres(choice.url);
  return [
    { name: 'storage', status: 'ok', detail: `PostgreSQL at ${target} (storage.url)`, data: { kind: 'postgres', url: target } },
    ...findings.map(
      (finding): HealthCheck => ({
        name: `postgres: ${CHECK_LABELS[finding.check]}`,
        status: finding.status === 'ok' ? 'ok' : finding.status === 'warning' ? 'warn' : 'fail',
        detail: finding.fix ? `${finding.message} ${finding.fix}` : finding.message,
        data: { check: finding.check },
      }),
    ),
  ];
}
