/**
 * The port's record interfaces (`@chief-of-staff/stores`) are written out by hand; the SQLite tables must read as
 * exactly those rows. These checks fail to compile when a column and its record field part ways.
 */
import { describe, expect, it } from '@jest/globals';
import type { AgentMemoryRecord, AgentRunRecord, AgentRunStepRecord, AlertRuleRecord, CalendarRow, DecisionRecord, DelegationRecord, EventRow, EventRuleRecord, FactRecord, FallbackEventRecord, IdentityRecord, LocationRecord, ModelCallRecord, NotificationRecord, ReminderListRecord, ReminderRecord, ScheduledTaskRecord, SharedMemoryRecord, SkillSuggestionRecord, SuggestionStateRecord, TaskRunRecord, ToolUsageRecord, WebhookEventRecord, WorkerHeartbeatRecord } from '@chief-of-staff/stores';
import type {
  agentMemory,
  agentRuns,
  agentRunSteps,
  alertRules,
  calendars,
  decisions,
  delegations,
  eventRules,
  events,
  facts,
  fallbackEvents,
  identities,
  locations,
  modelCalls,
  notifications,
  reminderLists,
  reminders,
  scheduledTasks,
  sharedMemory,
  skillSuggestions,
  suggestionState,
  taskRuns,
  toolUsageLog,
  webhookEvents,
  workerHeartbeat,
} from './index.js';

/** True only when `A` and `B` are the same type (each assignable to the other, optional and readonly alike). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const checks: Record<string, true> = {
  AgentMemoryRecord: true as Same<AgentMemoryRecord, typeof agentMemory.$inferSelect>,
  AgentRunRecord: true as Same<AgentRunRecord, typeof agentRuns.$inferSelect>,
  AgentRunStepRecord: true as Same<AgentRunStepRecord, typeof agentRunSteps.$inferSelect>,
  AlertRuleRecord: true as Same<AlertRuleRecord, typeof alertRules.$inferSelect>,
  CalendarRow: true as Same<CalendarRow, typeof calendars.$inferSelect>,
  DecisionRecord: true as Same<DecisionRecord, typeof decisions.$inferSelect>,
  DelegationRecord: true as Same<DelegationRecord, typeof delegations.$inferSelect>,
  EventRow: true as Same<EventRow, typeof events.$inferSelect>,
  EventRuleRecord: true as Same<EventRuleRecord, typeof eventRules.$inferSelect>,
  FactRecord: true as Same<FactRecord, typeof facts.$inferSelect>,
  FallbackEventRecord: true as Same<FallbackEventRecord, typeof fallbackEvents.$inferSelect>,
  IdentityRecord: true as Same<IdentityRecord, typeof identities.$inferSelect>,
  LocationRecord: true as Same<LocationRecord, typeof locations.$inferSelect>,
  ModelCallRecord: true as Same<ModelCallRecord, typeof modelCalls.$inferSelect>,
  NotificationRecord: true as Same<NotificationRecord, typeof notifications.$inferSelect>,
  ReminderListRecord: true as Same<ReminderListRecord, typeof reminderLists.$inferSelect>,
  ReminderRecord: true as Same<ReminderRecord, typeof reminders.$inferSelect>,
  SharedMemoryRecord: true as Same<SharedMemoryRecord, typeof sharedMemory.$inferSelect>,
  SkillSuggestionRecord: true as Same<SkillSuggestionRecord, typeof skillSuggestions.$inferSelect>,
  SuggestionStateRecord: true as Same<SuggestionStateRecord, typeof suggestionState.$inferSelect>,
  TaskRunRecord: true as Same<TaskRunRecord, typeof taskRuns.$inferSelect>,
  ToolUsageRecord: true as Same<ToolUsageRecord, typeof toolUsageLog.$inferSelect>,
  WebhookEventRecord: true as Same<WebhookEventRecord, typeof webhookEvents.$inferSelect>,
  WorkerHeartbeatRecord: true as Same<WorkerHeartbeatRecord, typeof workerHeartbeat.$inferSelect>,
  ScheduledTaskRecord: true as Same<Omit<ScheduledTaskRecord, 'principal'>, typeof scheduledTasks.$inferSelect>,
};

describe('record interfaces of the port', () => {
  it('match the SQLite tables', () => {
    expect(Object.values(checks).every(Boolean)).toBe(true);
  });
});
