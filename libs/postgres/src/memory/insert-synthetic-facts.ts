/**
 * Loads generated facts into the PostgreSQL `facts` table the way the benchmarks need them: 1,000 rows per statement,
 * search terms written as the adapter writes them, then `VACUUM ANALYZE` so statistics and visibility are as
 * autovacuum leaves a loaded table. `principalOf` names each row's principal (the column default otherwise).
 */
import type { SyntheticFact } from '@chief-of-staff/stores/testing';
import type { PostgresDatabase } from '../open-postgres.js';
import { facts } from '../schema/memory.js';
import { factSearchTerms } from '../search-terms.js';

export async function insertSyntheticFactsIntoPostgres(database: PostgresDatabase, rows: readonly SyntheticFact[], principalOf?: (index: number) => string): Promise<void> {
  for (let start = 0; start < rows.length; start += 1_000) {
    await database.db.insert(facts).values(
      rows.slice(start, start + 1_000).map((row, offset) => ({
        ...(principalOf ? { principalId: principalOf(start + offset) } : {}),
        category: row.category,
        key: row.key,
        value: row.value,
        confidence: row.confidence,
        pinned: row.pinned,
        source: 'user',
        embeddingStatus: 'pending',
        createdAt: row.at,
        updatedAt: row.at,
        searchTerms: factSearchTerms(row),
      })),
    );
  }
  await database.pool.query('VACUUM ANALYZE facts');
}
