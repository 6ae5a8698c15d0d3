/**
 * The research agents end to end with a joined search server: `web_search` becomes real when a search-type server
 * is configured, the agents find its tool through tool_search, call it through the orchestration executor, and the
 * answer reaches the model marked as untrusted data.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import { startFakeMessagesServer, textTurn, toolUseTurn, type FakeMessagesServer } from '@chief-of-staff/agents/testing';
import { scriptedServerEntry } from '@chief-of-staff/orchestration/testing';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

describe.each(['research_and_strategy', 'chief_of_staff'])('%s with a joined search server', (agentName) => {
  let dir: string;
  let model: FakeMessagesServer;
  let cos: ChiefOfStaff;
  const calls = () => readFileSync(join(dir, 'tavily.calls'), 'utf8').split('\n').filter(Boolean);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cos-research-'));
    writeFileSync(
      join(dir, 'mcp-servers.json'),
      JSON.stringify({ mcpServers: { tavily: scriptedServerEntry('tavily', { tavily_search: { description: 'Searches the web for current news and facts.' } }, { control: join(dir, 'tavily.control.json'), calls: join(dir, 'tavily.calls') }) } }),
    );
    model = await startFakeMessagesServer({
      script: [
        toolUseTurn([{ name: 'tool_search', input: { query: 'search the web for the latest news about competitors', limit: 5 } }]),
        toolUseTurn([{ name: 'tavily__tavily_search', input: { q: 'Acme Corp funding round 2026' } }]),
        textTurn('Acme raised a Series B in 2026, according to a web search.'),
      ],
    });
    cos = await createChiefOfStaff({
      dataDir: join(dir, 'data'),
      config: { mcpServersFile: join(dir, 'mcp-servers.json') },
      env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url },
      logger: createSilentLogger(),
      semanticRecall: false,
    });
  }, 30_000);

  afterAll(async () => {
    await cos.close();
    await model.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the search tool through tool_search and answers from it', async () => {
    const agent = cos.agents.registry.get(agentName);
    if (!agent) throw new Error(`built-in agent ${agentName} is missing`);
    const result = await cos.agents.runner.run(agent.config, 'What is the latest news about Acme Corp?');
    expect(result.tool_calls.map((call) => [call.name, call.error_code ?? 'ok'])).toEqual([
      ['tool_search', 'ok'],
      ['tavily__tavily_search', 'ok'],
    ]);
    expect(calls()).toEqual(['tavily_search']);
    const requests = model.messageRequests();
    expect(JSON.stringify(requests[1]?.messages?.at(-1))).toContain('tavily__tavily_search');
    const answer = JSON.stringify(requests[2]?.messages?.at(-1));
    expect(answer).toContain('tavily_search answered: Acme Corp funding round 2026');
    expect(answer).toContain('untrusted');
    expect(result.text).toContain('Series B');
  });
});
