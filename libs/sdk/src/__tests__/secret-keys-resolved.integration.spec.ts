/**
 * Every secret-typed configuration key is resolved where it is used: walks `secretConfigKeys()` (the keys the schema
 * marks as secrets) and, for each, checks that the code using it passes it through the secret resolver and, where the
 * use can be run here, that an `env:NAME` and a `${NAME}` reference reach it as the variable's value. A new secret key
 * without an entry below fails, so it cannot be added without being resolved.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { configSchema, secretConfigKeys, type CosConfig } from '@chief-of-staff/core';
import { resolveAnthropicSettings } from '@chief-of-staff/agents';
import { storageChoice } from '../storage-choice.js';
import { resolveWebhookSecrets } from '../webhooks-wiring.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
const VALUE = 'the-real-secret-0123456789-abcdefghijklmnop';
const ENV = { COS_WALK_SECRET: VALUE };
const REFERENCES = ['env:COS_WALK_SECRET', '${COS_WALK_SECRET}'];

interface SecretUse {
  /** The file that uses the key. */
  file: string;
  /** Runs the use with `reference` in the key and returns what the use received, when that can be run here. */
  probe?: (reference: string) => string | undefined;
  /** Where the use is proven end to end, when it runs in another process or library. */
  provenBy?: string;
}

const parsed = (input: Record<string, unknown>) => configSchema.parse(input) as unknown as CosConfig;

const USES: Record<string, SecretUse> = {
  'anthropic.apiKey': {
    file: 'libs/agents/src/runtime/anthropic-model-client.ts',
    probe: (reference) => resolveAnthropicSettings(parsed({ anthropic: { apiKey: reference } }), ENV).apiKey,
  },
  'webhooks.sources.*.secret': {
    file: 'libs/sdk/src/webhooks-wiring.ts',
    probe: (reference) => resolveWebhookSecrets(parsed({ webhooks: { sources: { github: { secret: reference } } } }).webhooks, ENV).webhooks.sources['github']?.secret,
    provenBy: 'apps/worker/src/__tests__/webhook-secrets.integration.spec.ts',
  },
  'mcp.http.token': { file: 'libs/core/src/http/http-token.ts', provenBy: 'apps/mcp-server/src/__tests__/mcp-http-token-secret.integration.spec.ts' },
  'mcpServers.*.env.*': { file: 'libs/orchestration/src/external/server-connection.ts', provenBy: 'libs/orchestration/src/external/mcp-server-pool.spec.ts' },
  'mcpServers.*.headers.*': { file: 'libs/orchestration/src/external/server-connection.ts', provenBy: 'libs/orchestration/src/external/mcp-server-pool.spec.ts' },
  'mail.imap.password': { file: 'libs/providers/src/mail/imap/imap-account-from-config.ts' },
  'mail.smtp.password': { file: 'libs/providers/src/mail/imap/imap-account-from-config.ts' },
  'calendar.caldav.password': { file: 'libs/providers/src/calendar/caldav/caldav-account-from-config.ts' },
  'notifications.webhook.url': { file: 'libs/providers/src/registry/provider-registry.ts' },
  'notifications.webhook.token': { file: 'libs/providers/src/registry/provider-registry.ts' },
  'storage.url': {
    file: 'libs/sdk/src/storage-choice.ts',
    // The value must be a PostgreSQL URL: the secret travels as its password.
    probe: (reference) => {
      const choice = storageChoice(parsed({ storage: { url: reference } }), { COS_WALK_SECRET: `postgres://cos:${VALUE}@localhost:5432/cos` });
      return choice.kind === 'postgres' ? new URL(choice.url).password : undefined;
    },
    provenBy: 'apps/cli/src/__tests__/migrate.integration.spec.ts',
  },
};

const RESOLVERS = '(?:resolveSecret|requireSecret|requireSecretMap|unsetSecretReferences)';

function leafName(key: string): string {
  return key.split('.').filter((part) => part !== '*').pop() as string;
}

describe('secret-typed configuration keys', () => {
  const keys = secretConfigKeys();

  it('each have a known use (add one to USES when adding a secret key)', () => {
    expect(keys.filter((key) => USES[key] === undefined)).toEqual([]);
    expect(Object.keys(USES).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it.each(keys)('%s is passed through the secret resolver where it is used', (key) => {
    const use = USES[key] as SecretUse;
    const source = readFileSync(join(ROOT, use.file), 'utf8');
    // The value handed to the resolver is read from the key's own property (`imap.password`, `transport.headers`, `secret`).
    expect(source).toMatch(new RegExp(`${RESOLVERS}\\(\\s*[\\w?.]*\\b${leafName(key)}\\b`));
    if (use.provenBy) expect(readFileSync(join(ROOT, use.provenBy), 'utf8')).toMatch(/env:|\$\{/);
  });

  it.each(keys.filter((key) => USES[key]?.probe))('%s receives the value an env:NAME or ${NAME} reference names', (key) => {
    for (const reference of REFERENCES) expect((USES[key] as SecretUse).probe?.(reference)).toBe(VALUE);
  });
});
