import { describe, expect, it } from '@jest/globals';
import { httpConnectInstructions, reachableUrls } from './connect-instructions.js';

describe('connect instructions', () => {
  it('print addresses a client can reach when the server listens on all interfaces', () => {
    expect(reachableUrls('http://0.0.0.0:8765/mcp', 'deskbox')).toEqual({ local: 'http://127.0.0.1:8765/mcp', remote: 'http://deskbox:8765/mcp' });
    expect(reachableUrls('http://[::]:8765/mcp', 'deskbox')).toEqual({ local: 'http://127.0.0.1:8765/mcp', remote: 'http://deskbox:8765/mcp' });
    expect(reachableUrls('http://127.0.0.1:8765/mcp')).toEqual({ local: 'http://127.0.0.1:8765/mcp' });
    const text = httpConnectInstructions('http://0.0.0.0:8765/mcp', 'in /data/mcp-http-token', '/data/mcp-http-token');
    expect(text).toContain('claude mcp add --transport http chief-of-staff http://127.0.0.1:8765/mcp');
    expect(text).not.toMatch(/server-url http:\/\/0\.0\.0\.0/);
  });
});
