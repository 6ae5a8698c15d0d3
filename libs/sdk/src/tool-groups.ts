/**
 * The built-in tool groups. An embedder can expose a subset with `toolGroups: ['memory', 'documents']`; the agent
 * runtime always sees the same exposed catalogue (capabilities then decide what each agent gets).
 */
import {
  adminTools,
  allMemoryDomainTools,
  availabilityTools,
  calendarTools,
  channelTools,
  documentTools,
  importExportTools,
  mailTools,
  messageTools,
  notificationTools,
  reminderTools,
  proactiveTools,
  webhookEventTools,
} from '@chief-of-staff/capabilities';
import { enrichmentTools } from '@chief-of-staff/enrichment';
import { agentTools, eventRuleTools } from '@chief-of-staff/agents';
import { schedulerTools } from '@chief-of-staff/scheduler';
import type { AnyToolDefinition } from '@chief-of-staff/core';
import type { ToolGroup } from './tool-catalogue.js';

const group = (name: string, tools: readonly unknown[]): ToolGroup => ({
  name,
  tools: tools as readonly AnyToolDefinition[],
});

export const BUILT_IN_TOOL_GROUP_NAMES = [
  'memory',
  'documents',
  'calendar',
  'reminders',
  'mail',
  'messages',
  'notifications',
  'scheduling',
  'import_export',
  'enrichment',
  'agents',
  'scheduler',
  'webhooks',
  'proactive',
  'channels',
  'admin',
] as const;

export type BuiltInToolGroupName = (typeof BUILT_IN_TOOL_GROUP_NAMES)[number];

export function builtInToolGroups(): ToolGroup[] {
  return [
    group('memory', allMemoryDomainTools),
    group('documents', documentTools),
    group('calendar', calendarTools),
    group('reminders', reminderTools),
    group('mail', mailTools),
    group('messages', messageTools),
    group('notifications', notificationTools),
    group('scheduling', availabilityTools),
    group('import_export', importExportTools),
    group('enrichment', enrichmentTools),
    group('agents', agentTools),
    group('scheduler', schedulerTools),
    group('webhooks', [...webhookEventTools, ...eventRuleTools]),
    group('proactive', proactiveTools),
    group('channels', channelTools),
    group('admin', adminTools),
  ];
}
