/**
 * Lifecycle tables on PostgreSQL: decisions, delegations and alert rules, column for column as on SQLite. SQLite's
 * `decisions_trigram` FTS5 table becomes one multi-column `pg_trgm` GIN index over the six searched columns, beside the
 * same partial index of the decisions only folding can search (`decisions_fold_scan_idx`).
 */
import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ALERT_TYPES, DECISION_STATUSES, DELEGATION_PRIORITIES, DELEGATION_STATUSES, DELIVERY_CHANNELS, type SourceRef } from '@chief-of-staff/stores';
import { NON_PLAIN_CHARACTER } from '../postgres-text.js';
import { createdAtColumn, idColumn, isoTimestamp, principalColumn, updatedAtColumn } from './columns.js';

/**
 * "Some searched column of the decision holds a character outside the plain ones" (`NON_PLAIN_CHARACTER`): the
 * decisions search cannot find by `ILIKE` alone and folds instead. The `decisions_fold_scan_idx` partial index lists
 * them, as SQLite's index of the same name does, so a search reads them from the index; the search's own condition
 * must stay identical to this one for PostgreSQL to use it.
 */
export const DECISIONS_FOLD_SCAN_PREDICATE = sql.raw(
  `(${['"title"', '"description"', '"context"', '("tags"::text)', '"owner"', '"decided_by"']
    .map((column) => `${column} ~ '${NON_PLAIN_CHARACTER}'`)
    .join(' OR ')})`,
);

export const decisions = pgTable(
  'decisions',
  {
    principalId: principalColumn(),
    id: idColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    context: text('context').notNull().default(''),
    alternativesConsidered: text('alternatives_considered').notNull().default(''),
    decidedBy: text('decided_by').notNull().default(''),
    owner: text('owner').notNull().default(''),
    status: text('status', { enum: DECISION_STATUSES }).notNull().default('pending_execution'),
    followUpDate: date('follow_up_date', { mode: 'string' }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    source: text('source').notNull().default('user'),
    sourceRef: jsonb('source_ref').$type<SourceRef>(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('decisions_status_idx').on(t.status),
    index('decisions_created_at_idx').on(t.createdAt),
    // Substring search (search_decisions) with ILIKE; `tags` as its JSON text, as SQLite's trigram table holds it.
    index('decisions_trgm_idx').using(
      'gin',
      t.title.op('gin_trgm_ops'),
      t.description.op('gin_trgm_ops'),
      t.context.op('gin_trgm_ops'),
      sql`(${t.tags}::text) gin_trgm_ops`,
      t.owner.op('gin_trgm_ops'),
      t.decidedBy.op('gin_trgm_ops'),
    ),
    index('decisions_fold_scan_idx').on(t.id).where(DECISIONS_FOLD_SCAN_PREDICATE),
  ],
);

export const delegations = pgTable(
  'delegations',
  {
    principalId: principalColumn(),
    id: idColumn(),
    task: text('task').notNull(),
    description: text('description').notNull().default(''),
    delegatedTo: text('delegated_to').notNull(),
    delegatedToFolded: text('delegated_to_folded').notNull(),
    delegatedBy: text('delegated_by').notNull().default('user'),
    dueDate: date('due_date', { mode: 'string' }),
    priority: text('priority', { enum: DELEGATION_PRIORITIES }).notNull().default('medium'),
    status: text('status', { enum: DELEGATION_STATUSES }).notNull().default('active'),
    notes: text('notes').notNull().default(''),
    source: text('source').notNull().default('user'),
    sourceRef: jsonb('source_ref').$type<SourceRef>(),
    completedAt: isoTimestamp('completed_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('delegations_status_due_date_idx').on(t.status, t.dueDate),
    index('delegations_delegated_to_folded_idx').on(t.delegatedToFolded),
  ],
);

export const alertRules = pgTable(
  'alert_rules',
  {
    principalId: principalColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    alertType: text('alert_type', { enum: ALERT_TYPES }).notNull(),
    condition: jsonb('condition').$type<Record<string, unknown>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    cooldownHours: doublePrecision('cooldown_hours').notNull().default(4),
    deliveryChannel: text('delivery_channel', { enum: DELIVERY_CHANNELS }),
    deliveryConfig: jsonb('delivery_config').$type<Record<string, unknown>>(),
    lastTriggeredAt: isoTimestamp('last_triggered_at'),
    lastFingerprint: text('last_fingerprint'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('alert_rules_name_uq').on(t.name, t.principalId)],
);
