/**
 * Loads test and benchmark fixtures in one transaction: thousands of rows written through the (asynchronous)
 * repositories commit once instead of once per row. The repositories' own transactions nest inside it.
 */
import type { SqliteMemoryStore } from '../memory/memory-store.js';

/** Runs `fill` inside one write transaction of `store`'s database; rolls back everything when it throws. */
export async function bulkLoad(store: SqliteMemoryStore, fill: () => Promise<void>): Promise<void> {
  const { sqlite } = store.database;
  sqlite.exec('BEGIN IMMEDIATE');
  try {
    await fill();
    sqlite.exec('COMMIT');
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    throw error;
  }
}
