/**
 * Optimizes one LanceDB vector table: compacts its fragments, folds new rows into its indexes, deletes versions older
 * than `keepVersionsMs`, and builds the IVF-PQ vector index once the table has `indexMinRows` rows and none yet.
 *
 * Normally run as a short-lived child process (`node table-optimizer.cjs '<request JSON>'`, see optimize-table.ts):
 * LanceDB compacts by rewriting every fragment smaller than its target size, so each optimize of a 40k-row table
 * rewrites all of it, and glibc keeps the peak of those buffers in the process for good. A server that optimized in
 * its own process grew by hundreds of megabytes over half an hour of steady writes; a child returns it all on exit.
 * The same function runs in process when a child cannot be started.
 *
 * Protocol: argv[2] is the request; on success one line of JSON (`OptimizeOutcome`) on stdout and exit 0; on
 * failure the error on stderr and exit 1.
 */
'use strict';

/**
 * @typedef {{ dir: string; table: string; keepVersionsMs: number; indexMinRows: number; dims: number }} OptimizeRequest
 * @typedef {{ rows: number; fragmentsRemoved: number; fragmentsAdded: number; versionsRemoved: number; indexBuilt: boolean }} OptimizeOutcome
 */

/**
 * @param {typeof import('@lancedb/lancedb')} lancedb
 * @param {import('@lancedb/lancedb').Table} table
 * @param {OptimizeRequest} request
 * @returns {Promise<OptimizeOutcome>}
 */
async function optimizeTable(lancedb, table, request) {
  const stats = await table.optimize({ cleanupOlderThan: new Date(Date.now() - request.keepVersionsMs) });
  const rows = await table.countRows();
  const indices = await table.listIndices();
  let indexBuilt = false;
  if (rows >= request.indexMinRows && !indices.some((index) => index.columns.includes('vector'))) {
    await table.createIndex('vector', {
      config: lancedb.Index.ivfPq({
        distanceType: 'cosine',
        numPartitions: Math.max(1, Math.round(Math.sqrt(rows))),
        // 16 dimensions per sub-vector when they divide evenly; LanceDB's own default otherwise.
        ...(request.dims % 16 === 0 ? { numSubVectors: request.dims / 16 } : {}),
      }),
    });
    indexBuilt = true;
  }
  return {
    rows,
    fragmentsRemoved: stats.compaction.fragmentsRemoved,
    fragmentsAdded: stats.compaction.fragmentsAdded,
    versionsRemoved: stats.prune.oldVersionsRemoved,
    indexBuilt,
  };
}

/** @param {string} json */
async function runChild(json) {
  /** @type {OptimizeRequest} */
  const request = JSON.parse(json);
  const lancedb = require('@lancedb/lancedb');
  const connection = await lancedb.connect(request.dir, { readConsistencyInterval: 0 });
  const table = await connection.openTable(request.table);
  try {
    const outcome = await optimizeTable(lancedb, table, request);
    process.stdout.write(`${JSON.stringify(outcome)}\n`);
  } finally {
    table.close();
    connection.close();
  }
}

if (require.main === module) {
  runChild(process.argv[2] ?? '').catch((/** @type {unknown} */ error) => {
    process.stderr.write(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}

module.exports = { optimizeTable };
