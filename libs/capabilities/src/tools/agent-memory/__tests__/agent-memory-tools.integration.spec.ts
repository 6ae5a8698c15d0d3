import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { createToolContext, FakeClock, runTool, type AnyToolDefinition, type ToolCaller } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import {
  clearAgentMemoryTool,
  getAgentMemoryTool,
  getSharedMemoryTool,
  storeAgentMemoryTool,
  storeSharedMemoryTool,
} from '../agent-memory-tools.js';
import { getToolStatisticsTool, listSkillSuggestionsTool, recordToolUsageTool, rejectSkillSuggestionTool } from '../../skills/skill-usage-tools.js';

const researcher: ToolCaller = { kind: 'agent', agentName: 'researcher', capabilities: ['agent_memory_read', 'agent_memory_write'], namespaces: ['team'] };
const writer: ToolCaller = { kind: 'agent', agentName: 'writer', capabilities: ['agent_memory_read'] };
const admin: ToolCaller = { kind: 'agent', agentName: 'ops', capabilities: ['agent_memory_admin'] };
const host: ToolCaller = { kind: 'host' };

describe('agent memory, shared memory and usage tools', () => {
  let clock: FakeClock;
  let store: TestMemoryStore;
  const call = (tool: AnyToolDefinition, args: unknown, caller: ToolCaller) =>
    runTool(tool, args, createToolContext({ services: { memory: store }, clock, caller }));
  const ok = async <T extends AnyToolDefinition>(tool: T, args: unknown, caller: ToolCaller): Promise<z.output<T['output']>> => {
    const result = await call(tool, args, caller);
    if (!result.ok) throw new Error(`${tool.name} failed: ${result.error.code} ${result.error.message}`);
    return result.value as z.output<T['output']>;
  };
  const codeOf = async (tool: AnyToolDefinition, args: unknown, caller: ToolCaller) => {
    const result = await call(tool, args, caller);
    return result.ok ? 'OK' : result.error.code;
  };

  beforeEach(() => {
    clock = new FakeClock('2026-03-10T12:00:00.000Z');
    store = createTestMemoryStore({ clock });
  });
  afterEach(async () => await store.cleanup());

  it('keeps agents inside their own memory unless they hold agent_memory_admin', async () => {
    const stored = await ok(storeAgentMemoryTool, { key: 'style', value: 'bullets', memory_type: 'preference' }, researcher);
    expect(stored).toMatchObject({ created: true, memory: { agent_name: 'researcher', memory_type: 'preference' } });
    expect((await ok(getAgentMemoryTool, {}, researcher)).items.map((m) => m.key)).toEqual(['style']);
    expect(await codeOf(getAgentMemoryTool, { agent_name: 'researcher' }, writer)).toBe('PERMISSION_DENIED');
    expect(await codeOf(storeAgentMemoryTool, { key: 'k', value: 'v', agent_name: 'researcher' }, writer)).toBe('PERMISSION_DENIED');
    expect(await codeOf(clearAgentMemoryTool, { agent_name: 'researcher' }, writer)).toBe('PERMISSION_DENIED');
    expect((await ok(getAgentMemoryTool, {}, writer)).items).toEqual([]);
    expect((await ok(getAgentMemoryTool, { agent_name: 'researcher' }, admin)).items).toHaveLength(1);
    expect(await codeOf(getAgentMemoryTool, {}, host)).toBe('INVALID_ARGUMENT');
    expect((await ok(getAgentMemoryTool, { agent_name: 'researcher', query: 'BULL' }, host)).items).toHaveLength(1);
    await ok(storeAgentMemoryTool, { key: 'topic', value: 'energy markets', memory_type: 'context', agent_name: 'researcher' }, host);
    expect(await ok(clearAgentMemoryTool, { agent_name: 'researcher', memory_type: 'context' }, host)).toEqual({
      agent_name: 'researcher',
      deleted_count: 1,
    });
    expect((await ok(clearAgentMemoryTool, {}, researcher)).deleted_count).toBe(1);
  });

  it('limits shared namespaces to the agent configuration and records who wrote', async () => {
    const { entry } = await ok(storeSharedMemoryTool, { namespace: 'team', key: 'q3', value: 'retention' }, researcher);
    expect(entry.written_by).toBe('researcher');
    expect(await codeOf(storeSharedMemoryTool, { namespace: 'finance', key: 'k', value: 'v' }, researcher)).toBe('PERMISSION_DENIED');
    expect(await codeOf(getSharedMemoryTool, { namespace: 'team' }, writer)).toBe('PERMISSION_DENIED');
    expect((await ok(getSharedMemoryTool, { namespace: 'team' }, admin)).items).toHaveLength(1);
    await ok(storeSharedMemoryTool, { namespace: 'team', key: 'q3', value: 'retention first' }, host);
    expect((await ok(getSharedMemoryTool, { namespace: 'team' }, researcher)).items).toEqual([
      { key: 'q3', value: 'retention first', written_by: 'user', updated_at: '2026-03-10T12:00:00.000Z' },
    ]);
    expect(await codeOf(storeSharedMemoryTool, { namespace: 'Bad Name', key: 'k', value: 'v' }, host)).toBe('INVALID_ARGUMENT');
  });

  it('records usage, summarises statistics, and rejects skill suggestions for good', async () => {
    for (let i = 0; i < 3; i += 1) await ok(recordToolUsageTool, { tool_name: 'search_mail', query_pattern: 'invoice from acme' }, host);
    await store.toolUsage.record({ toolName: 'search_mail', callerKind: 'agent', success: false, errorCode: 'TIMEOUT', durationMs: 900 });
    await store.toolUsage.record({ toolName: 'search_mail', callerKind: 'agent', success: true, durationMs: 100, responseBytes: 2048 });
    const stats = await ok(getToolStatisticsTool, { tool_name: 'search_mail' }, host);
    expect(stats.items[0]).toMatchObject({
      tool_name: 'search_mail',
      calls: 5,
      successes: 4,
      failures: 1,
      error_rate: 0.2,
      p50_duration_ms: 100,
      p95_duration_ms: 900,
      max_bytes: 2048,
      top_patterns: [
        { pattern: 'invoice from acme', count: 3 },
        { pattern: 'auto', count: 2 },
      ],
      error_codes: [{ code: 'TIMEOUT', count: 1 }],
    });

    const { suggestion } = await store.skillSuggestions.upsertBySignature({
      signature: 'search_mail:invoice',
      toolName: 'search_mail',
      patterns: ['invoice from acme'],
      description: 'Finds invoices',
      suggestedName: 'invoice_finder',
      suggestedCapabilities: ['mail_read'],
      occurrences: 3,
      confidence: 0.8,
    });
    expect((await ok(listSkillSuggestionsTool, {}, host)).items.map((s) => s.id)).toEqual([suggestion.id]);
    const rejected = await ok(rejectSkillSuggestionTool, { suggestion_id: suggestion.id, reason: 'not needed' }, host);
    expect(rejected.suggestion).toMatchObject({ status: 'rejected', reject_reason: 'not needed' });
    const again = await store.skillSuggestions.upsertBySignature({
      signature: 'search_mail:invoice',
      toolName: 'search_mail',
      patterns: ['invoice from acme'],
      description: 'Finds invoices',
      suggestedName: 'invoice_finder',
      suggestedCapabilities: ['mail_read'],
      occurrences: 9,
      confidence: 0.95,
    });
    expect(again).toMatchObject({ created: false, updated: false, suggestion: { status: 'rejected', occurrences: 3 } });
    expect((await ok(listSkillSuggestionsTool, {}, host)).items).toEqual([]);
    expect(await codeOf(rejectSkillSuggestionTool, { suggestion_id: 999 }, host)).toBe('NOT_FOUND');
  });
});
