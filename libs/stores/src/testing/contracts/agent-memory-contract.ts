/**
 * The behaviour of `AgentMemoryRepository` and `SharedMemoryRepository` that users notice (remember_for_agent,
 * get_agent_memory, clear_agent_memory, the shared memory tools and the memory injected into an agent's prompt),
 * written once against the port and run against every adapter: ADR 0063.
 */
import { FakeClock } from '@chief-of-staff/core';
import type { AgentMemoryType } from '../../db/enums.js';
import type { AgentMemoryRepository } from '../../memory/agent-memory-repository.js';
import type { SharedMemoryRepository } from '../../memory/shared-memory-repository.js';
import { CONTRACT_START, contractJest, errorOf } from './contract-jest.js';

/** An empty agent memory repository for one test, and how to close it. */
export interface OpenedAgentMemoryRepository {
  agentMemory: AgentMemoryRepository;
  close(): Promise<void>;
}

/** Opens an empty agent memory repository whose timestamps come from `clock`. */
export type OpenAgentMemoryRepository = (clock: FakeClock) => Promise<OpenedAgentMemoryRepository>;

/** An empty shared memory repository for one test, and how to close it. */
export interface OpenedSharedMemoryRepository {
  sharedMemory: SharedMemoryRepository;
  close(): Promise<void>;
}

/** Opens an empty shared memory repository whose timestamps come from `clock`. */
export type OpenSharedMemoryRepository = (clock: FakeClock) => Promise<OpenedSharedMemoryRepository>;

/** Declares the agent memory repository contract as a jest `describe` block named after the adapter. */
export function describeAgentMemoryRepositoryContract(name: string, open: OpenAgentMemoryRepository): void {
  const { afterEach, beforeEach, describe, expect, it } = contractJest();
  describe(`AgentMemoryRepository contract: ${name}`, () => {
    let clock: FakeClock;
    let opened: OpenedAgentMemoryRepository;
    let memory: AgentMemoryRepository;

    beforeEach(async () => {
      clock = new FakeClock(CONTRACT_START);
      opened = await open(clock);
      memory = opened.agentMemory;
    });
    afterEach(async () => await opened.close());

    it('creates, then replaces on (agent, type, key): created_at kept, value, confidence and updated_at move', async () => {
      const first = await memory.upsert({ agentName: ' planner ', memoryType: 'preference', key: ' tone ', value: ' brief ' });
      expect(first.created).toBe(true);
      expect(first.memory).toMatchObject({
        agentName: 'planner',
        memoryType: 'preference',
        key: 'tone',
        value: 'brief',
        confidence: 1,
        createdAt: CONTRACT_START,
        updatedAt: CONTRACT_START,
      });
      expect(typeof first.memory.id).toBe('number');
      clock.advanceDays(1);
      const second = await memory.upsert({ agentName: 'planner', memoryType: 'preference', key: 'tone', value: 'warm', confidence: 0.4 });
      expect(second.created).toBe(false);
      expect(second.memory).toEqual({ ...first.memory, value: 'warm', confidence: 0.4, updatedAt: '2026-01-16T09:00:00.000Z' });
      const otherType = await memory.upsert({ agentName: 'planner', memoryType: 'insight', key: 'tone', value: 'x' });
      const otherAgent = await memory.upsert({ agentName: 'writer', memoryType: 'preference', key: 'tone', value: 'x' });
      expect(otherType.created && otherAgent.created).toBe(true);
    });

    it('refuses bad input with the field named', async () => {
      const put = (input: Partial<Parameters<AgentMemoryRepository['upsert']>[0]>) =>
        errorOf(memory.upsert({ agentName: 'a', memoryType: 'insight', key: 'k', value: 'v', ...input }));
      expect((await put({ agentName: ' ' })).message).toMatch(/^agent_name:/);
      const type = await put({ memoryType: 'mood' as AgentMemoryType });
      expect(type.message).toMatch(/^memory_type:/);
      expect(type.hint).toContain('insight');
      expect((await put({ key: '' })).message).toMatch(/^key:/);
      expect((await put({ value: 'v'.repeat(10_001) })).message).toMatch(/^value:/);
      expect((await put({ confidence: 2 })).message).toMatch(/^confidence:/);
      expect((await errorOf(memory.list({ agentName: 'a', memoryType: 'mood' as AgentMemoryType }, {}))).message).toMatch(/^memory_type:/);
      expect((await errorOf(memory.clear({ agentName: 'a', memoryType: 'mood' as AgentMemoryType }))).message).toMatch(/^memory_type:/);
    });

    it('lists one agent’s memory, most recently updated first, by type and by a folded substring of key or value', async () => {
      const tone = await memory.upsert({ agentName: 'planner', memoryType: 'preference', key: 'tone', value: 'Brief, no emoji' });
      clock.advance(1000);
      const city = await memory.upsert({ agentName: 'planner', memoryType: 'context', key: 'City', value: 'Zürich' });
      clock.advance(1000);
      const rate = await memory.upsert({ agentName: 'planner', memoryType: 'insight', key: 'rate_100%', value: 'done' });
      await memory.upsert({ agentName: 'writer', memoryType: 'preference', key: 'tone', value: 'Brief' });
      const all = await memory.list({ agentName: 'planner' }, {});
      expect(all.items.map((entry) => entry.id)).toEqual([rate.memory.id, city.memory.id, tone.memory.id]);
      expect(all.total).toBe(3);
      expect((await memory.list({ agentName: 'planner', memoryType: 'preference' }, {})).items.map((entry) => entry.id)).toEqual([tone.memory.id]);
      expect((await memory.list({ agentName: 'planner', query: 'ZÜRICH' }, {})).items.map((entry) => entry.id)).toEqual([city.memory.id]);
      expect((await memory.list({ agentName: 'planner', query: 'city' }, {})).items.map((entry) => entry.id)).toEqual([city.memory.id]);
      expect((await memory.list({ agentName: 'planner', query: '%' }, {})).items.map((entry) => entry.id)).toEqual([rate.memory.id]);
      expect((await memory.list({ agentName: 'nobody' }, {})).total).toBe(0);
      const first = await memory.list({ agentName: 'planner' }, { limit: 2 });
      const rest = await memory.list({ agentName: 'planner' }, { limit: 2, cursor: first.next_cursor });
      expect(rest.items.map((entry) => entry.id)).toEqual([tone.memory.id]);
      expect(rest.next_cursor).toBeNull();
    });

    it('gives the prompt the most confident entries first, then the most recent, up to the limit', async () => {
      const low = await memory.upsert({ agentName: 'planner', memoryType: 'insight', key: 'a', value: 'v', confidence: 0.2 });
      clock.advance(1000);
      const oldHigh = await memory.upsert({ agentName: 'planner', memoryType: 'insight', key: 'b', value: 'v', confidence: 0.9 });
      clock.advance(1000);
      const newHigh = await memory.upsert({ agentName: 'planner', memoryType: 'context', key: 'c', value: 'v', confidence: 0.9 });
      await memory.upsert({ agentName: 'writer', memoryType: 'insight', key: 'd', value: 'v' });
      expect((await memory.forPrompt('planner', 10)).map((entry) => entry.id)).toEqual([newHigh.memory.id, oldHigh.memory.id, low.memory.id]);
      expect((await memory.forPrompt('planner', 1)).map((entry) => entry.id)).toEqual([newHigh.memory.id]);
    });

    it('clears by agent, type and key, saying how many went, and leaves other agents alone', async () => {
      await memory.upsert({ agentName: 'planner', memoryType: 'insight', key: 'a', value: 'v' });
      await memory.upsert({ agentName: 'planner', memoryType: 'insight', key: 'b', value: 'v' });
      await memory.upsert({ agentName: 'planner', memoryType: 'context', key: 'a', value: 'v' });
      await memory.upsert({ agentName: 'writer', memoryType: 'insight', key: 'a', value: 'v' });
      expect(await memory.clear({ agentName: 'planner', memoryType: 'insight', key: 'a' })).toBe(1);
      expect(await memory.clear({ agentName: 'planner', memoryType: 'insight' })).toBe(1);
      expect(await memory.clear({ agentName: 'planner' })).toBe(1);
      expect(await memory.clear({ agentName: 'planner' })).toBe(0);
      expect((await memory.list({ agentName: 'writer' }, {})).total).toBe(1);
    });
  });
}

/** Declares the shared memory repository contract as a jest `describe` block named after the adapter. */
export function describeSharedMemoryRepositoryContract(name: string, open: OpenSharedMemoryRepository): void {
  const { afterEach, beforeEach, describe, expect, it } = contractJest();
  describe(`SharedMemoryRepository contract: ${name}`, () => {
    let clock: FakeClock;
    let opened: OpenedSharedMemoryRepository;
    let shared: SharedMemoryRepository;

    beforeEach(async () => {
      clock = new FakeClock(CONTRACT_START);
      opened = await open(clock);
      shared = opened.sharedMemory;
    });
    afterEach(async () => await opened.close());

    it('creates, then replaces on (namespace, key): created_at kept, value, writer and updated_at move', async () => {
      const first = await shared.upsert({ namespace: 'team-notes', key: ' launch ', value: ' Friday ', writtenBy: 'planner' });
      expect(first.created).toBe(true);
      expect(first.entry).toMatchObject({
        namespace: 'team-notes',
        key: 'launch',
        value: 'Friday',
        writtenBy: 'planner',
        createdAt: CONTRACT_START,
        updatedAt: CONTRACT_START,
      });
      clock.advanceDays(1);
      const second = await shared.upsert({ namespace: 'team-notes', key: 'launch', value: 'Monday', writtenBy: 'writer' });
      expect(second.created).toBe(false);
      expect(second.entry).toEqual({ ...first.entry, value: 'Monday', writtenBy: 'writer', updatedAt: '2026-01-16T09:00:00.000Z' });
      expect((await shared.upsert({ namespace: 'other', key: 'launch', value: 'x', writtenBy: 'w' })).created).toBe(true);
    });

    it('refuses a bad namespace, saying what a namespace looks like, and empty fields', async () => {
      const bad = await errorOf(shared.upsert({ namespace: 'Team Notes', key: 'k', value: 'v', writtenBy: 'w' }));
      expect(bad.code).toBe('INVALID_ARGUMENT');
      expect(bad.message).toMatch(/^namespace:/);
      expect(bad.hint).toContain('team-notes');
      expect((await errorOf(shared.list({ namespace: '-x' }, {}))).message).toMatch(/^namespace:/);
      expect((await errorOf(shared.upsert({ namespace: 'n', key: ' ', value: 'v', writtenBy: 'w' }))).message).toMatch(/^key:/);
      expect((await errorOf(shared.upsert({ namespace: 'n', key: 'k', value: '', writtenBy: 'w' }))).message).toMatch(/^value:/);
      expect((await errorOf(shared.upsert({ namespace: 'n', key: 'k', value: 'v', writtenBy: '' }))).message).toMatch(/^written_by:/);
    });

    it('lists one namespace by key in code point order, filtered by a folded substring of key or value', async () => {
      const lower = await shared.upsert({ namespace: 'n', key: 'apple', value: 'Größe 100%', writtenBy: 'w' });
      const upper = await shared.upsert({ namespace: 'n', key: 'Zebra', value: 'stripes', writtenBy: 'w' });
      const accent = await shared.upsert({ namespace: 'n', key: 'éclair', value: 'pastry', writtenBy: 'w' });
      const mid = await shared.upsert({ namespace: 'n', key: 'banana', value: 'Yellow', writtenBy: 'w' });
      await shared.upsert({ namespace: 'other', key: 'apple', value: 'x', writtenBy: 'w' });
      const all = await shared.list({ namespace: 'n' }, {});
      expect(all.items.map((entry) => entry.id)).toEqual([upper.entry.id, lower.entry.id, mid.entry.id, accent.entry.id]);
      expect(all.total).toBe(4);
      expect((await shared.list({ namespace: 'n', query: 'YELLOW' }, {})).items.map((entry) => entry.id)).toEqual([mid.entry.id]);
      expect((await shared.list({ namespace: 'n', query: 'ÉCLAIR' }, {})).items.map((entry) => entry.id)).toEqual([accent.entry.id]);
      expect((await shared.list({ namespace: 'n', query: '0%' }, {})).items.map((entry) => entry.id)).toEqual([lower.entry.id]);
      expect((await shared.list({ namespace: 'n', query: ' ' }, {})).total).toBe(4);
      const first = await shared.list({ namespace: 'n' }, { limit: 3 });
      const rest = await shared.list({ namespace: 'n' }, { limit: 3, cursor: first.next_cursor });
      expect(rest.items.map((entry) => entry.id)).toEqual([accent.entry.id]);
      expect((await errorOf(shared.list({ namespace: 'other' }, { limit: 3, cursor: first.next_cursor }))).code).toBe('INVALID_ARGUMENT');
    });
  });
}
