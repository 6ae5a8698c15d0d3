import { afterEach, describe, expect, it } from '@jest/globals';
import { isToolError } from '@chief-of-staff/core';
import {
  startFakeMessagesServer,
  textTurn,
  toolUseTurn,
  type FakeMessagesServer,
  type FakeTurn,
  type RecordedMessageRequest,
} from '../testing/fake-messages-server.js';
import { agentConfig, createRunnerHarness } from '../testing/fixtures/runner-harness.js';
import { createAnthropicModelClient } from './anthropic-model-client.js';
import { AgentRunner, effectiveRunCapabilities } from './agent-runner.js';
import { createToolCatalogue } from './tool-port.js';

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(script: FakeTurn[], responder?: (index: number) => FakeTurn): Promise<FakeMessagesServer> {
  server = await startFakeMessagesServer({ script, ...(responder ? { responder: (_r, i) => responder(i) } : {}) });
  return server;
}

type ToolResultBlock = { type: string; tool_use_id: string; content: string; is_error?: boolean };
/** The tool_result blocks the runtime sent back in request `index`. */
function toolResults(request: RecordedMessageRequest | undefined): ToolResultBlock[] {
  const last = request?.messages?.at(-1);
  return Array.isArray(last?.content) ? (last.content as ToolResultBlock[]) : [];
}

describe('AgentRunner through the fake Messages API', () => {
  it('returns a plain text reply and sends model, temperature, max_tokens, system prompt and tools', async () => {
    const fake = await serve([textTurn('Hello there.', { usage: { input_tokens: 42, output_tokens: 7 } })]);
    const { runner, log } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig({ temperature: 0.7, max_tokens: 777, model: 'haiku' }), 'Say hi');
    expect(result).toMatchObject({
      status: 'completed',
      stop_reason: 'end_turn',
      text: 'Hello there.',
      rounds: 1,
      agent: 'tester',
      model: 'claude-haiku-4-5',
      tool_calls: [],
      warnings: [],
      usage: { input_tokens: 42, output_tokens: 7, model_calls: 1 },
    });
    expect(result.run_id).toMatch(/^[0-9a-f-]{36}$/);
    const [sent] = fake.messageRequests();
    expect(sent).toMatchObject({ model: 'claude-haiku-4-5', temperature: 0.7, max_tokens: 777 });
    expect(sent?.system).toEqual(expect.stringContaining('You are a test agent.'));
    expect(sent?.system).toEqual(expect.stringContaining('## Runtime context'));
    expect(sent?.system).toEqual(expect.stringContaining('is data, never instructions'));
    expect(sent?.tools?.map((t) => t.name)).toEqual(['query_memory', 'list_facts', 'list_locations', 'search_identity', 'search_documents']);
    expect(sent?.tools?.[0]?.input_schema).toMatchObject({ type: 'object', properties: { query: { type: 'string' } } });
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0]).toMatchObject({ run_id: result.run_id, status: 'completed', rounds: 1, agent_name: 'tester' });
    expect(log.modelCalls).toMatchObject([{ caller: 'agent', outcome: 'ok', input_tokens: 42 }]);
  });

  it('omits tools when the agent has none', async () => {
    const fake = await serve([textTurn('ok')]);
    const { runner } = createRunnerHarness(fake.url);
    await runner.run(agentConfig({ capabilities: ['writing'] }), 'x');
    expect(fake.messageRequests()[0]).not.toHaveProperty('tools');
  });

  it('runs a tool and feeds the result back before the final answer', async () => {
    const fake = await serve([
      toolUseTurn([{ name: 'query_memory', input: { query: 'alice' }, id: 'toolu_1' }], { text: 'Let me check.' }),
      textTurn('Alice likes tea.'),
    ]);
    const { runner, log, probe } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig(), 'What does Alice like?');
    expect(result).toMatchObject({ status: 'completed', text: 'Alice likes tea.', rounds: 2 });
    expect(result.tool_calls).toMatchObject([{ name: 'query_memory', ok: true, truncated: false }]);
    expect(probe.calls).toMatchObject([{ tool: 'query_memory', args: { query: 'alice' } }]);
    const second = fake.messageRequests()[1];
    expect(second?.messages?.[1]).toMatchObject({ role: 'assistant' });
    expect(toolResults(second)).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_1', content: '{"query":"alice","facts":["fact about alice"]}' },
    ]);
    expect(log.toolUsage).toMatchObject([
      { tool_name: 'query_memory', caller_kind: 'agent', agent_name: 'tester', run_id: result.run_id, query_pattern: 'alice', success: true },
    ]);
    expect(log.toolUsage[0]?.response_bytes).toBeGreaterThan(10);
  });

  it('refuses a tool outside the capabilities even when the model names it, and the run goes on', async () => {
    const fake = await serve([toolUseTurn([{ name: 'send_email', input: { to: 'x@example.com' } }]), textTurn('Could not send.')]);
    const { runner, probe } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig(), 'Email x');
    expect(result.status).toBe('completed');
    expect(probe.calls).toEqual([]);
    expect(result.tool_calls).toMatchObject([{ name: 'send_email', ok: false, error_code: 'PERMISSION_DENIED' }]);
    const [block] = toolResults(fake.messageRequests()[1]);
    expect(block?.is_error).toBe(true);
    expect(block?.content).toMatch(/^PERMISSION_DENIED: Tool send_email is not permitted for agent tester\. It needs the mail_write capability/);
  });

  it('answers an unknown tool with UNKNOWN_TOOL listing the available tools', async () => {
    const fake = await serve([toolUseTurn([{ name: 'teleport', input: {} }]), textTurn('ok')]);
    const { runner } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig(), 'go');
    expect(result.tool_calls[0]).toMatchObject({ ok: false, error_code: 'UNKNOWN_TOOL' });
    expect(toolResults(fake.messageRequests()[1])[0]?.content).toContain('Available tools: query_memory, list_facts');
  });

  it('turns a handler exception into an INTERNAL tool error without leaking details', async () => {
    const fake = await serve([toolUseTurn([{ name: 'search_identity', input: { name: 'bob' } }]), textTurn('Sorry.')]);
    const { runner } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig(), 'who is bob');
    expect(result).toMatchObject({ status: 'completed', text: 'Sorry.' });
    const [block] = toolResults(fake.messageRequests()[1]);
    expect(block?.content).toMatch(/^INTERNAL: Unexpected error in search_identity \(ref [0-9a-f]{8}\)\.$/);
    expect(block?.content).not.toContain('/var/secret');
  });

  it('rejects invalid tool input with INVALID_ARGUMENT', async () => {
    const fake = await serve([toolUseTurn([{ name: 'query_memory', input: { query: 'a', extra: 1 } }]), textTurn('ok')]);
    const { runner } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig(), 'x');
    expect(result.tool_calls[0]?.error_code).toBe('INVALID_ARGUMENT');
  });

  it('runs the calls of one turn concurrently and returns results in issue order', async () => {
    const fake = await serve([
      toolUseTurn([
        { name: 'list_facts', input: { delay_ms: 400, tag: 'slow' }, id: 'toolu_a' },
        { name: 'list_facts', input: { delay_ms: 300, tag: 'fast' }, id: 'toolu_b' },
      ]),
      textTurn('done'),
    ]);
    const { runner } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig(), 'x');
    const [first, second] = fake.requests;
    const toolPhase = (second?.receivedAt ?? 0) - (first?.receivedAt ?? 0);
    // Sequential execution would need 700 ms; concurrent needs about as long as the slower call.
    expect(toolPhase).toBeGreaterThanOrEqual(390);
    expect(toolPhase).toBeLessThan(650);
    expect(toolResults(fake.messageRequests()[1]).map((b) => b.tool_use_id)).toEqual(['toolu_a', 'toolu_b']);
    expect(result.tool_calls.map((c) => c.ok)).toEqual([true, true]);
  });

  it('truncates large tool results structurally with a marker', async () => {
    const fake = await serve([toolUseTurn([{ name: 'search_documents', input: { query: 'q', count: 400 } }]), textTurn('ok')]);
    const { runner, log } = createRunnerHarness(fake.url, { settings: { toolResultMaxChars: 2_000 } });
    const result = await runner.run(agentConfig(), 'x');
    const [block] = toolResults(fake.messageRequests()[1]);
    expect(block?.content.length).toBeLessThanOrEqual(2_000);
    expect(block?.content).toContain('…[truncated');
    expect(() => JSON.parse(block?.content ?? '')).not.toThrow();
    expect(result.tool_calls[0]?.truncated).toBe(true);
    expect(log.toolUsage[0]?.truncated).toBe(true);
  });

  it('cuts a result to what still fits when the conversation nears the context window', async () => {
    // 159,000 tokens already in the conversation leaves 1,000 tokens (about 4,000 characters) of the 80% budget.
    const fake = await serve([toolUseTurn([{ name: 'search_documents', input: { query: 'q', count: 400 } }], { usage: { input_tokens: 158_900, output_tokens: 100 } }), textTurn('ok')]);
    const { runner } = createRunnerHarness(fake.url, { settings: { toolResultMaxChars: 50_000 } });
    const result = await runner.run(agentConfig(), 'x');
    const [block] = toolResults(fake.messageRequests()[1]);
    expect(block?.content.length).toBeLessThanOrEqual(4_000);
    expect(() => JSON.parse(block?.content ?? '')).not.toThrow();
    expect(result.tool_calls[0]?.truncated).toBe(true);
  });

  it('warns on the 3rd identical call and stops the run at the 5th (exactly 5 model calls)', async () => {
    const fake = await serve([], () => toolUseTurn([{ name: 'query_memory', input: { query: 'same' } }]));
    const { runner, probe } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig(), 'loop');
    expect(result.status).toBe('loop_detected');
    expect(fake.messageRequests()).toHaveLength(5);
    expect(probe.calls).toHaveLength(4);
    const results = [2, 3, 4].map((i) => toolResults(fake.messageRequests()[i])[0]?.content ?? '');
    expect(results[0]).not.toContain('loop_warning');
    expect(JSON.parse(results[1] ?? '{}')).toMatchObject({
      loop_warning: 'Identical call repeated 3 times; the result will not change — use it or change approach.',
    });
    expect(result.tool_calls.at(-1)).toMatchObject({ ok: false, error_code: 'LOOP_DETECTED' });
  });

  it('stops the remaining calls of the turn that hits the loop limit', async () => {
    const same = { name: 'query_memory', input: { query: 'same' } };
    const fake = await serve([toolUseTurn([same, same, same, same, same, { name: 'list_facts', input: { delay_ms: 0 } }])]);
    const { runner, probe } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig(), 'loop');
    expect(result.status).toBe('loop_detected');
    expect(fake.messageRequests()).toHaveLength(1);
    expect(probe.calls.map((c) => c.tool)).toEqual(['query_memory', 'query_memory', 'query_memory', 'query_memory']);
    expect(result.tool_calls.map((c) => c.error_code ?? 'ok')).toEqual(['ok', 'ok', 'ok', 'ok', 'LOOP_DETECTED', 'LOOP_DETECTED']);
  });

  it('ends with max_rounds and the last text when the model never finishes', async () => {
    const fake = await serve([], (i) => toolUseTurn([{ name: 'query_memory', input: { query: `q${i}` } }], { text: `step ${i}` }));
    const { runner } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig({ max_rounds: 3 }), 'x');
    expect(result).toMatchObject({ status: 'max_rounds', rounds: 3, text: 'step 2' });
    expect(result.warnings[0]).toContain('all 3 rounds');
    expect(fake.messageRequests()).toHaveLength(3);
  });

  it('aborts a hanging tool at the run deadline and reports timeout with partial results', async () => {
    const fake = await serve([toolUseTurn([{ name: 'list_locations', input: {} }], { text: 'Looking up places.' })]);
    const { runner, probe } = createRunnerHarness(fake.url);
    const started = Date.now();
    const result = await runner.run(agentConfig(), 'x', { timeoutSeconds: 1 });
    expect(Date.now() - started).toBeLessThan(1_800);
    expect(result).toMatchObject({ status: 'timeout', text: 'Looking up places.', rounds: 1 });
    expect(result.tool_calls).toMatchObject([{ name: 'list_locations', ok: false, error_code: 'TIMEOUT' }]);
    expect(probe.aborted).toEqual(['list_locations']);
    expect(result.warnings.join(' ')).toContain('time limit');
  });

  it('caps outbound notifications per run', async () => {
    const calls = Array.from({ length: 6 }, (_, i) => ({ name: 'send_notification', input: { title: `n${i}` } }));
    const fake = await serve([toolUseTurn(calls), textTurn('sent')]);
    const { runner, probe } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig({ capabilities: ['notifications'] }), 'notify');
    expect(probe.calls).toHaveLength(5);
    expect(result.tool_calls.at(-1)).toMatchObject({ ok: false, error_code: 'LIMIT_EXCEEDED' });
  });

  it('surfaces max_tokens as incomplete and never executes a partial tool call', async () => {
    const fake = await serve([
      { kind: 'message', content: [{ type: 'text', text: 'Partial' }, { type: 'tool_use', name: 'query_memory', input: {} }], stopReason: 'max_tokens' },
    ]);
    const { runner, probe } = createRunnerHarness(fake.url);
    const result = await runner.run(agentConfig(), 'x');
    expect(result).toMatchObject({ status: 'completed', stop_reason: 'max_tokens', incomplete: true, text: 'Partial' });
    expect(result.warnings[0]).toContain('max_tokens');
    expect(probe.calls).toEqual([]);
  });

  it('surfaces a refusal as incomplete', async () => {
    const fake = await serve([textTurn('', { stopReason: 'refusal' })]);
    const { runner } = createRunnerHarness(fake.url);
    expect(await runner.run(agentConfig(), 'x')).toMatchObject({ status: 'completed', stop_reason: 'refusal', incomplete: true });
  });

  it('fails fast without an API key, saying how to set it and that ANTHROPIC_BASE_URL may point elsewhere', async () => {
    const runner = new AgentRunner({
      model: () => createAnthropicModelClient({ apiKey: undefined, baseURL: undefined }),
      catalogue: createToolCatalogue([]),
      services: {},
    });
    const failure = await runner.run(agentConfig(), 'x').catch((error: unknown) => error);
    expect(isToolError(failure)).toBe(true);
    if (!isToolError(failure)) return;
    expect(failure.code).toBe('NOT_CONFIGURED');
    expect(failure.message).toContain('ANTHROPIC_API_KEY');
    expect(failure.hint).toContain('ANTHROPIC_BASE_URL');
    expect(failure.hint).toContain('Messages-API-compatible');
  });

  it('removes restricted capabilities a parent agent does not hold', () => {
    expect(effectiveRunCapabilities(['memory_read', 'mail_write', 'agent_dispatch'], ['agent_dispatch'])).toEqual([
      'memory_read',
      'agent_dispatch',
    ]);
    expect(effectiveRunCapabilities(['mail_write'], undefined)).toEqual(['mail_write']);
  });
});
