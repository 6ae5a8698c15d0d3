import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { createLogger } from './logger.js';

function capture(): { text: () => string; stream: Writable } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { text: () => chunks.join(''), stream };
}

describe('createLogger', () => {
  it('writes structured JSON and redacts secrets wherever they appear', () => {
    const out = capture();
    const logger = createLogger({ destination: out.stream });
    logger.info({ apiKey: 'sk-1', request: { headers: { authorization: 'Bearer t' } }, config: { token: 'abc' } }, 'hello');
    const line = JSON.parse(out.text()) as Record<string, unknown>;
    expect(line.msg).toBe('hello');
    expect(out.text()).not.toContain('sk-1');
    expect(out.text()).not.toContain('abc');
    expect(out.text()).not.toContain('Bearer t');
  });

  it('redacts credentials in URLs, deep secret keys, server headers and env at trace level', () => {
    const out = capture();
    const logger = createLogger({ destination: out.stream, level: 'trace' });
    const url = 'https://alice:PASS1@hooks.example.com/h?key=KEY2&topic=t';
    logger.trace({ reason: `request to ${url} failed`, deep: { a: { b: { c: { clientSecret: 'SEC3' } } } } }, `posting to ${url}`);
    logger.warn({ mcpServers: { s: { env: { SEARCH_API_KEY: 'ENV4' }, headers: { 'X-Custom': 'HDR5' } } } }, 'servers');
    logger.error({ err: new Error(`fetch ${url} failed`) }, 'failed');
    for (const secret of ['PASS1', 'KEY2', 'SEC3', 'ENV4', 'HDR5']) expect(out.text()).not.toContain(secret);
    expect(out.text()).toContain('hooks.example.com/h?key=***&topic=t');
  });

  it('redacts mail bodies unless told not to', () => {
    const redacted = capture();
    createLogger({ destination: redacted.stream }).info({ mail: { body_text: 'private words' } }, 'mail');
    expect(redacted.text()).not.toContain('private words');
    const kept = capture();
    createLogger({ destination: kept.stream, redactBodies: false }).info({ mail: { body_text: 'private words' } }, 'mail');
    expect(kept.text()).toContain('private words');
  });

  it('respects the configured level', () => {
    const out = capture();
    const logger = createLogger({ destination: out.stream, level: 'warn' });
    logger.info('quiet');
    logger.warn('loud');
    expect(out.text()).not.toContain('quiet');
    expect(out.text()).toContain('loud');
  });
});
