/**
 * Preloaded into a server whose memory the suite compares from round to round (`node --expose-gc -r memory-probe.cjs
 * main.js …`): on SIGUSR2 it runs a full garbage collection, gives the freed pages a second to go back to the system,
 * and writes one line to stderr: `memory-probe {"rssMb":…,"heapUsedMb":…}`.
 *
 * Why: read straight after a burst, the server's RSS holds whatever garbage the last collection happened to leave —
 * measured at 104–171 MB of committed JS heap between rounds of the same 1,000 requests, with 32–35 MB live after a
 * collection every time — so a 40 MB limit on plain RSS fails or passes by chance. After a full collection only what
 * the process keeps is left, and the live heap tells a retained request apart from allocator noise.
 */
'use strict';

const MARKER = 'memory-probe';
const SETTLE_MS = 1_000;

const mb = (bytes) => Math.round(bytes / 1048576);

process.on('SIGUSR2', () => {
  if (typeof globalThis.gc === 'function') globalThis.gc();
  const heapUsedMb = mb(process.memoryUsage().heapUsed);
  setTimeout(() => {
    process.stderr.write(`${MARKER} ${JSON.stringify({ rssMb: mb(process.memoryUsage().rss), heapUsedMb, collected: typeof globalThis.gc === 'function' })}\n`);
  }, SETTLE_MS).unref();
});
