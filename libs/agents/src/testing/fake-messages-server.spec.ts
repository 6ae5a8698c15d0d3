import { afterEach, describe, expect, it } from '@jest/globals';
import { Anthropic, APIError } from '@anthropic-ai/sdk';
import {
  malformedTurn,
  overloadedTurn,
  rateLimitedTurn,
  startFakeMessagesServer,
  textTurn,
  toolUseTurn,
  type FakeMessagesServer,
} from './fake-messages-server.js';

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function client(url: string): Anthropic {
  return new Anthropic({ apiKey: 'test-key', baseURL: url, maxRetries: 0 });
}

describe('fake Messages API server', () => {
  it('answers the real SDK with scripted text and tool_use turns and records the requests', async () => {
    server = await startFakeMessagesServer({
      script: [toolUseTurn([{ name: 'query_memory', input: { query: 'alice' } }], { text: 'Looking.' }), textTurn('Done.')],
    });
    const anthropic = client(server.url);
    // The SDK's types no longer declare `temperature`; the runtime still sends it (see ADR on temperature).
    const params = {
      model: 'claude-test',
      max_tokens: 123,
      temperature: 0.4,
      messages: [{ role: 'user' as const, content: 'hi' }],
      tools: [{ name: 'query_memory', description: 'q', input_schema: { type: 'object' as const, properties: {} } }],
    };
    const first = await anthropic.messages.create(params);
    expect(first.stop_reason).toBe('tool_use');
    expect(first.content[0]).toMatchObject({ type: 'text', text: 'Looking.' });
    expect(first.content[1]).toMatchObject({ type: 'tool_use', name: 'query_memory', input: { query: 'alice' } });
    expect(first.usage.input_tokens).toBe(10);
    const second = await anthropic.messages.create({
      model: 'claude-test',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'again' }],
    });
    expect(second).toMatchObject({ type: 'message', role: 'assistant', stop_reason: 'end_turn', model: 'claude-test' });
    const sent = server.messageRequests();
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ model: 'claude-test', max_tokens: 123, temperature: 0.4 });
    expect(sent[0]?.tools?.[0]?.name).toBe('query_memory');
    expect(server.requests[0]?.headers['x-api-key'] ?? server.requests[0]?.headers.authorization).toBeDefined();
  });

  it('returns API errors with status, type and retry-after', async () => {
    server = await startFakeMessagesServer({ script: [rateLimitedTurn(7), overloadedTurn()] });
    const anthropic = client(server.url);
    const call = () => anthropic.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] });
    const limited = await call().catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(APIError);
    expect((limited as APIError).status).toBe(429);
    expect((limited as APIError).headers?.get('retry-after')).toBe('7');
    const overloaded = await call().catch((error: unknown) => error);
    expect((overloaded as APIError).status).toBe(529);
  });

  it('sends malformed JSON and reports an exhausted script as a 500', async () => {
    server = await startFakeMessagesServer({ script: [malformedTurn()] });
    const anthropic = client(server.url);
    const call = () => anthropic.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] });
    await expect(call()).rejects.toThrow();
    const exhausted = await call().catch((error: unknown) => error);
    expect((exhausted as APIError).status).toBe(500);
  });
});
