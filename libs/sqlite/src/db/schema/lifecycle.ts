/**
 * Lifecycle tables (docs/reference/data-model.md#tables): decisions, delegations and alert rules.
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { ALERT_TYPES, DECISION_STATUSES, DELEGATION_PRIORITIES, DELEGATION_STATUSES, DELIVERY_CHANNELS, type SourceRef } from '@chief-of-staff/stores';

export const decisions = sqliteTable(
  'decisions',
  {
    id: idColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    context: text('context').notNull().default(''),
    alternativesConsidered: text('alternatives_considered').notNull().default(''),
    decidedBy: text('decided_by').notNull().default(''),
    owner: text('owner').notNull().default(''),
    status: text('status', { enum: DECISION_STATUSES }).notNull().default('pending_execution'),
    /** `YYYY-MM-DD`. */
    followUpDate: text('follow_up_date'),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
    source: text('source').notNull().default('user'),
    sourceRef: text('source_ref', { mode: 'json' }).$type<SourceRef>(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('decisions_status_idx').on(t.status), index('decisions_created_at_idx').on(t.createdAt)],
);

export const delegations = sqliteTable(
  'delegations',
  {
    id: idColumn(),
    task: text('task').notNull(),
    description: text('description').notNull().default(''),
    delegatedTo: text('delegated_to').notNull(),
    /** Case-folded `delegated_to` for case-insensitive equality (docs/reference/conventions.md#validation). */
    delegatedToFolded: text('delegated_to_folded').notNull(),
    delegatedBy: text('delegated_by').notNull().default('user'),
    /** `YYYY-MM-DD`. */
    dueDate: text('due_date'),
    priority: text('priority', { enum: DELEGATION_PRIORITIES }).notNull().default('medium'),
    status: text('status', { enum: DELEGATION_STATUSES }).notNull().default('active'),
    notes: text('notes').notNull().default(''),
    source: text('source').notNull().default('user'),
    sourceRef: text('source_ref', { mode: 'json' }).$type<SourceRef>(),
    completedAt: text('completed_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('delegations_status_due_date_idx').on(t.status, t.dueDate),
    index('delegations_delegated_to_folded_idx').on(t.delegatedToFolded),
  ],
);

export const alertRules = sqliteTable(
  'alert_rules',
  {
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    alertType: text('alert_type', { enum: ALERT_TYPES }).notNull(),
    condition: text('condition', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    cooldownHours: real('cooldown_hours').notNull().default(4),
    deliveryChannel: text('delivery_channel', { enum: DELIVERY_CHANNELS }),
    deliveryConfig: text('delivery_config', { mode: 'json' }).$type<Record<string, unknown>>(),
    lastTriggeredAt: text('last_triggered_at'),
    lastFingerprint: text('last_fingerprint'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('alert_rules_name_uq').on(t.name)],
);
