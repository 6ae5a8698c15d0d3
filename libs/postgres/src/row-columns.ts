/**
 * The columns a repository reads back: every column of the table but `principal_id`. Whose row it is stays in the
 * database (the scope chose it), so records read on PostgreSQL are the same objects as on SQLite.
 */
import { getTableColumns, type Table } from 'drizzle-orm';

export type RowColumns<T extends Table> = Omit<T['_']['columns'], 'principalId'>;

const cache = new WeakMap<Table, unknown>();

export function rowColumns<T extends Table>(table: T): RowColumns<T> {
  let columns = cache.get(table) as RowColumns<T> | undefined;
  if (columns === undefined) {
    columns = Object.fromEntries(Object.entries(getTableColumns(table)).filter(([name]) => name !== 'principalId')) as RowColumns<T>;
    cache.set(table, columns);
  }
  return columns;
}
