#!/usr/bin/env node
/**
 * Starts the Chief of Staff worker: `node apps/worker/dist/main.js [--json-logs | --pretty-logs]` (or `cos worker`).
 * `COS_DATA_DIR` selects the data; logs go to stderr, as readable lines on a terminal and JSON lines otherwise.
 */
import { chooseLogFormat } from './human-log.js';
import { runWorker } from './run-worker.js';

async function main(): Promise<void> {
  // Signals are handled from the very start: a stop that arrives while the worker is still starting waits for it.
  const starting = runWorker({ logFormat: chooseLogFormat(process.argv.slice(2), process.stderr.isTTY === true) });
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    // A stop that hangs must not keep the process (and its lock) alive.
    setTimeout(() => {
      process.stderr.write('chief-of-staff worker: shutdown took longer than 5 s; exiting now.\n');
      process.exit(1);
    }, 5_000).unref();
    void starting
      .then((worker) => worker.stop())
      .catch((error: unknown) => process.stderr.write(`chief-of-staff worker: ${error instanceof Error ? error.message : String(error)}\n`))
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  await starting;
}

main().catch((error: unknown) => {
  process.stderr.write(`chief-of-staff worker: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
