/**
 * The bearer token for MCP over HTTP (docs/security.md#http-transports): the configured one, else a random token
 * generated on first start into `<dataDir>/mcp-http-token` (mode 0600) and reused afterwards. A configured reference
 * to an unset variable stops the server rather than falling back to a generated token the user did not ask for.
 */
import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CosConfig } from '../config/config-schema.js';
import { requireSecret } from '../config/secret-reference.js';

export const HTTP_TOKEN_FILE_NAME = 'mcp-http-token';

export interface HttpToken {
  token: string;
  /** Where the token came from, for the start-up message. */
  source: 'config' | 'file' | 'generated';
  file?: string;
}

export function loadOrCreateHttpToken(config: CosConfig, env: NodeJS.ProcessEnv = process.env): HttpToken {
  const configured = config.mcp.http.token === undefined ? undefined : requireSecret(config.mcp.http.token, 'mcp.http.token', { env, usedBy: 'the MCP HTTP server' });
  if (configured) {
    if (configured.length < 32) {
      throw new Error('mcp.http.token must be at least 32 characters; remove it to have a strong one generated.');
    }
    return { token: configured, source: 'config' };
  }
  const file = join(config.dataDir, HTTP_TOKEN_FILE_NAME);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return { token: stored, source: 'file', file };
  }
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { token, source: 'generated', file };
}

/** Constant-time comparison; hashing first makes lengths equal so length leaks nothing either. */
export function tokensMatch(expected: string, presented: string): boolean {
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(presented).digest();
  return timingSafeEqual(a, b);
}
