import { describe, expect, it } from '@jest/globals';
import { deliveryEnvironment, deliverySecretNames } from './delivery-secrets.js';

describe('delivery secrets', () => {
  const config = { url: 'https://hooks.example.com/x', headers: { Authorization: 'Bearer ${HOOK_TOKEN}', 'X-Db': 'env:COS_DATABASE_URL', 'X-Trace': 'plain' }, secret_env: 'SIGNING_KEY' };
  const env = { HOOK_TOKEN: 'tok', COS_DATABASE_URL: 'postgres://cos:pw@db/cos', SIGNING_KEY: 'sig', ANTHROPIC_API_KEY: 'sk' };

  it('names every variable a delivery refers to, in headers and secret_env', () => {
    expect(deliverySecretNames(config).sort()).toEqual(['COS_DATABASE_URL', 'HOOK_TOKEN', 'SIGNING_KEY']);
    expect(deliverySecretNames({ url: 'https://x.example', headers: { 'X-Trace': 'plain' } })).toEqual([]);
  });

  it('resolves nothing for a task that is not the owner\'s, whatever the list says', () => {
    expect(deliveryEnvironment(config, { principal: 'user:3' }, ['HOOK_TOKEN', 'COS_DATABASE_URL', 'SIGNING_KEY'], env)).toEqual({
      refused: expect.stringContaining('resolved only for the owner\'s tasks'),
    });
  });

  it('gives the owner\'s task only the listed variables, and refuses one no longer listed', () => {
    expect(deliveryEnvironment({ url: 'https://x.example', headers: { Authorization: 'env:HOOK_TOKEN' } }, { principal: 'owner' }, ['HOOK_TOKEN'], env)).toEqual({ env: { HOOK_TOKEN: 'tok' } });
    expect(deliveryEnvironment(config, { principal: 'owner' }, ['HOOK_TOKEN'], env)).toEqual({ refused: expect.stringContaining('COS_DATABASE_URL, SIGNING_KEY are not listed in scheduler.deliverySecrets') });
  });
});
