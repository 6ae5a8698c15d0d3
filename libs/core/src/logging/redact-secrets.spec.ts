import { describe, expect, it } from '@jest/globals';
import { isSecretKey, redactSecrets, redactUrl, redactUrlsInText } from './redact-secrets.js';

describe('isSecretKey', () => {
  it('knows credentials from settings that merely mention them', () => {
    for (const key of ['token', 'accessToken', 'api_key', 'apiKey', 'x-api-key', 'password', 'Authorization', 'cookie', 'clientSecret', 'key']) {
      expect(isSecretKey(key)).toBe(true);
    }
    for (const key of ['maxTokens', 'typicalTokens', 'signatureHeader', 'secret_env', 'keywords', 'keyPrefix', 'monkey']) {
      expect(isSecretKey(key)).toBe(false);
    }
  });
});

describe('redactUrl', () => {
  it('keeps scheme, host, path and harmless parameters', () => {
    expect(redactUrl('https://u:p@ntfy.sh/topic?key=k&topic=t&access_token=a')).toBe('https://***@ntfy.sh/topic?key=***&topic=t&access_token=***');
    expect(redactUrl('https://ntfy.sh/topic')).toBe('https://ntfy.sh/topic');
    expect(redactUrl('not a url')).toBe('not a url');
  });

  it('finds URLs inside free text', () => {
    expect(redactUrlsInText('Request cannot be constructed from https://a:b@x.io/p?token=z, giving up')).toBe('Request cannot be constructed from https://***@x.io/p?token=***, giving up');
  });
});

describe('redactSecrets', () => {
  it('redacts every header and env value but keeps env: references visible', () => {
    expect(redactSecrets({ mcpServers: { a: { env: { KEY: 'v', OTHER: 'env:OTHER' }, headers: { Authorization: 'Bearer x' }, args: ['--port', '1'] } } })).toEqual({
      mcpServers: { a: { env: { KEY: '[redacted]', OTHER: 'env:OTHER' }, headers: { Authorization: '[redacted]' }, args: ['--port', '1'] } },
    });
  });

  it('survives hostile nesting', () => {
    let deep: Record<string, unknown> = { token: 't' };
    for (let i = 0; i < 10_000; i += 1) deep = { next: deep };
    expect(JSON.stringify(redactSecrets(deep))).toContain('[nested too deep]');
  });
});
