/**
 * Optimizing a LanceDB table out of process: the child compacts, prunes and indexes the table this process has open,
 * a failed or hung child is reported with what went wrong, and without a Node binary to start it runs in process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Connection, Table } from '@lancedb/lancedb';
import { loadLance } from './load-lance.js';
import { optimizeTable, type OptimizeRequest } from './optimize-table.js';

const DIMS = 32;
let root: string;
let connection: Connection;

function row(id: number): { id: number; vector: number[] } {
  return { id, vector: Array.from({ length: DIMS }, (_, d) => Math.sin(id * (d + 1))) };
}

/** A table written one row per commit, as facts stored one by one leave it. */
async function fragmentedTable(name: string, commits: number, rowsPerCommit = 1): Promise<Table> {
  let id = 0;
  const table = await connection.createTable(name, Array.from({ length: rowsPerCommit }, () => row(id++)));
  for (let commit = 1; commit < commits; commit++) await table.add(Array.from({ length: rowsPerCommit }, () => row(id++)));
  return table;
}

function request(table: string, overrides: Partial<OptimizeRequest> = {}): OptimizeRequest {
  return { dir: root, table, keepVersionsMs: 0, indexMinRows: 1_000_000, dims: DIMS, ...overrides };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cos-optimize-'));
  const { lancedb } = await loadLance();
  connection = await lancedb.connect(root, { readConsistencyInterval: 0 });
});

afterAll(() => {
  connection.close();
  rmSync(root, { recursive: true, force: true });
});

describe('optimizeTable', () => {
  it('compacts and prunes in a child process, and this process sees the result at once', async () => {
    const table = await fragmentedTable('facts', 20);
    expect((await table.stats()).fragmentStats.numFragments).toBe(20);

    const outcome = await optimizeTable(table, request('facts'));

    expect(outcome).toMatchObject({ ranIn: 'child', rows: 20, fragmentsRemoved: 20, fragmentsAdded: 1, indexBuilt: false });
    expect(outcome.versionsRemoved).toBeGreaterThan(10);
    expect((await table.stats()).fragmentStats.numFragments).toBe(1);
    expect(await table.countRows()).toBe(20);
    // The table stays writable from this process after another one committed to it.
    await table.add([row(100)]);
    expect(await table.countRows()).toBe(21);
  });

  it('builds the vector index once the table is large enough', async () => {
    const table = await fragmentedTable('chunks', 3, 300);
    const outcome = await optimizeTable(table, request('chunks', { indexMinRows: 900 }));
    expect(outcome).toMatchObject({ ranIn: 'child', rows: 900, indexBuilt: true });
    expect((await table.listIndices()).map((index) => index.columns)).toContainEqual(['vector']);
    // Searches go through the index and still find a stored row's own vector.
    const [nearest] = await table.vectorSearch(row(42).vector).distanceType('cosine').nprobes(30).refineFactor(10).limit(1).toArray();
    expect(nearest?.['_distance']).toBeCloseTo(0, 5);
  });

  it('runs in this process when no child can be started', async () => {
    const table = await fragmentedTable('no-child', 5);
    const outcome = await optimizeTable(table, request('no-child'), { execPath: join(root, 'no-such-node') });
    expect(outcome).toMatchObject({ ranIn: 'in-process', rows: 5, fragmentsRemoved: 5, fragmentsAdded: 1 });
  });

  it('says what the optimizer process reported when it fails', async () => {
    const table = await fragmentedTable('present', 2);
    await expect(optimizeTable(table, request('absent-table'))).rejects.toThrow(/optimizing absent-table: the optimizer process exited with code 1: .*absent-table/i);
  });

  it('stops a child that runs past its time limit', async () => {
    const table = await fragmentedTable('slow', 2);
    await expect(optimizeTable(table, request('slow'), { timeoutMs: 1 })).rejects.toThrow('optimizing slow: the optimizer process was stopped after 0 s');
    expect(await table.countRows()).toBe(2);
  });
});
