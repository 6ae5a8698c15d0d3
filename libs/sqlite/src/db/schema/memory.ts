/**
 * Long-term memory tables (docs/reference/data-model.md#tables): facts, locations and identities. The facts full-text
 * index (`facts_fts`) and its sync triggers live in a hand-written custom migration, not here.
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { createdAtColumn, idColumn, updatedAtColumn } from './columns.js';
import { FACT_CATEGORIES, IDENTITY_PROVIDERS, type SourceRef } from '@chief-of-staff/stores';
import { EMBEDDING_STATUSES } from '@chief-of-staff/stores/adapter-kit';

export const facts = sqliteTable(
  'facts',
  {
    id: idColumn(),
    category: text('category', { enum: FACT_CATEGORIES }).notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    confidence: real('confidence').notNull().default(1),
    pinned: integer('pinned', { mode: 'boolean' }).notNull().default(false),
    source: text('source').notNull().default('user'),
    sourceRef: text('source_ref', { mode: 'json' }).$type<SourceRef>(),
    embeddingStatus: text('embedding_status', { enum: EMBEDDING_STATUSES }).notNull().default('pending'),
    /**
     * When the fact was said or observed: a day (`YYYY-MM-DD`) or a UTC moment like `created_at`; NULL when the source
     * gave none (every fact stored before the column existed), never guessed.
     */
    observedAt: text('observed_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('facts_category_key_uq').on(t.category, t.key),
    index('facts_updated_at_idx').on(t.updatedAt),
    // Every fact search asks for facts still waiting for their vector; almost none are, so the index stays tiny.
    index('facts_pending_embedding_idx').on(t.id).where(sql`embedding_status = 'pending'`),
  ],
);

export const locations = sqliteTable(
  'locations',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Case-folded name (docs/reference/conventions.md#validation); uniqueness is enforced on it. */
    nameFolded: text('name_folded').notNull(),
    address: text('address'),
    /** NULL when unknown, never 0. */
    latitude: real('latitude'),
    longitude: real('longitude'),
    notes: text('notes'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('locations_name_folded_uq').on(t.nameFolded)],
);

export const identities = sqliteTable(
  'identities',
  {
    id: idColumn(),
    canonicalName: text('canonical_name').notNull(),
    provider: text('provider', { enum: IDENTITY_PROVIDERS }).notNull(),
    /** Normalised: emails lower-case, phones digits with a leading +. */
    providerId: text('provider_id').notNull(),
    displayName: text('display_name'),
    email: text('email'),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('identities_provider_provider_id_uq').on(t.provider, t.providerId),
    index('identities_canonical_name_idx').on(t.canonicalName),
    index('identities_email_idx').on(t.email),
  ],
);

