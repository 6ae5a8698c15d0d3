/** The secret-resolution rule: both reference forms, literals, unset variables, and the schema's secret keys. */
import { describe, expect, it } from '@jest/globals';
import { ConfigError } from './config-error.js';
import { secretConfigKeys } from './secret-config-keys.js';
import { isSecretReference, requireSecret, requireSecretMap, resolveSecret, secretReferenceNames } from './secret-reference.js';

describe('resolveSecret', () => {
  const env = { HOOK: 'h-123', USER_NAME: 'dana', EMPTY: '' };

  it('resolves env:NAME, ${NAME} as the whole value and ${NAME} inside text', () => {
    expect(resolveSecret('env:HOOK', env)).toBe('h-123');
    expect(resolveSecret('${HOOK}', env)).toBe('h-123');
    expect(resolveSecret('Bearer ${HOOK}', env)).toBe('Bearer h-123');
    expect(resolveSecret('${USER_NAME}:${HOOK}', env)).toBe('dana:h-123');
  });

  it('returns a literal as written', () => {
    expect(resolveSecret('plain-text', env)).toBe('plain-text');
    expect(resolveSecret('env:not a name', env)).toBe('env:not a name');
    expect(isSecretReference('plain-text')).toBe(false);
  });

  it('never falls back to the reference text when the variable is unset or empty', () => {
    expect(resolveSecret('env:MISSING', env)).toBeUndefined();
    expect(resolveSecret('${MISSING}', env)).toBeUndefined();
    expect(resolveSecret('Bearer ${HOOK}${EMPTY}', env)).toBeUndefined();
  });

  it('lists the variables a value refers to', () => {
    expect(secretReferenceNames('env:A_1')).toEqual(['A_1']);
    expect(secretReferenceNames('${A}-${B}-${A}')).toEqual(['A', 'B']);
    expect(secretReferenceNames(undefined)).toEqual([]);
  });
});

describe('requireSecret', () => {
  it('throws a ConfigError naming the key and the variable', () => {
    const run = () => requireSecret('env:MON_SECRET', 'webhooks.sources.monitoring.secret', { env: {}, usedBy: 'the webhook receiver' });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/webhooks\.sources\.monitoring\.secret refers to the environment variable MON_SECRET, which is not set, so the webhook receiver cannot start/);
  });

  it('resolves each value of a map and names the entry that is unset', () => {
    expect(requireSecretMap({ Authorization: 'Bearer ${T}', Accept: 'json' }, 'mcpServers.x.headers', { env: { T: 't' } })).toEqual({ Authorization: 'Bearer t', Accept: 'json' });
    expect(() => requireSecretMap({ API_KEY: 'env:GONE' }, 'mcpServers.x.env', { env: {} })).toThrow(/mcpServers\.x\.env\.API_KEY refers to the environment variable GONE/);
  });
});

describe('secretConfigKeys', () => {
  it('lists every key the schema marks as a secret', () => {
    expect(secretConfigKeys()).toEqual(
      expect.arrayContaining(['anthropic.apiKey', 'webhooks.sources.*.secret', 'mcp.http.token', 'mcpServers.*.env.*', 'mcpServers.*.headers.*', 'mail.imap.password']),
    );
  });
});
