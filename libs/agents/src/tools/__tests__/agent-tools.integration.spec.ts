/**
 * The agent tools end to end through `runTool`: a real registry on temp directories, the real runner and factory
 * on the Anthropic SDK against the fake Messages API, and in-memory recorders and suggestion store.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { createToolContext, FakeClock, runTool, type AnyToolDefinition, type ToolCaller, type ToolRunResult } from '@chief-of-staff/core';
import { AgentFactory } from '../../factory/agent-factory.js';
import { AgentRunner } from '../../runtime/agent-runner.js';
import { createAnthropicModelClient } from '../../runtime/anthropic-model-client.js';
import { createInMemoryRunLog, type InMemoryRunLog } from '../../runtime/recorders.js';
import { createToolCatalogue } from '../../runtime/tool-port.js';
import { createAgentsService, type AgentsService } from '../../service/agents-service.js';
import { createInMemorySkillSuggestionStore, DEFAULT_SKILL_SETTINGS } from '../../skills/skills-ports.js';
import {
  startFakeMessagesServer,
  textTurn,
  toolUseTurn,
  type FakeMessagesServer,
  type FakeTurn,
  type RecordedRequest,
} from '../../testing/fake-messages-server.js';
import { createTempAgentDirs, type TempAgentDirs } from '../../testing/fixtures/agent-dirs.js';
import { createProbeTools } from '../../testing/fixtures/runner-harness.js';
import { agentTools } from '../agent-tools.js';

let server: FakeMessagesServer | undefined;
let dirs: TempAgentDirs | undefined;
afterEach(async () => {
  await server?.close();
  dirs?.cleanup();
  server = undefined;
  dirs = undefined;
});

interface Setup {
  service: AgentsService;
  log: InMemoryRunLog;
  suggestions: ReturnType<typeof createInMemorySkillSuggestionStore>;
  call(name: string, args: unknown, caller?: ToolCaller): Promise<ToolRunResult>;
}

/** Per-agent scripts: each model request is answered from the queue of the agent named in its system prompt. */
async function setup(scripts: Record<string, FakeTurn[]> = {}, maxDepth = 2): Promise<Setup> {
  server = await startFakeMessagesServer({
    responder: (request: RecordedRequest) => {
      const agent = /- Agent: (\S+)/.exec(String(request.body?.system ?? ''))?.[1] ?? 'factory';
      return scripts[agent]?.shift() ?? textTurn(`(no script for ${agent})`);
    },
  });
  dirs = createTempAgentDirs(
    [
      { name: 'boss', capabilities: ['memory_read', 'agent_dispatch'] },
      { name: 'worker', capabilities: ['memory_read', 'mail_write', 'agent_dispatch'] },
      { name: 'planner', capabilities: ['memory_read', 'calendar_read'] },
    ],
    [{ name: 'mine', capabilities: ['memory_read'] }],
  );
  const url = server.url;
  const model = () => createAnthropicModelClient({ apiKey: 'k', baseURL: url });
  const log = createInMemoryRunLog();
  const { tools } = createProbeTools();
  const services: { agents?: AgentsService } = {};
  const runner = new AgentRunner({
    model,
    catalogue: createToolCatalogue([...tools, ...(agentTools as unknown as AnyToolDefinition[])]),
    services,
    runs: log,
    toolUsage: log,
    settings: { maxDepth },
  });
  const clock = new FakeClock('2026-03-31T12:00:00.000Z');
  const suggestions = createInMemorySkillSuggestionStore();
  const service = createAgentsService({
    registry: dirs.registry,
    runner,
    factory: new AgentFactory({ model, registry: dirs.registry, clock }),
    clock,
    skills: { usage: log, suggestions, settings: DEFAULT_SKILL_SETTINGS },
  });
  services.agents = service;
  const byName = new Map((agentTools as unknown as AnyToolDefinition[]).map((tool) => [tool.name, tool]));
  return {
    service,
    log,
    suggestions,
    call: (name, args, caller = { kind: 'host' }) =>
      runTool(byName.get(name) as AnyToolDefinition, args, createToolContext({ services: { agents: service }, caller, clock })),
  };
}

function ok(result: ToolRunResult): Record<string, unknown> {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

function code(result: ToolRunResult): string {
  return result.ok ? 'ok' : result.error.code;
}

describe('agent tools', () => {
  it('exports the eleven agent tools in catalogue order', () => {
    expect(agentTools.map((tool) => tool.name)).toEqual([
      'list_agents',
      'get_agent',
      'create_agent',
      'update_agent',
      'delete_agent',
      'run_agent',
      'dispatch_agents',
      'list_agent_runs',
      'get_agent_run',
      'analyze_skill_patterns',
      'auto_create_skill',
    ]);
  });

  it('list_agents filters, pages with cursors bound to the filters, clamps limits and reports problems', async () => {
    const { call } = await setup();
    const all = ok(await call('list_agents', {}));
    expect((all['items'] as Array<{ name: string }>).map((i) => i.name)).toEqual(['boss', 'mine', 'planner', 'worker']);
    expect(all).toMatchObject({ total: 4, next_cursor: null, problems: [] });
    expect((all['items'] as unknown[])[0]).toEqual({
      name: 'boss',
      description: 'The boss agent',
      capabilities: ['memory_read', 'agent_dispatch'],
      model: 'sonnet',
      origin: 'builtin',
      created_by: null,
    });
    const first = ok(await call('list_agents', { capability: 'agent_dispatch', limit: 1 }));
    expect((first['items'] as Array<{ name: string }>).map((i) => i.name)).toEqual(['boss']);
    const second = ok(await call('list_agents', { capability: 'agent_dispatch', limit: 1, cursor: first['next_cursor'] }));
    expect((second['items'] as Array<{ name: string }>).map((i) => i.name)).toEqual(['worker']);
    expect(second['next_cursor']).toBeNull();
    expect(code(await call('list_agents', { capability: 'memory_read', cursor: first['next_cursor'] }))).toBe('INVALID_ARGUMENT');
    expect(code(await call('list_agents', { cursor: 'garbage' }))).toBe('INVALID_ARGUMENT');
    expect(code(await call('list_agents', { limit: 0 }))).toBe('INVALID_ARGUMENT');
    expect(ok(await call('list_agents', { limit: 500 }))['warnings']).toEqual(['limit clamped to 200']);
    expect((ok(await call('list_agents', { origin: 'user' }))['items'] as unknown[]).length).toBe(1);
    expect(code(await call('list_agents', { capability: 'telepathy' }))).toBe('INVALID_ARGUMENT');
  });

  it('get_agent returns the config, model id and effective tools; NOT_FOUND is uniform', async () => {
    const { call } = await setup();
    const planner = ok(await call('get_agent', { name: 'planner' }));
    expect(planner).toMatchObject({ name: 'planner', origin: 'builtin', model_id: 'claude-sonnet-4-6' });
    expect(planner['tools']).toEqual(['query_memory', 'list_facts', 'list_locations', 'search_identity']);
    const missing = await call('get_agent', { name: 'ghost' });
    expect(missing.ok ? null : missing.error).toEqual({
      code: 'NOT_FOUND',
      message: 'Agent ghost not found.',
      hint: 'See the agents with list_agents (or `cos agents list`).',
      details: { entity: 'Agent', id: 'ghost', field: 'name' },
    });
  });

  it('create_agent explicit mode validates, records the creator and refuses to widen an agent caller', async () => {
    const { call } = await setup();
    const created = ok(
      await call('create_agent', { name: 'notes', description: 'Takes notes', system_prompt: 'You take notes.', capabilities: ['memory_write', ' memory_write'] }),
    );
    expect(created).toMatchObject({ created_via: 'explicit', warnings: [], agent: { name: 'notes', capabilities: ['memory_write'], created_by: 'user', created_at: '2026-03-31T12:00:00.000Z', origin: 'user' } });
    expect(code(await call('create_agent', { description: 'x', system_prompt: 'p', capabilities: [] }))).toBe('INVALID_ARGUMENT');
    expect(code(await call('create_agent', { name: 'notes', description: 'x', system_prompt: 'p', capabilities: [] }))).toBe('CONFLICT');
    expect(code(await call('create_agent', { name: 'bad1', description: 'x', system_prompt: 'p', capabilities: ['nope'] }))).toBe('INVALID_ARGUMENT');
    expect(code(await call('create_agent', { name: 'bad2', description: 'x', system_prompt: 'p', capabilities: [], model: 'sonet' }))).toBe('INVALID_ARGUMENT');
    const agentCaller: ToolCaller = { kind: 'agent', agentName: 'boss', capabilities: ['memory_read', 'agent_write'] };
    expect(code(await call('create_agent', { name: 'spy', description: 'x', system_prompt: 'p', capabilities: ['mail_read'] }, agentCaller))).toBe('PERMISSION_DENIED');
    const byAgent = ok(await call('create_agent', { name: 'helper', description: 'x', system_prompt: 'p', capabilities: ['memory_read'] }, agentCaller));
    expect(byAgent['agent']).toMatchObject({ created_by: 'agent:boss' });
  });

  it('create_agent factory mode designs the agent through the model', async () => {
    const { call } = await setup({
      factory: [textTurn(JSON.stringify({ name: 'contracts', description: 'Vendor contracts', system_prompt: 'You track contracts.', capabilities: ['document_search', 'mail_write'] }))],
    });
    const created = ok(await call('create_agent', { description: 'Track vendor contracts' }));
    expect(created['created_via']).toBe('factory');
    expect(created['agent']).toMatchObject({ name: 'contracts', capabilities: ['document_search'], created_by: 'chief_of_staff' });
    expect(created['warnings']).toEqual(['Restricted capabilities removed (pass allow_restricted to keep them): mail_write.']);
  });

  it('update_agent changes fields, needs override for built-ins, and delete_agent restores them', async () => {
    const { call } = await setup();
    expect(ok(await call('update_agent', { name: 'mine', temperature: 0.9 }))).toMatchObject({ origin: 'user', agent: { temperature: 0.9, capabilities: ['memory_read'] } });
    expect(code(await call('update_agent', { name: 'planner', temperature: 0.1 }))).toBe('READ_ONLY');
    expect(ok(await call('update_agent', { name: 'planner', temperature: 0.1, override: true }))).toMatchObject({ origin: 'override' });
    expect(code(await call('update_agent', { name: 'mine', capabilities: ['bogus'] }))).toBe('INVALID_ARGUMENT');
    expect(ok(await call('delete_agent', { name: 'planner' }))).toEqual({ deleted: true, name: 'planner', restored_builtin: true });
    expect(code(await call('delete_agent', { name: 'planner' }))).toBe('READ_ONLY');
    expect(ok(await call('delete_agent', { name: 'mine' }))).toEqual({ deleted: true, name: 'mine', restored_builtin: false });
  });

  it('run_agent nests runs: the child is recorded with its parent and loses restricted capabilities the parent lacks', async () => {
    const { call, log } = await setup({
      boss: [toolUseTurn([{ name: 'run_agent', input: { name: 'worker', instruction: 'Check the inbox' } }]), textTurn('Worker says: all quiet.')],
      worker: [textTurn('All quiet.')],
    });
    const result = ok(await call('run_agent', { name: 'boss', instruction: 'Delegate the inbox check' }));
    expect(result).toMatchObject({ status: 'completed', text: 'Worker says: all quiet.', tool_calls: [{ name: 'run_agent', ok: true }] });
    const workerRun = log.runs.find((run) => run.agent_name === 'worker');
    expect(workerRun).toMatchObject({ trigger: 'agent', parent_run_id: result['run_id'], status: 'completed' });
    const workerRequest = server?.messageRequests().find((r) => String(r.system).includes('- Agent: worker'));
    const offered = workerRequest?.tools?.map((t) => t.name) ?? [];
    expect(offered).toContain('run_agent');
    expect(offered).not.toContain('send_email');
  });

  it('run_agent refuses to nest deeper than agents.maxDepth', async () => {
    const { call } = await setup(
      {
        boss: [toolUseTurn([{ name: 'run_agent', input: { name: 'worker', instruction: 'go' } }]), textTurn('done')],
        worker: [toolUseTurn([{ name: 'run_agent', input: { name: 'planner', instruction: 'go' } }]), textTurn('could not nest')],
      },
      1,
    );
    const result = ok(await call('run_agent', { name: 'boss', instruction: 'go' }));
    expect(result['status']).toBe('completed');
    const workerRequests = server?.messageRequests().filter((r) => String(r.system).includes('- Agent: worker')) ?? [];
    const lastMessage = workerRequests.at(-1)?.messages?.at(-1)?.content as Array<{ content: string }>;
    expect(lastMessage[0]?.content).toMatch(/^LIMIT_EXCEEDED: Agents may nest at most 1 levels deep/);
  });

  it('run_agent for an unknown agent is NOT_FOUND and dispatch_agents runs several', async () => {
    const { call } = await setup({ planner: [textTurn('Plan ready.')], mine: [textTurn('Mine ready.')] });
    expect(code(await call('run_agent', { name: 'ghost', instruction: 'x' }))).toBe('NOT_FOUND');
    const dispatched = ok(await call('dispatch_agents', { task: 'Report', agent_names: ['planner', 'mine', 'ghost'], timeout_seconds: 30 }));
    expect((dispatched['dispatches'] as Array<{ agent: string; text: string }>).map((d) => [d.agent, d.text])).toEqual([
      ['planner', 'Plan ready.'],
      ['mine', 'Mine ready.'],
    ]);
    expect(dispatched['skipped']).toEqual([{ agent: 'ghost', reason: 'no agent with this name' }]);
    expect(code(await call('dispatch_agents', { task: 'x' }))).toBe('INVALID_ARGUMENT');
  });

  it('analyze_skill_patterns suggests skills from the usage log and auto_create_skill turns one into an agent once', async () => {
    const { call, log, suggestions } = await setup({
      factory: [textTurn(JSON.stringify({ name: 'ignored', description: 'Invoice searcher', system_prompt: 'You search invoices.', capabilities: [] }))],
    });
    for (let i = 0; i < 10; i += 1) {
      log.toolUsage.push({
        tool_name: 'search_mail',
        caller_kind: 'host',
        agent_name: null,
        run_id: null,
        query_pattern: i % 2 === 0 ? 'acme invoices' : 'invoices from acme',
        success: true,
        error_code: null,
        duration_ms: 5,
        estimated_ms: null,
        response_bytes: 10,
        truncated: false,
        served_by: null,
        created_at: new Date(Date.parse('2026-03-31T12:00:00.000Z') - i * 86_400_000).toISOString(),
      });
    }
    const analysed = ok(await call('analyze_skill_patterns', {}));
    expect(analysed).toMatchObject({ created: 1, updated: 0 });
    const [pattern] = analysed['patterns'] as Array<{ suggestion_id: number; suggested_name: string; suggested_capabilities: string[] }>;
    expect(pattern?.suggested_capabilities).toEqual(['mail_read']);
    expect(ok(await call('analyze_skill_patterns', {}))).toMatchObject({ created: 0, updated: 1 });

    const created = ok(await call('auto_create_skill', { suggestion_id: pattern?.suggestion_id }));
    expect(created['agent']).toMatchObject({ name: pattern?.suggested_name, capabilities: ['mail_read'], created_by: 'chief_of_staff' });
    expect(suggestions.items[0]).toMatchObject({ status: 'accepted', agent_name: pattern?.suggested_name });
    expect(code(await call('auto_create_skill', { suggestion_id: pattern?.suggestion_id }))).toBe('CONFLICT');
    expect(code(await call('auto_create_skill', { suggestion_id: 99 }))).toBe('NOT_FOUND');
    expect(ok(await call('analyze_skill_patterns', {}))).toMatchObject({ created: 0, updated: 0 });
  });
});
