/**
 * Child-process entry of `npm run bench`: runs one bench file's benchmarks and sends the results to the parent over the
 * IPC channel, then exits, whatever handles the benchmarks left open. Each file gets a fresh process so one file's
 * heap, loaded models, worker threads and background work do not slow the files measured after it.
 */
import { runBenchmarkFile } from './run-benchmark-file.js';

const [file, root, ...filters] = process.argv.slice(2);
if (!file || !root || !process.send) {
  console.error('usage: forked by run-benchmarks.ts with <bench file> <workspace root> [filter…]');
  process.exit(2);
}
const results = await runBenchmarkFile(file, filters, root);
process.send(results, () => process.exit(0));
