import { describe, expect, it } from '@jest/globals';
import { startFakeMessagesServer } from '../testing/fake-messages-server.js';
import { agentConfig, createRunnerHarness } from '../testing/fixtures/runner-harness.js';

/** The run error for one upstream error answer (4xx, so it is not retried). */
async function errorOf(status: number, message: string): Promise<string | undefined> {
  const server = await startFakeMessagesServer({ script: [{ kind: 'error', status, message }] });
  try {
    const { runner } = createRunnerHarness(server.url);
    return (await runner.run(agentConfig(), 'x')).error;
  } finally {
    await server.close();
  }
}

describe('upstream error messages', () => {
  it('keeps a plain message, cut to one line', async () => {
    expect(await errorOf(400, 'max_tokens: too large\nsecond line')).toBe('The model API returned 400 (invalid_request_error): max_tokens: too large');
  });

  // A gateway in front of the API (ANTHROPIC_BASE_URL) may answer with its own crash as the message.
  it('leaves out a message that is a stack trace, a socket error or an error body', async () => {
    const crash = "TypeError: Cannot read properties of undefined (reading 'content')\n    at forward (/srv/gateway/node_modules/proxy/index.js:412:17)";
    expect(await errorOf(400, crash)).toBe('The model API returned 400 (invalid_request_error).');
    expect(await errorOf(401, 'read ECONNRESET')).toBe('The model API returned 401 (authentication_error).');
    expect(await errorOf(403, '{"type":"error","error":{"type":"permission_error"}}')).toBe('The model API returned 403 (permission_error).');
    expect(await errorOf(404, 'Error: not found at handler (/srv/app.js:10:5)')).toBe('The model API returned 404 (not_found_error).');
  });
});
