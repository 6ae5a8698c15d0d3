/**
 * The runtime on the real SQLite memory store: the built-in meeting_prep agent makes real tool calls into the
 * memory tools through the real SDK and the fake Messages API; runs, model calls and tool usage land in their
 * tables; agent memory reaches the prompt; skill analysis reads the real usage log.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolContext, FakeClock, runTool, type AnyToolDefinition } from '@chief-of-staff/core';
import { allMemoryDomainTools } from '@chief-of-staff/capabilities';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import { AgentFactory } from '../../factory/agent-factory.js';
import { AgentRegistry } from '../../registry/agent-registry.js';
import { AgentRunner } from '../../runtime/agent-runner.js';
import { createAnthropicModelClient } from '../../runtime/anthropic-model-client.js';
import { createToolCatalogue } from '../../runtime/tool-port.js';
import { createAgentsService } from '../../service/agents-service.js';
import { DEFAULT_SKILL_SETTINGS } from '../../skills/skills-ports.js';
import { startFakeMessagesServer, textTurn, toolUseTurn, type FakeMessagesServer, type FakeTurn } from '../../testing/fake-messages-server.js';
import { agentTools } from '../../tools/agent-tools.js';
import { createMemoryStoreRecorders } from '../memory-store-adapters.js';

let server: FakeMessagesServer | undefined;
let store: TestMemoryStore | undefined;
let userDir: string | undefined;
afterEach(async () => {
  await server?.close();
  await store?.cleanup();
  if (userDir !== undefined) rmSync(userDir, { recursive: true, force: true });
  server = undefined;
  store = undefined;
  userDir = undefined;
});

async function setup(script: FakeTurn[]) {
  const clock = new FakeClock('2026-03-31T12:00:00.000Z', 'Europe/London');
  server = await startFakeMessagesServer({ script });
  store = createTestMemoryStore({ clock });
  userDir = mkdtempSync(join(tmpdir(), 'cos-agents-user-'));
  const url = server.url;
  const model = () => createAnthropicModelClient({ apiKey: 'k', baseURL: url });
  const recorders = createMemoryStoreRecorders(store);
  const registry = new AgentRegistry({ userDir });
  const catalogue = createToolCatalogue([
    ...(allMemoryDomainTools as unknown as AnyToolDefinition[]),
    ...(agentTools as unknown as AnyToolDefinition[]),
  ]);
  const services: Record<string, unknown> = { memory: store };
  const runner = new AgentRunner({
    model,
    catalogue,
    services,
    clock,
    runs: recorders.runs,
    modelCalls: recorders.modelCalls,
    toolUsage: recorders.toolUsage,
    memory: recorders.memory,
  });
  const service = createAgentsService({
    registry,
    runner,
    factory: new AgentFactory({ model, registry, clock }),
    clock,
    skills: { usage: recorders.toolUsage, suggestions: recorders.suggestions, settings: DEFAULT_SKILL_SETTINGS },
  });
  services['agents'] = service;
  return { store, service, clock, services };
}

describe('agents on the real memory store', () => {
  it('meeting_prep calls the real memory tools and returns the model\'s final text; everything is recorded', async () => {
    const { store: memory, service, clock, services } = await setup([
      toolUseTurn([
        { name: 'query_memory', input: { query: 'Dana roadmap' }, id: 'toolu_q' },
        { name: 'list_facts', input: { category: 'work' }, id: 'toolu_l' },
      ]),
      textTurn('# Prep: 1:1 with Dana\n- Roadmap review is due Friday (source: memory)'),
    ]);
    await memory.facts.upsert({ category: 'work', key: 'dana_roadmap', value: 'Dana owns the roadmap review due Friday', source: 'user' });
    await memory.agentMemory.upsert({ agentName: 'meeting_prep', memoryType: 'preference', key: 'format', value: 'bullet points only' });

    const runAgent = agentTools.find((tool) => tool.name === 'run_agent') as unknown as AnyToolDefinition;
    const outcome = await runTool(runAgent, { name: 'meeting_prep', instruction: 'Prepare my 1:1 with Dana' }, createToolContext({ services, clock }));
    if (!outcome.ok) throw new Error(outcome.error.message);
    const result = outcome.value as { run_id: string; status: string; text: string; tool_calls: Array<{ name: string; ok: boolean }> };
    expect(result.status).toBe('completed');
    expect(result.text).toBe('# Prep: 1:1 with Dana\n- Roadmap review is due Friday (source: memory)');
    expect(result.tool_calls).toEqual([
      expect.objectContaining({ name: 'query_memory', ok: true }),
      expect.objectContaining({ name: 'list_facts', ok: true }),
    ]);

    const [first, second] = server?.messageRequests() ?? [];
    expect(String(first?.system)).toContain('<untrusted_data origin="agent-memory:meeting_prep">\n- [preference] format: bullet points only');
    expect(first?.tools?.map((t) => t.name)).toEqual(expect.arrayContaining(['query_memory', 'list_facts', 'search_identity']));
    expect(first?.tools?.map((t) => t.name)).not.toContain('store_fact');
    const results = second?.messages?.at(-1)?.content as Array<{ tool_use_id: string; content: string }>;
    expect(results.find((r) => r.tool_use_id === 'toolu_q')?.content).toContain('Dana owns the roadmap review due Friday');

    expect(await memory.agentRuns.get(result.run_id)).toMatchObject({ agentName: 'meeting_prep', status: 'completed', rounds: 2, toolCallCount: 2, trigger: 'host' });
    expect((await memory.modelCalls.listSince('2000-01-01T00:00:00.000Z')).map((c) => c.outcome)).toEqual(['ok', 'ok']);
    const usage = await memory.toolUsage.listSince('2000-01-01T00:00:00.000Z', 10);
    // The two calls ran concurrently, so their rows may be written in either order.
    const rows = usage.map((u) => [u.toolName, u.callerKind, u.agentName, u.runId, u.queryPattern, u.success]);
    expect(rows.sort()).toEqual([
      ['list_facts', 'agent', 'meeting_prep', result.run_id, 'auto', true],
      ['query_memory', 'agent', 'meeting_prep', result.run_id, 'Dana roadmap', true],
    ]);
    expect(service.registry.problems()).toEqual([]);
  });

  it('passes the agent\'s namespaces to tools, so shared memory is limited to them and shown in later prompts', async () => {
    const { store: memory, service } = await setup([
      toolUseTurn([
        { name: 'store_shared_memory', input: { namespace: 'team', key: 'sprint', value: 'Sprint 12 ends Friday' } },
        { name: 'store_shared_memory', input: { namespace: 'finance', key: 'budget', value: 'secret' } },
      ]),
      textTurn('Noted.'),
      textTurn('Second run.'),
    ]);
    const agent = service.registry.save({
      name: 'team_notes',
      description: 'Keeps team notes',
      system_prompt: 'You keep team notes.',
      capabilities: ['agent_memory_read', 'agent_memory_write'],
      namespaces: ['team'],
    });
    const result = await service.runner.run(agent.config, 'Remember the sprint end');
    expect(result.tool_calls.map((call) => call.error_code ?? 'ok')).toEqual(['ok', 'PERMISSION_DENIED']);
    expect((await memory.sharedMemory.list({ namespace: 'team' }, {})).items).toMatchObject([{ key: 'sprint', writtenBy: 'team_notes' }]);
    await service.runner.run(agent.config, 'What do you know?');
    const third = server?.messageRequests()[2];
    expect(String(third?.system)).toContain('<untrusted_data origin="shared-memory:team">\n- sprint: Sprint 12 ends Friday (written by team_notes)');
  });

  it('analyses the SQLite usage log into stored skill suggestions', async () => {
    const { store: memory, service, clock } = await setup([]);
    for (let i = 0; i < 10; i += 1) {
      clock.set(new Date(Date.parse('2026-03-31T12:00:00.000Z') - i * 86_400_000));
      await memory.toolUsage.record({ toolName: 'search_mail', callerKind: 'host', queryPattern: i % 2 ? 'acme invoices' : 'invoices acme overdue', success: true, durationMs: 3 });
    }
    clock.set('2026-03-31T12:00:00.000Z');
    const analyze = agentTools.find((tool) => tool.name === 'analyze_skill_patterns') as unknown as AnyToolDefinition;
    const outcome = await runTool(analyze, {}, createToolContext({ services: { agents: service }, clock }));
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.value).toMatchObject({ created: 1, updated: 0 });
    expect((await memory.skillSuggestions.list({ status: 'pending' }, {})).items).toMatchObject([
      { toolName: 'search_mail', suggestedCapabilities: ['mail_read'], occurrences: 10 },
    ]);
  });
});
