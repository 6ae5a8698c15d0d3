/**
 * A test database whose default collation sorts text by language (ICU `en-US`: case and accents only break ties),
 * as a server initialised with a language locale does. The throw-away server itself sorts by code point (C.UTF-8),
 * so a repository that forgets `COLLATE "C"` where SQLite sorts by BINARY passes there and fails here.
 */
import type { TestPostgres } from './test-postgres.js';

export function createLanguageSortedDatabase(server: TestPostgres, name: string): Promise<string> {
  return server.createDatabase(name, { clauses: "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'" });
}
