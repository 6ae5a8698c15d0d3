/** What a crash round left in the database: the keys a query returns and `PRAGMA integrity_check`. */
import { join } from 'node:path';
import Database from 'better-sqlite3';

export interface StoredRows {
  keys: Set<string>;
  integrity: string;
}

export function readStoredRows(dataDir: string, query: string): StoredRows {
  const db = new Database(join(dataDir, 'cos.db'), { readonly: true });
  try {
    const keys = new Set((db.prepare(query).pluck().all() as unknown[]).map(String));
    return { keys, integrity: String(db.pragma('integrity_check', { simple: true })) };
  } finally {
    db.close();
  }
}

/** Waits until the first of `signal` or `ms`, clearing the timer either way so nothing keeps the process alive. */
export async function raceTimeout(signal: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([signal, new Promise((done) => (timer = setTimeout(done, ms)))]);
  clearTimeout(timer);
}

export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
