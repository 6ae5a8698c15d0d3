/**
 * Event rules (docs/reference/data-model.md#tables,
 * docs/reference/tool-catalogue.md#channels-proactive-suggestions-and-webhooks,
 * docs/webhooks.md#event-rules-which-agent-handles-what): route webhook events of a source and type pattern to an
 * agent. Whether the target agent exists and whether the caller may target it are checked by the tools; this stores
 * and lists.
 */
import { ToolError } from '@chief-of-staff/core';
import { DELIVERY_CHANNELS, type DeliveryChannel } from '../db/enums.js';
import type { Page, PageRequest } from '../db/pagination.js';
import { assertEnum, assertMaxLength, assertText, MAX_NAME_LENGTH, MAX_VALUE_LENGTH } from '../db/validation.js';

export interface EventRuleRecord {
  id: number;
  name: string;
  description: string;
  eventSource: string;
  /** Glob over event types, e.g. `issue.*`. */
  eventTypePattern: string;
  agentName: string;
  instructionTemplate: string;
  priority: number;
  enabled: boolean;
  deliveryChannel: DeliveryChannel | null;
  deliveryConfig: Record<string, unknown> | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface CreateEventRuleInput {
  name: string;
  description?: string;
  eventSource: string;
  eventTypePattern: string;
  agentName: string;
  instructionTemplate?: string;
  priority?: number;
  enabled?: boolean;
  deliveryChannel?: DeliveryChannel | null;
  deliveryConfig?: Record<string, unknown> | null;
  createdBy: string;
}

export const EVENT_RULE_LIST_LIMITS = { defaultLimit: 50, maxLimit: 200 };

export interface EventRulesRepository {
  /** Duplicate name → CONFLICT unless `upsert`. */
  create(input: CreateEventRuleInput, options?: { upsert?: boolean }): Promise<{ rule: EventRuleRecord; created: boolean }>;
  get(id: number): Promise<EventRuleRecord | undefined>;
  /** Ordered by priority, then name. */
  list(filters: { enabledOnly?: boolean; source?: string }, page: PageRequest): Promise<Page<EventRuleRecord>>;
  /** Enabled rules for a source, in dispatch order (priority, name). */
  listEnabledForSource(source: string): Promise<EventRuleRecord[]>;
  delete(id: number): Promise<boolean>;
}

/** A rule's validated columns (the same checks and errors on every adapter). */
export function eventRuleFields(input: CreateEventRuleInput) {
  const name = assertText('name', input.name, MAX_NAME_LENGTH);
  const priority = input.priority ?? 100;
  if (!Number.isInteger(priority)) throw ToolError.invalidArgument('priority', `${priority} is not an integer.`, 'Use a whole number; lower runs first.');
  return {
    name,
    description: assertMaxLength('description', input.description?.trim() ?? '', MAX_VALUE_LENGTH),
    eventSource: assertText('event_source', input.eventSource, 64),
    eventTypePattern: assertText('event_type_pattern', input.eventTypePattern, MAX_NAME_LENGTH),
    agentName: assertText('agent_name', input.agentName, MAX_NAME_LENGTH),
    instructionTemplate: assertMaxLength('instruction_template', input.instructionTemplate ?? '', 20_000),
    priority,
    enabled: input.enabled ?? true,
    deliveryChannel: input.deliveryChannel == null ? null : assertEnum('delivery_channel', input.deliveryChannel, DELIVERY_CHANNELS),
    deliveryConfig: input.deliveryConfig ?? null,
    createdBy: assertText('created_by', input.createdBy, MAX_NAME_LENGTH),
  };
}

/** The error of creating a rule under a name another rule has. */
export function eventRuleNameConflict(name: string, id: number): ToolError {
  return new ToolError('CONFLICT', `An event rule named "${name}" already exists (id ${id}).`, {
    hint: 'Choose another name, or pass upsert: true to replace it.',
    details: { entity: 'event_rule', id, name },
  });
}
