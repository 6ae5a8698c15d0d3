import { afterEach, describe, expect, it } from '@jest/globals';
import { isToolError } from '@chief-of-staff/core';
import { AgentFactory } from '../factory/agent-factory.js';
import { createAgentsService, type AgentsService } from '../service/agents-service.js';
import { startFakeMessagesServer, textTurn, type FakeMessagesServer, type FakeTurn, type RecordedRequest } from '../testing/fake-messages-server.js';
import { createTempAgentDirs, type TempAgentDirs } from '../testing/fixtures/agent-dirs.js';
import { createRunnerHarness } from '../testing/fixtures/runner-harness.js';
import { createAnthropicModelClient } from '../runtime/anthropic-model-client.js';
import { dispatchAgents } from './dispatch-agents.js';
import { runAgentByName } from './run-agent.js';

let server: FakeMessagesServer | undefined;
let dirs: TempAgentDirs | undefined;
afterEach(async () => {
  await server?.close();
  dirs?.cleanup();
  server = undefined;
  dirs = undefined;
});

const host = { kind: 'host' as const };

/** Answers each agent by the name in its system prompt; `slow` agents take `slowMs`. */
function responder(slowMs: number) {
  return (request: RecordedRequest): FakeTurn => {
    const system = String(request.body?.system ?? '');
    const agent = /- Agent: (\S+)/.exec(system)?.[1] ?? 'synthesis';
    if (agent === 'synthesis') return textTurn('Combined summary.');
    return textTurn(`Answer from ${agent}.`, { delayMs: agent.startsWith('slow') ? slowMs : 100 });
  };
}

async function setup(slowMs = 5_000): Promise<AgentsService> {
  server = await startFakeMessagesServer({ responder: responder(slowMs) });
  dirs = createTempAgentDirs([
    { name: 'alpha', capabilities: ['memory_read', 'calendar_read'] },
    { name: 'beta', capabilities: ['memory_read'] },
    { name: 'gamma', capabilities: ['memory_read', 'calendar_read'] },
    { name: 'slow_one', capabilities: ['memory_read'] },
  ]);
  const { runner } = createRunnerHarness(server.url);
  const url = server.url;
  const factory = new AgentFactory({ model: () => createAnthropicModelClient({ apiKey: 'k', baseURL: url }), registry: dirs.registry });
  return createAgentsService({ registry: dirs.registry, runner, factory });
}

describe('dispatchAgents', () => {
  it('runs the named agents in parallel, keeps request order and skips unknown names', async () => {
    const service = await setup();
    const result = await dispatchAgents(service, { task: 'Status?', agentNames: ['gamma', 'nobody', 'alpha', '../x'], caller: host });
    expect(result.dispatches.map((d) => [d.agent, d.status, d.text])).toEqual([
      ['gamma', 'completed', 'Answer from gamma.'],
      ['alpha', 'completed', 'Answer from alpha.'],
    ]);
    expect(result.skipped).toEqual([
      { agent: 'nobody', reason: 'no agent with this name' },
      { agent: '../x', reason: 'not a valid agent name' },
    ]);
    expect(result.dispatches[0]?.run_id).toMatch(/^[0-9a-f-]{36}$/);
    // Both model requests arrive before the first (100 ms) answer: the runs overlap.
    const [first, second] = server?.requests ?? [];
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeLessThan(100);
  });

  it('selects every agent holding all capability_match entries', async () => {
    const service = await setup();
    const result = await dispatchAgents(service, { task: 't', capabilityMatch: ['calendar_read', 'memory_read'], caller: host });
    expect(result.dispatches.map((d) => d.agent)).toEqual(['alpha', 'gamma']);
  });

  it('honours the concurrency limit', async () => {
    const service = await setup();
    await dispatchAgents(service, { task: 't', agentNames: ['alpha', 'beta', 'gamma'], maxConcurrent: 1, caller: host });
    const times = server?.requests.map((r) => r.receivedAt) ?? [];
    expect(times).toHaveLength(3);
    expect((times[2] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(180);
  });

  it('keeps finished results and reports runs cut by the wall clock as timeout', async () => {
    const service = await setup(5_000);
    const started = Date.now();
    const result = await dispatchAgents(service, { task: 't', agentNames: ['alpha', 'slow_one'], timeoutSeconds: 1, caller: host });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result.dispatches.map((d) => [d.agent, d.status])).toEqual([
      ['alpha', 'completed'],
      ['slow_one', 'timeout'],
    ]);
  });

  it('rejects a request naming no agents and one selecting too many', async () => {
    const service = await setup();
    const none = await dispatchAgents(service, { task: 't', caller: host }).catch((e: unknown) => e);
    expect(isToolError(none) && none.code).toBe('INVALID_ARGUMENT');
    const narrow = { ...service, dispatch: { ...service.dispatch, maxAgents: 1 } };
    const many = await dispatchAgents(narrow, { task: 't', agentNames: ['alpha', 'beta'], caller: host }).catch((e: unknown) => e);
    expect(isToolError(many) && many.message).toContain('at most 1 may run');
    const typo = await dispatchAgents(service, { task: 't', capabilityMatch: ['calendar_reed'], caller: host }).catch((e: unknown) => e);
    expect(isToolError(typo) && typo.code).toBe('INVALID_ARGUMENT');
  });

  it('cuts long texts and synthesises completed answers on request', async () => {
    const service = await setup();
    const narrow = { ...service, dispatch: { ...service.dispatch, resultMaxChars: 12 } };
    const result = await dispatchAgents(narrow, { task: 't', agentNames: ['alpha', 'beta'], synthesize: true, caller: host });
    expect(result.synthesized_summary).toBe('Combined summary.');
    expect(result.dispatches[0]?.text.length).toBeLessThanOrEqual(12 + 30);
    expect(result.dispatches[0]?.text).toContain('…[truncated');
    const synthesis = server?.messageRequests().find((r) => !String(r.system).includes('- Agent:'));
    expect(JSON.stringify(synthesis?.messages)).toContain('untrusted_data origin=\\"agent alpha\\"');
  });
});

describe('runAgentByName', () => {
  it('returns NOT_FOUND for an unknown agent and runs a known one', async () => {
    const service = await setup();
    const missing = await runAgentByName(service, { name: 'ghost', instruction: 'x', caller: host }).catch((e: unknown) => e);
    expect(isToolError(missing) && missing.message).toBe('Agent ghost not found.');
    const result = await runAgentByName(service, { name: 'beta', instruction: 'x', caller: host, context: { ticket: 7 } });
    expect(result.text).toBe('Answer from beta.');
    const sent = server?.messageRequests().at(-1);
    expect(JSON.stringify(sent?.messages)).toContain('untrusted data from the run_agent context');
  });
});
