/**
 * The shortlist in agent runs, against the fake Messages API: an agent allowed 40+ tools is offered at most
 * `maxTools` of them plus tool_search in its first request; a tool it finds through tool_search is callable in the
 * next round; tool_search never returns, and the runtime never runs, a tool outside the agent's capabilities.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import { startFakeMessagesServer, textTurn, toolUseTurn, type FakeMessagesServer } from '@chief-of-staff/agents/testing';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

const CAPABILITIES = ['memory_read', 'memory_write', 'document_search', 'calendar_read', 'reminders_read', 'reminders_write', 'mail_read', 'messages_read', 'decision_read', 'decision_write', 'delegation_read', 'delegation_write', 'alerts_read', 'scheduling', 'agent_read'];

describe('tool shortlist in agent runs', () => {
  let dataDir: string;
  let model: FakeMessagesServer;
  let cos: ChiefOfStaff;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-shortlist-'));
    model = await startFakeMessagesServer({
      script: [
        toolUseTurn([{ name: 'tool_search', input: { query: 'find a time that works for Dana and me next week', limit: 5 } }]),
        toolUseTurn([{ name: 'find_group_availability', input: { participants: ['dana@example.com'], start_date: '2026-03-09', end_date: '2026-03-13', duration_minutes: 30 } }]),
        toolUseTurn([{ name: 'send_email', input: { to: ['dana@example.com'], subject: 'x', body: 'y' } }]),
        textTurn('Done.'),
      ],
    });
    cos = await createChiefOfStaff({
      dataDir,
      env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, COS_ORCHESTRATION_MAXTOOLS: '6' },
      logger: createSilentLogger(),
      semanticRecall: false,
    });
  });

  afterAll(async () => {
    await cos.close();
    await model.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('offers a shortlist first, adds what tool_search finds, and never crosses the capability boundary', async () => {
    const agent = cos.agents.registry.save({ name: 'planner_many', description: 'Plans with many tools.', system_prompt: 'You plan.', capabilities: CAPABILITIES });
    expect(cos.agents.runner.effectiveTools(CAPABILITIES).tools.length).toBeGreaterThanOrEqual(40);
    const result = await cos.agents.runner.run(agent.config, 'Set up a 30-minute meeting with Dana next week.');
    const requests = model.messageRequests();

    const first = requests[0]?.tools?.map((tool) => tool.name) ?? [];
    expect(first).toContain('tool_search');
    expect(first.length).toBeLessThanOrEqual(7);

    const found = JSON.stringify(requests[1]?.messages?.at(-1));
    expect(found).toContain('find_group_availability');
    expect(found).not.toContain('send_email');
    expect(requests[2]?.tools?.map((tool) => tool.name)).toContain('find_group_availability');

    expect(result.tool_calls.map((call) => [call.name, call.error_code ?? 'ok'])).toEqual([
      ['tool_search', 'ok'],
      ['find_group_availability', expect.not.stringMatching(/PERMISSION_DENIED|UNKNOWN_TOOL/)],
      ['send_email', 'PERMISSION_DENIED'],
    ]);
  });

  it('records no latency estimate with an agent tool call whose latency is not learned yet (ADR 0097)', () => {
    const rows = new Database(join(dataDir, 'cos.db'), { readonly: true })
      .prepare("SELECT tool_name, estimated_ms FROM tool_usage_log WHERE caller_kind = 'agent' AND tool_name = 'find_group_availability'")
      .all() as Array<{ estimated_ms: number | null }>;
    expect(rows.length).toBe(1);
    expect(rows[0]?.estimated_ms).toBeNull();
  });

  it('uses the shortlist size configured for the model id the agent runs on', async () => {
    const modelId = model.messageRequests()[0]?.model ?? '';
    const small = await startFakeMessagesServer({ script: [textTurn('Nothing to do.')] });
    const smallDir = mkdtempSync(join(tmpdir(), 'cos-shortlist-model-'));
    const other = await createChiefOfStaff({
      dataDir: smallDir,
      config: { orchestration: { maxTools: 12, maxToolsByModel: { [modelId]: 3 } } },
      env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: small.url },
      logger: createSilentLogger(),
      semanticRecall: false,
    });
    try {
      const agent = other.agents.registry.save({ name: 'planner_small', description: 'Plans with a small model.', system_prompt: 'You plan.', capabilities: CAPABILITIES });
      await other.agents.runner.run(agent.config, 'What is on my calendar tomorrow?');
      const offered = small.messageRequests()[0]?.tools?.map((tool) => tool.name) ?? [];
      expect(offered).toContain('tool_search');
      expect(offered.length).toBe(4);
    } finally {
      await other.close();
      await small.close();
      rmSync(smallDir, { recursive: true, force: true });
    }
  });

  it('serves tool_search to the host over the whole catalogue', async () => {
    const result = await cos.callTool('tool_search', { query: 'send an email to Noa', limit: 3 });
    expect(result.ok && (result.value['items'] as Array<{ name: string; input_schema: unknown }>)[0]).toMatchObject({
      name: 'send_email',
      confidence: expect.stringMatching(/^(high|medium)$/),
      input_schema: expect.objectContaining({ type: 'object' }),
    });
  });

  it('tool_search finds nothing for an off-topic request, and says so, rather than the nearest unrelated tools', async () => {
    for (const query of ['what is a good recipe for banana bread', 'מתכון לעוגת שוקולד']) {
      const result = await cos.callTool('tool_search', { query, limit: 5 });
      if (!result.ok) throw new Error(result.error.message);
      expect({ query, items: result.value['items'] }).toEqual({ query, items: [] });
      expect(result.value['note']).toContain('No tool fits');
    }
  });
});
