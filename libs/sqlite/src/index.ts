/**
 * @chief-of-staff/sqlite — the SQLite adapter of the stores port (ADR 0098), the embedded default: the data directory's
 * database, its schema and migrations, and every repository over it. Public API is named explicitly below.
 */
export { openMemoryStore } from './memory/memory-store.js';
export type { OpenMemoryStoreOptions, SqliteMemoryStore } from './memory/memory-store.js';
export { openDatabase } from './db/open-database.js';
export type { CosDatabase } from './db/open-database.js';
export { createSqliteMailRepository } from './personal-data/mail-repository.js';
export { SqliteDocumentCatalog } from './documents/document-catalog.js';
export { createSqliteMessagesRepository } from './personal-data/messages-repository.js';
// The tables the tests of other libraries read or arrange by hand.
export { events, facts } from './db/schema/index.js';
