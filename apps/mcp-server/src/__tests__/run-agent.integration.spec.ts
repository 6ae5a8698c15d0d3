/**
 * End to end over MCP: the built server runs the built-in `meeting_prep` agent against a local fake Messages API.
 * The scripted model asks for real tools; they run against the real memory store, and the agent's final text comes
 * back to the MCP client.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectBuiltServer } from './connect-built-server.js';
import { startFakeMessagesServer, textTurn, toolUseTurn, type FakeMessagesServer } from '@chief-of-staff/agents/testing';

const FINAL_TEXT = '# Prep: 1:1 with Dana\n- Dana leads the platform team; ask about the Q3 roadmap deck (due 2026-01-20).';

describe('run_agent over MCP', () => {
  let dataDir: string;
  let model: FakeMessagesServer;
  let client: Client;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-run-agent-'));
    model = await startFakeMessagesServer({
      script: [
        toolUseTurn(
          [
            { name: 'query_memory', input: { query: 'Dana' } },
            { name: 'list_delegations', input: { delegated_to: 'Dana' } },
          ],
          { text: 'Gathering what I know about Dana.' },
        ),
        textTurn(FINAL_TEXT),
      ],
    });
    client = await connectBuiltServer({ dataDir, modelUrl: model.url, name: 'agent-e2e' });
  });

  afterAll(async () => {
    await client.close();
    await model.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists agents as prompts', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toContain('meeting_prep');
    const prompt = await client.getPrompt({ name: 'meeting_prep', arguments: { instruction: 'Prep my 1:1 with Dana' } });
    expect(JSON.stringify(prompt.messages)).toContain('run_agent');
  });

  it('runs meeting_prep with real tool calls into the memory store', async () => {
    await client.callTool({
      name: 'store_fact',
      arguments: { category: 'relationship', key: 'dana', value: 'Dana leads the platform team' },
    });
    await client.callTool({
      name: 'create_delegation',
      arguments: { task: 'Q3 roadmap deck', delegated_to: 'Dana', due_date: '2026-01-20' },
    });

    const result = await client.callTool({
      name: 'run_agent',
      arguments: { name: 'meeting_prep', instruction: 'Prepare my 1:1 with Dana tomorrow.' },
    });
    expect(result.isError).toBeFalsy();
    const run = result.structuredContent as {
      status: string;
      text: string;
      rounds: number;
      tool_calls: Array<{ name: string; success?: boolean; ok?: boolean }>;
    };
    expect(run.status).toBe('completed');
    expect(run.text).toBe(FINAL_TEXT);
    expect(run.tool_calls.map((call) => call.name).sort()).toEqual(['list_delegations', 'query_memory']);

    // The model really received the tools' results from the store.
    const requests = model.messageRequests();
    expect(requests).toHaveLength(2);
    const second = JSON.stringify(requests[1]);
    expect(second).toContain('Dana leads the platform team');
    expect(second).toContain('Q3 roadmap deck');
    // The agent was offered only what its capabilities grant (no sending mail, for instance).
    const offered = (requests[0] as { tools?: Array<{ name: string }> }).tools?.map((tool) => tool.name) ?? [];
    expect(offered).toContain('query_memory');
    expect(offered).not.toContain('send_email');
  });
});
