/**
 * `copyToPostgres(config, { to })`: the work behind `cos migrate [--to postgres://…]`. Brings the data directory's
 * SQLite schema up to this version (what any `cos` command does when it opens it), then copies it and its vectors
 * into the PostgreSQL database with `@chief-of-staff/postgres`, which is loaded only here.
 */
import { join } from 'node:path';
import { CosError, type CosConfig } from '@chief-of-staff/core';
import { VECTORS_DIR_NAME } from '@chief-of-staff/documents';
import { openLanceVectorTables } from '@chief-of-staff/lancedb';
import { openDatabase } from '@chief-of-staff/sqlite';
import type { CopyDataDirectoryReport, CopyProgress } from '@chief-of-staff/postgres';
import { isPostgresUrl, storageChoice } from './storage-choice.js';

export interface CopyToPostgresOptions {
  /**
   * `postgres://user:password@host:5432/database` (or `postgresql://…`); when absent, the configured storage
   * (`storage.url` or `COS_DATABASE_URL`, `env:NAME` references resolved).
   */
  to?: string | undefined;
  onProgress?: (progress: CopyProgress) => void;
  signal?: AbortSignal;
}

/** Refuses anything but a PostgreSQL URL, before anything is opened. */
function assertPostgresUrl(url: string): void {
  if (!isPostgresUrl(url)) {
    throw new CosError({
      code: 'INVALID_ARGUMENT',
      domain: 'storage',
      category: 'user',
      message: 'The target must be a PostgreSQL URL such as postgres://user:password@localhost:5432/cos.',
    });
  }
}

/** Where to copy to: the URL given, else the configured PostgreSQL storage. */
function targetUrl(config: CosConfig, to: string | undefined): string {
  if (to !== undefined) return to;
  const choice = storageChoice(config);
  if (choice.kind === 'postgres') return choice.url;
  throw new CosError({
    code: 'INVALID_ARGUMENT',
    domain: 'storage',
    category: 'user',
    message: 'Say where to copy to: cos migrate --to postgres://user@host:5432/name (or set storage.url or COS_DATABASE_URL).',
  });
}

export async function copyToPostgres(config: CosConfig, options: CopyToPostgresOptions): Promise<CopyDataDirectoryReport> {
  const to = targetUrl(config, options.to);
  assertPostgresUrl(to);
  const database = openDatabase({ dataDir: config.dataDir });
  const file = database.file;
  database.close();
  const { copyDataDirectoryToPostgres } = await import('@chief-of-staff/postgres');
  return copyDataDirectoryToPostgres({
    databaseFile: file,
    vectors: openLanceVectorTables(join(config.dataDir, VECTORS_DIR_NAME)),
    url: to,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
