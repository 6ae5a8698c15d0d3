/**
 * Prepared statements kept by their SQL text: a repository whose queries vary with their filters prepares each variant
 * once instead of on every call.
 */
import type { Statement } from 'better-sqlite3';
import type { CosDatabase } from './open-database.js';

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
