/**
 * Which storage the configuration selects: the data directory (SQLite + LanceDB, the default) or a PostgreSQL
 * database (`storage.url`, or `COS_DATABASE_URL`). The URL is a secret: an `env:NAME` reference is resolved here, and
 * one naming an unset variable stops with an error naming it rather than quietly falling back to the data directory.
 */
import { CosError, resolveSecret, unsetSecretError, unsetSecretReferences, type CosConfig } from '@chief-of-staff/core';

/** `postgres://…` or `postgresql://…`, parseable as a URL. */
export function isPostgresUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'postgres:' || protocol === 'postgresql:';
  } catch {
    return false;
  }
}

export type StorageChoice = { kind: 'sqlite' } | { kind: 'postgres'; url: string };

export function storageChoice(config: Pick<CosConfig, 'storage'>, env: NodeJS.ProcessEnv = process.env): StorageChoice {
  if (config.storage.url === undefined) return { kind: 'sqlite' };
  const unset = unsetSecretReferences(config.storage.url, env);
  if (unset.length > 0) throw unsetSecretError('storage.url', unset, 'Chief of Staff');
  const url = resolveSecret(config.storage.url, env) ?? '';
  if (!isPostgresUrl(url)) {
    throw new CosError({
      code: 'CONFIG_INVALID',
      domain: 'storage',
      category: 'user',
      message:
        'storage.url (or COS_DATABASE_URL) must be a PostgreSQL URL such as postgres://user@localhost:5432/cos; ' +
        'remove it to keep everything in the data directory.',
    });
  }
  return { kind: 'postgres', url };
}
