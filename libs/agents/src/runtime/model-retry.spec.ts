import { afterEach, describe, expect, it } from '@jest/globals';
import {
  malformedTurn,
  overloadedTurn,
  rateLimitedTurn,
  serverErrorTurn,
  startFakeMessagesServer,
  textTurn,
  type FakeMessagesServer,
  type FakeTurn,
} from '../testing/fake-messages-server.js';
import { agentConfig, createRunnerHarness } from '../testing/fixtures/runner-harness.js';
import { ModelCallError } from './model-client.js';
import { parseRetryAfter, retryDelayMs } from './model-retry.js';

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(script: FakeTurn[]): Promise<FakeMessagesServer> {
  server = await startFakeMessagesServer({ script });
  return server;
}

const settings = { maxRetries: 3, initialDelayMs: 1_000, maxRetryAfterSeconds: 60 };

describe('retry timing', () => {
  it('parses retry-after as seconds, as an HTTP date, and retry-after-ms', () => {
    const now = Date.parse('2026-01-15T09:00:00.000Z');
    expect(parseRetryAfter(null, '7', now)).toBe(7_000);
    expect(parseRetryAfter(null, 'Thu, 15 Jan 2026 09:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('250', '7', now)).toBe(250);
    expect(parseRetryAfter(null, 'soon', now)).toBeUndefined();
  });

  it('honours retry-after up to 60 s, else backs off 1 s, 2 s, 4 s within ±25 %', () => {
    const limited = (ms: number) => new ModelCallError('status', 'x', { status: 429, retryAfterMs: ms });
    expect(retryDelayMs(limited(5_000), 1, settings)).toBe(5_000);
    expect(retryDelayMs(limited(600_000), 1, settings)).toBe(60_000);
    const plain = new ModelCallError('status', 'x', { status: 529 });
    expect(retryDelayMs(plain, 1, settings, () => 0.5)).toBe(1_000);
    expect(retryDelayMs(plain, 2, settings, () => 0)).toBe(1_500);
    expect(retryDelayMs(plain, 3, settings, () => 1)).toBe(5_000);
  });
});

describe('model-call retries through the real SDK', () => {
  it('waits out a 429 retry-after and then succeeds', async () => {
    const fake = await serve([rateLimitedTurn(1), textTurn('after the wait')]);
    const { runner, log } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig(), 'x');
    expect(result).toMatchObject({ status: 'completed', text: 'after the wait', usage: { model_calls: 1 } });
    const [first, second] = fake.requests;
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(950);
    expect(log.modelCalls.map((c) => c.outcome)).toEqual(['status_429', 'ok']);
  });

  it('retries 529 overloaded and 500 with back-off', async () => {
    const fake = await serve([overloadedTurn(), serverErrorTurn(500), textTurn('recovered')]);
    const { runner } = createRunnerHarness(fake.url);
    expect(await runner.run(agentConfig(), 'x')).toMatchObject({ status: 'completed', text: 'recovered' });
    expect(fake.messageRequests()).toHaveLength(3);
  });

  it('gives up after 3 retries with a sanitised error', async () => {
    const fake = await serve([overloadedTurn(), overloadedTurn(), overloadedTurn(), overloadedTurn(), textTurn('too late')]);
    const { runner } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig(), 'x');
    expect(result).toMatchObject({ status: 'error', error: 'The model API returned 529 (overloaded_error): Overloaded (fake).' });
    expect(fake.messageRequests()).toHaveLength(4);
  });

  it('does not retry other 4xx errors', async () => {
    const fake = await serve([{ kind: 'error', status: 400, message: 'max_tokens: too large' }, textTurn('never')]);
    const { runner } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig(), 'x');
    expect(result).toMatchObject({ status: 'error', error: 'The model API returned 400 (invalid_request_error): max_tokens: too large' });
    expect(fake.messageRequests()).toHaveLength(1);
  });

  it('ends with error on a malformed response body', async () => {
    const fake = await serve([malformedTurn()]);
    const { runner } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig(), 'x');
    expect(result.status).toBe('error');
    expect(result.error).toBe('The model API returned a response that could not be read.');
  });

  it('never sleeps past the run deadline: a long retry-after ends the run as timeout at once', async () => {
    const fake = await serve([rateLimitedTurn(30), textTurn('never')]);
    const { runner } = createRunnerHarness(fake.url);
    const started = Date.now();
    const result = await runner.run(agentConfig(), 'x', { timeoutSeconds: 2 });
    expect(result.status).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('aborts a slow model reply at the deadline', async () => {
    const fake = await serve([textTurn('slow', { delayMs: 5_000 })]);
    const { runner } = createRunnerHarness(fake.url);
    const started = Date.now();
    const result = await runner.run(agentConfig(), 'x', { timeoutSeconds: 1 });
    expect(result.status).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
