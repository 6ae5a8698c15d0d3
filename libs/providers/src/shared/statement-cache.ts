/** Prepared statements kept per SQL text, so a store prepares each of its queries once. */
import type { Statement } from 'better-sqlite3';
import type { CosDatabase } from '@chief-of-staff/stores';

export function statementCache(database: CosDatabase): (sql: string) => Statement {
  const statements = new Map<string, Statement>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = database.sqlite.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
}
