/**
 * Alert rules (docs/reference/data-model.md#tables,
 * docs/reference/tool-catalogue.md#decisions-delegations-and-alerts,
 * docs/reference/algorithms.md#lifecycle-and-alerts): named, typed conditions evaluated by `check_alerts` and the
 * worker, with a cooldown and the trigger state the worker uses to avoid repeating itself.
 */
import { ToolError } from '@chief-of-staff/core';
import { DELIVERY_CHANNELS, type AlertType, type DeliveryChannel } from '../db/enums.js';
import type { Page, PageRequest } from '../db/pagination.js';
import { assertEnum, assertMaxLength, assertText, MAX_NAME_LENGTH, MAX_VALUE_LENGTH } from '../db/validation.js';
import { normalizeAlertType, parseAlertCondition } from './alert-conditions.js';

export interface AlertRuleRecord {
  id: number;
  name: string;
  description: string;
  alertType: AlertType;
  condition: Record<string, unknown>;
  enabled: boolean;
  cooldownHours: number;
  deliveryChannel: DeliveryChannel | null;
  deliveryConfig: Record<string, unknown> | null;
  lastTriggeredAt: string | null;
  lastFingerprint: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CreateAlertRuleInput {
  name: string;
  /** An alert type, or the alias `pending_decision`. */
  alertType: AlertType | 'pending_decision';
  description?: string;
  condition?: Record<string, unknown>;
  enabled?: boolean;
  cooldownHours?: number;
  deliveryChannel?: DeliveryChannel | null;
  deliveryConfig?: Record<string, unknown> | null;
}

export const ALERT_RULE_LIST_LIMITS = { defaultLimit: 50, maxLimit: 200 };

export interface AlertRulesRepository {
  /** Duplicate name → CONFLICT unless `upsert`, which replaces the definition and keeps trigger state. */
  create(input: CreateAlertRuleInput, options?: { upsert?: boolean }): Promise<{ rule: AlertRuleRecord; created: boolean }>;
  get(id: number): Promise<AlertRuleRecord | undefined>;
  getByName(name: string): Promise<AlertRuleRecord | undefined>;
  /** Ordered by name. */
  list(filters: { enabledOnly?: boolean }, page: PageRequest): Promise<Page<AlertRuleRecord>>;
  listEnabled(): Promise<AlertRuleRecord[]>;
  setEnabled(id: number, enabled: boolean): Promise<AlertRuleRecord | undefined>;
  delete(id: number): Promise<boolean>;
  /** Records a notification: when and for which matched entities. */
  recordTrigger(id: number, state: { triggeredAt: string; fingerprint: string }): Promise<void>;
}

/** The definition of an alert rule: what `upsert` replaces (the trigger state is left alone). */
export type AlertRuleDefinition = Pick<
  AlertRuleRecord,
  'description' | 'alertType' | 'condition' | 'enabled' | 'cooldownHours' | 'deliveryChannel' | 'deliveryConfig'
>;

/**
 * The validated name and definition of a new rule, the condition parsed for its type with defaults filled in. Every
 * adapter creates rules from these, so all refuse the same input with the same error.
 */
export function alertRuleDefinition(input: CreateAlertRuleInput): { name: string; definition: AlertRuleDefinition } {
  const name = assertText('name', input.name, MAX_NAME_LENGTH);
  const alertType = normalizeAlertType(input.alertType);
  const condition = parseAlertCondition(alertType, input.condition ?? {}) as Record<string, unknown>;
  const cooldownHours = input.cooldownHours ?? 4;
  if (!(cooldownHours >= 0 && cooldownHours <= 168)) {
    throw ToolError.invalidArgument('cooldown_hours', `${cooldownHours} is out of range.`, 'Use a number of hours from 0 to 168.');
  }
  const deliveryChannel = input.deliveryChannel == null ? null : assertEnum('delivery_channel', input.deliveryChannel, DELIVERY_CHANNELS);
  return {
    name,
    definition: {
      description: assertMaxLength('description', input.description?.trim() ?? '', MAX_VALUE_LENGTH),
      alertType,
      condition,
      enabled: input.enabled ?? true,
      cooldownHours,
      deliveryChannel,
      deliveryConfig: input.deliveryConfig ?? null,
    },
  };
}

/** CONFLICT: a rule already has this name (its id when known). */
export function alertRuleNameTaken(name: string, id: number | undefined): ToolError {
  return new ToolError('CONFLICT', `An alert rule named "${name}" already exists${id === undefined ? '' : ` (id ${id})`}.`, {
    hint: 'Choose another name, or pass upsert: true to replace it.',
    details: { entity: 'alert_rule', id: id ?? null, name },
  });
}
