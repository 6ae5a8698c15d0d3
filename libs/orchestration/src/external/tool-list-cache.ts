/**
 * The last tool list each external server gave, kept in the data directory so a process can offer a server's tools
 * (rank them, list them, route calls to them) before that server has started: the server joins in the background
 * and its live list replaces the kept one. A list is kept per server under a fingerprint of how the server is
 * started, so a changed command, arguments or URL never serves an old list. Values of `env` and `headers` (secrets)
 * are not part of the fingerprint and never written.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ExternalServerConfig } from './servers-file.js';

export interface ExternalToolListCache {
  /** The server's tools as last listed, when kept for this configuration of it. */
  read(config: ExternalServerConfig): Tool[] | undefined;
  /** Keeps the server's live list (a failure to write is only logged by the caller). */
  write(config: ExternalServerConfig, tools: readonly Tool[]): void;
}

interface KeptList {
  fingerprint: string;
  tools: readonly Tool[];
}

function fingerprintOf(config: ExternalServerConfig): string {
  const transport = config.transport;
  const how =
    transport.kind === 'http'
      ? { kind: 'http', url: transport.url, headers: Object.keys(transport.headers ?? {}).sort() }
      : { kind: 'stdio', command: transport.command, args: transport.args, cwd: transport.cwd ?? null, env: Object.keys(transport.env ?? {}).sort() };
  return createHash('sha256').update(JSON.stringify(how)).digest('hex').slice(0, 32);
}

/** Server names are free text in the servers file: the file name is derived, never taken as a path. */
const fileOf = (directory: string, server: string) => join(directory, `${createHash('sha256').update(server).digest('hex').slice(0, 24)}.json`);

export function createExternalToolListCache(directory: string): ExternalToolListCache {
  return {
    read(config) {
      try {
        const kept = JSON.parse(readFileSync(fileOf(directory, config.name), 'utf8')) as KeptList;
        return kept.fingerprint === fingerprintOf(config) && Array.isArray(kept.tools) ? [...kept.tools] : undefined;
      } catch {
        // Missing or damaged: the server is simply waited for, as without a cache.
        return undefined;
      }
    },
    write(config, tools) {
      mkdirSync(directory, { recursive: true, mode: 0o700 });
      const file = fileOf(directory, config.name);
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify({ fingerprint: fingerprintOf(config), tools } satisfies KeptList), { mode: 0o600 });
      renameSync(temporary, file);
    },
  };
}
