/**
 * Long-term memory tables on PostgreSQL: facts, locations and identities, column for column as in
 * `@chief-of-staff/stores`' SQLite schema. Where SQLite keeps FTS5 tables (`facts_fts` for words, `facts_trigram`
 * for substrings), facts carry `search_terms` (the analysed words, written by the adapter), a `tsvector` generated
 * from them with the `simple` configuration, and `pg_trgm` indexes over `key` and `value`.
 */
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { FACT_CATEGORIES, IDENTITY_PROVIDERS, type SourceRef } from '@chief-of-staff/stores';
import { createdAtColumn, idColumn, principalColumn, tsvector, updatedAtColumn } from './columns.js';

export const facts = pgTable(
  'facts',
  {
    principalId: principalColumn(),
    id: idColumn(),
    category: text('category', { enum: FACT_CATEGORIES }).notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    confidence: doublePrecision('confidence').notNull().default(1),
    pinned: boolean('pinned').notNull().default(false),
    source: text('source').notNull().default('user'),
    sourceRef: jsonb('source_ref').$type<SourceRef>(),
    /** `ok` or `pending` (the stores' EMBEDDING_STATUSES). */
    embeddingStatus: text('embedding_status').notNull().default('pending'),
    /**
     * When the fact was said or observed: a day (`YYYY-MM-DD`) or a UTC moment in `created_at`'s ISO form; NULL when
     * unknown. Text, as on the SQLite side: no PostgreSQL type holds "a day or a moment", and the search window
     * compares the two forms as text the same way on both adapters.
     */
    observedAt: text('observed_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    /**
     * The tokens FTS5's `unicode61 remove_diacritics 2` tokenizer indexes for `key`, `value` and `category` on the
     * SQLite side, joined by spaces (`factSearchTerms`); the adapter writes it with every change.
     */
    searchTerms: text('search_terms').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_terms)`),
  },
  (t) => [
    uniqueIndex('facts_category_key_uq').on(t.category, t.key, t.principalId),
    index('facts_updated_at_idx').on(t.updatedAt),
    index('facts_pending_embedding_idx').on(t.id).where(sql`embedding_status = 'pending'`),
    index('facts_search_vector_idx').using('gin', t.searchVector),
    // Case-insensitive substring search (`ILIKE '%…%'`), the job of SQLite's `facts_trigram`.
    index('facts_key_trgm_idx').using('gin', t.key.op('gin_trgm_ops')),
    index('facts_value_trgm_idx').using('gin', t.value.op('gin_trgm_ops')),
  ],
);

export const locations = pgTable(
  'locations',
  {
    principalId: principalColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    nameFolded: text('name_folded').notNull(),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    notes: text('notes'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('locations_name_folded_uq').on(t.nameFolded, t.principalId)],
);

export const identities = pgTable(
  'identities',
  {
    principalId: principalColumn(),
    id: idColumn(),
    canonicalName: text('canonical_name').notNull(),
    provider: text('provider', { enum: IDENTITY_PROVIDERS }).notNull(),
    providerId: text('provider_id').notNull(),
    displayName: text('display_name'),
    email: text('email'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('identities_provider_provider_id_uq').on(t.provider, t.providerId, t.principalId),
    index('identities_canonical_name_idx').on(t.canonicalName),
    index('identities_email_idx').on(t.email),
  ],
);

