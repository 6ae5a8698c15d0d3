/**
 * The LanceDB tables of a vectors directory as `StoredVectorTables`, for the copy into PostgreSQL (`cos migrate
 * --to`). A missing directory or table reads as absent.
 */
import type { StoredVectorRow, StoredVectorTables } from '@chief-of-staff/documents';
import { readSchemaVersion, readVectorSpace } from './vector-space-metadata.js';
import { VectorDatabase } from './vector-table.js';

export function openLanceVectorTables(vectorsDir: string): StoredVectorTables {
  const database = new VectorDatabase(vectorsDir);
  let names: Promise<Set<string>> | undefined;
  return {
    async open(name) {
      const connection = await database.connection();
      names ??= connection.tableNames().then((list) => new Set(list));
      if (!(await names).has(name)) return undefined;
      const table = await connection.openTable(name);
      const metadata = (await table.schema()).metadata;
      return {
        vectorSpace: readVectorSpace(metadata),
        schemaVersion: readSchemaVersion(metadata),
        rowCount: await table.countRows(),
        async *batches() {
          for await (const batch of table.query()) yield (batch.toArray() as { toJSON(): StoredVectorRow }[]).map((row) => row.toJSON());
        },
      };
    },
    close: () => database.close(),
  };
}
