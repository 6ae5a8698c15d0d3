/**
 * How each table of a SQLite data directory is copied into PostgreSQL (`cos migrate --to`): the columns written, how
 * a SQLite value becomes a PostgreSQL one, the columns only PostgreSQL has (the analysed search terms its full-text
 * indexes read), and an order in which every referenced row arrives before the rows that reference it.
 */
import { getTableColumns, getTableName, type Column } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { postgresSchema } from '../schema-object.js';
import { factSearchTerms, mailMessageSearchTerms, messageSearchTerms } from '../search-terms.js';
import { UNREADABLE_STORED_JSON } from '@chief-of-staff/stores';

/** A row as better-sqlite3 returns it: SQL column names, SQLite's storage types. */
export type SqliteRow = Record<string, unknown>;

type ColumnConversion = 'json' | 'boolean' | 'as-is';

export interface CopiedColumn {
  /** The SQL column name, the same on both sides. */
  name: string;
  conversion: ColumnConversion;
}

export interface TableCopyPlan {
  /** The SQL table name, the same on both sides. */
  name: string;
  table: PgTable;
  /** Columns read from SQLite and written as they are (after conversion). */
  columns: readonly CopiedColumn[];
  /** Columns only PostgreSQL has, computed from the SQLite row. */
  derived: Readonly<Record<string, (row: SqliteRow) => unknown>>;
  /**
   * `true` when the table has an integer `id`: it is copied in id order and a rerun starts after the highest id
   * already copied. Other tables are small and copied whole each time (existing rows are skipped).
   */
  integerId: boolean;
}

/** Tables that hold vectors: copied from LanceDB, not from SQLite (see copy-vectors.ts). */
export const VECTOR_TABLES: ReadonlySet<string> = new Set(['document_chunks', 'fact_vectors', 'vector_spaces']);

function text(row: SqliteRow, column: string): string {
  const value = row[column];
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
}

function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    // What the SQLite side reads for such a row (its storedJsonColumn), so both adapters report the same broken row.
    return { [UNREADABLE_STORED_JSON]: value.slice(0, 200) };
  }
}

/**
 * Columns PostgreSQL fills from other columns of the row, where SQLite keeps an FTS5 table instead. Each deriver is
 * the function the PostgreSQL repository itself writes the column with, so a copied row searches like a new one.
 */
const DERIVED_COLUMNS: Readonly<Record<string, Readonly<Record<string, (row: SqliteRow) => unknown>>>> = {
  facts: {
    search_terms: (row) => factSearchTerms({ key: text(row, 'key'), value: text(row, 'value'), category: text(row, 'category') }),
  },
  mail_messages: {
    search_terms: (row) =>
      mailMessageSearchTerms({
        subject: text(row, 'subject'),
        fromName: text(row, 'from_name'),
        fromAddress: text(row, 'from_address'),
        to: toAddresses(parsedJson(row.to)),
        bodyText: text(row, 'body_text'),
      }),
  },
  messages: {
    search_terms: (row) =>
      messageSearchTerms({
        text: text(row, 'text'),
        senderHandle: text(row, 'sender_handle'),
        senderName: typeof row.sender_name === 'string' ? row.sender_name : null,
      }),
  },
};

function toAddresses(value: unknown): { name?: string; address: string }[] {
  return Array.isArray(value) ? (value as { name?: string; address: string }[]) : [];
}

function conversionOf(column: Column): ColumnConversion {
  if (column.columnType === 'PgJsonb' || column.columnType === 'PgJson') return 'json';
  if (column.columnType === 'PgBoolean') return 'boolean';
  return 'as-is';
}

/** A SQLite value as the PostgreSQL column takes it. */
export function convertValue(conversion: ColumnConversion, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (conversion === 'boolean') return value === 1 || value === true || value === '1';
  if (conversion === 'json') return parsedJson(value);
  return value;
}

function planFor(table: PgTable, sqliteColumns: ReadonlySet<string>): TableCopyPlan {
  const name = getTableName(table);
  const derivers = DERIVED_COLUMNS[name] ?? {};
  const columns: CopiedColumn[] = [];
  const derived: Record<string, (row: SqliteRow) => unknown> = {};
  for (const column of Object.values(getTableColumns(table)) as Column[]) {
    // Generated columns compute themselves; a copied data directory is one person's, the owner's, as the column's
    // default in the copy's scope writes it.
    if (column.generated !== undefined || column.name === 'principal_id') continue;
    const deriver = derivers[column.name];
    if (deriver) derived[column.name] = deriver;
    else if (sqliteColumns.has(column.name)) columns.push({ name: column.name, conversion: conversionOf(column) });
    else {
      // A column nothing fills would be copied as its default (an empty search text, say) and go unnoticed.
      throw new Error(`Copying table ${name}: the PostgreSQL column ${column.name} has no SQLite column and no rule to compute it.`);
    }
  }
  const written = new Set(Object.values(getTableColumns(table) as Record<string, Column>).map((column) => column.name));
  const lost = [...sqliteColumns].filter((column) => !written.has(column));
  if (lost.length > 0) throw new Error(`Copying table ${name}: PostgreSQL has no column for ${lost.join(', ')}.`);
  const idColumn = (getTableColumns(table) as Record<string, Column>).id;
  const integerId = idColumn !== undefined && idColumn.primary && idColumn.dataType === 'number';
  return { name, table, columns, derived, integerId };
}

/** Every table's plan, referenced tables first. `sqliteColumnsOf` lists a SQLite table's columns (empty: no table). */
export function tableCopyPlans(sqliteColumnsOf: (table: string) => ReadonlySet<string>): TableCopyPlan[] {
  const tables = (Object.values(postgresSchema) as PgTable[]).filter((table) => !VECTOR_TABLES.has(getTableName(table)));
  const ordered: PgTable[] = [];
  const placed = new Set<string>();
  const place = (table: PgTable, path: readonly string[]): void => {
    const name = getTableName(table);
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`Foreign keys form a cycle: ${[...path, name].join(' → ')}.`);
    for (const foreignKey of getTableConfig(table).foreignKeys) {
      const referenced = foreignKey.reference().foreignTable;
      if (getTableName(referenced) !== name) place(referenced, [...path, name]);
    }
    placed.add(name);
    ordered.push(table);
  };
  for (const table of tables) place(table, []);
  return ordered.filter((table) => sqliteColumnsOf(getTableName(table)).size > 0).map((table) => planFor(table, sqliteColumnsOf(getTableName(table))));
}
