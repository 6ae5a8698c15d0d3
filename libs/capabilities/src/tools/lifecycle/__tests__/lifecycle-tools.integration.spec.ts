import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { createToolContext, FakeClock, runTool, type AnyToolDefinition, type ToolCaller } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import {
  checkAlertsTool,
  createAlertRuleTool,
  deleteAlertRuleTool,
  dismissAlertTool,
  listAlertRulesTool,
} from '../alert-tools.js';
import {
  createDecisionTool,
  deleteDecisionTool,
  listPendingDecisionsTool,
  searchDecisionsTool,
  updateDecisionTool,
} from '../decision-tools.js';
import {
  checkOverdueDelegationsTool,
  createDelegationTool,
  listDelegationsTool,
  updateDelegationTool,
} from '../delegation-tools.js';

describe('decision, delegation and alert tools', () => {
  let clock: FakeClock;
  let store: TestMemoryStore;
  const call = (tool: AnyToolDefinition, args: unknown, caller: ToolCaller = { kind: 'host' }) =>
    runTool(tool, args, createToolContext({ services: { memory: store }, clock, caller }));
  const ok = async <T extends AnyToolDefinition>(tool: T, args: unknown, caller?: ToolCaller): Promise<z.output<T['output']>> => {
    const result = await call(tool, args, caller);
    if (!result.ok) throw new Error(`${tool.name} failed: ${result.error.code} ${result.error.message}`);
    return result.value as z.output<T['output']>;
  };
  const errorOf = async (tool: AnyToolDefinition, args: unknown) => {
    const result = await call(tool, args);
    if (result.ok) throw new Error(`${tool.name} unexpectedly succeeded`);
    return result.error;
  };

  beforeEach(() => {
    clock = new FakeClock('2026-03-10T12:00:00.000Z', 'Europe/London');
    store = createTestMemoryStore({ clock });
  });
  afterEach(async () => await store.cleanup());

  it('creates, updates, searches and deletes decisions; CSV tags are split', async () => {
    const { decision } = await ok(createDecisionTool, { title: 'Adopt Postgres', owner: 'Noa', tags: 'db, infra', follow_up_date: '2026-03-09' });
    expect(decision).toMatchObject({ status: 'pending_execution', tags: ['db', 'infra'], source: 'user' });
    const pending = await ok(listPendingDecisionsTool, { follow_up_due_only: true });
    expect(pending.items.map((d) => d.id)).toEqual([decision.id]);
    expect(pending.formatted).toContain('Adopt Postgres');
    const updated = await ok(updateDecisionTool, { decision_id: decision.id, status: 'executed', notes: 'Migrated' });
    expect(updated.decision.description).toBe('[Update 2026-03-10] Migrated');
    expect((await ok(searchDecisionsTool, { query: 'postgres', status: 'executed' })).items).toHaveLength(1);
    expect(await ok(deleteDecisionTool, { decision_id: decision.id })).toEqual({ deleted: true, id: decision.id });
    const notFound = await errorOf(updateDecisionTool, { decision_id: decision.id, title: 'x' });
    expect(notFound).toMatchObject({ code: 'NOT_FOUND', message: `Decision ${decision.id} not found.` });
  });

  it('rejects a bad date and a bad enum on update with the accepted values', async () => {
    expect((await errorOf(createDecisionTool, { title: 'x', follow_up_date: '2026-02-30' })).message).toContain('follow_up_date');
    const { delegation } = await ok(createDelegationTool, { task: 'Deck', delegated_to: 'Noa' });
    const badStatus = await errorOf(updateDelegationTool, { delegation_id: delegation.id, status: 'done' });
    expect(badStatus.code).toBe('INVALID_ARGUMENT');
    expect(badStatus.message).toContain('"active", "completed", "cancelled"');
    const empty = await errorOf(updateDelegationTool, { delegation_id: delegation.id });
    expect(empty.message).toMatch(/no field to update/);
  });

  it('reports overdue delegations by the user-zone date with days_overdue', async () => {
    const late = (await ok(createDelegationTool, { task: 'Late', delegated_to: 'Noa', due_date: '2026-03-07', priority: 'low' })).delegation;
    const later = (await ok(createDelegationTool, { task: 'Later', delegated_to: 'noa', due_date: '2026-03-09', priority: 'critical' })).delegation;
    await ok(createDelegationTool, { task: 'Today', delegated_to: 'Ben', due_date: '2026-03-10' });
    const overdue = await ok(checkOverdueDelegationsTool, { delegated_to: 'NOA' });
    expect(overdue.items.map((d) => [d.id, d.days_overdue])).toEqual([
      [late.id, 3],
      [later.id, 1],
    ]);
    const listed = await ok(listDelegationsTool, { status: 'active' });
    expect(listed.items.map((d) => d.task)).toEqual(['Late', 'Later', 'Today']);
    expect(listed.items[2]?.days_overdue).toBeUndefined();
    expect(listed.formatted).toContain('3d overdue');
    await ok(updateDelegationTool, { delegation_id: late.id, status: 'completed' });
    expect((await ok(checkOverdueDelegationsTool, {})).items.map((d) => d.id)).toEqual([later.id]);
  });

  it('lists what is due from today through the next days, and refuses asking for late and upcoming at once', async () => {
    await ok(createDelegationTool, { task: 'Late', delegated_to: 'Noa', due_date: '2026-03-09' });
    await ok(createDelegationTool, { task: 'Today', delegated_to: 'Noa', due_date: '2026-03-10' });
    await ok(createDelegationTool, { task: 'Thursday', delegated_to: 'Ben', due_date: '2026-03-12' });
    await ok(createDelegationTool, { task: 'Next week', delegated_to: 'Ben', due_date: '2026-03-17' });
    const soon = await ok(listDelegationsTool, { due_within_days: 2 });
    expect(soon.items.map((d) => d.task)).toEqual(['Today', 'Thursday']);
    expect(soon.items.every((d) => d.days_overdue === undefined)).toBe(true);
    const both = await errorOf(listDelegationsTool, { overdue_only: true, due_within_days: 2 });
    expect(both).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(both.message).toContain('overdue_only');
  });

  it('manages alert rules and checks alerts without changing trigger state', async () => {
    await ok(createDelegationTool, { task: 'Late', delegated_to: 'Noa', due_date: '2026-03-01' });
    const { rule, created } = await ok(createAlertRuleTool, { name: 'pending', alert_type: 'pending_decision', condition: { days_stale: 1 } });
    expect(created).toBe(true);
    expect(rule).toMatchObject({ alert_type: 'stale_decision', condition: { days_stale: 1 }, cooldown_hours: 4, enabled: true });
    expect((await errorOf(createAlertRuleTool, { name: 'pending', alert_type: 'follow_up_due' })).code).toBe('CONFLICT');
    const badCondition = await errorOf(createAlertRuleTool, { name: 'x', alert_type: 'stale_fact', condition: { max_age_hours: 2 } });
    expect(badCondition.message).toMatch(/^condition:/);
    expect(badCondition.hint).toContain('category, key, max_age_hours');

    clock.set('2026-03-08T12:00:00.000Z');
    await ok(createDecisionTool, { title: 'Old decision' });
    clock.set('2026-03-10T12:00:00.000Z');
    const alerts = await ok(checkAlertsTool, {});
    expect(alerts.alerts.overdue_delegations).toHaveLength(1);
    expect(alerts.rule_alerts.map((r) => [r.name, r.count])).toEqual([['pending', 1]]);
    expect(alerts.total_alerts).toBe(2);
    expect(alerts.formatted).toContain('Overdue delegations (1)');
    expect((await store.alertRules.get(rule.id))?.lastTriggeredAt).toBeNull();

    expect((await ok(dismissAlertTool, { rule_id: rule.id })).rule.enabled).toBe(false);
    expect((await ok(checkAlertsTool, {})).rule_alerts).toEqual([]);
    expect((await ok(listAlertRulesTool, { enabled_only: true })).items).toEqual([]);
    expect(await ok(deleteAlertRuleTool, { rule_id: rule.id })).toEqual({ deleted: true, id: rule.id });
    expect((await errorOf(dismissAlertTool, { rule_id: rule.id })).message).toBe(`Alert rule ${rule.id} not found.`);
  });
});
