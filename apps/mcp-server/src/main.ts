#!/usr/bin/env node
/**
 * Starts the Chief of Staff MCP server: `main.js` serves stdio (what Claude Desktop spawns); `main.js --http
 * [--port N] [--host H]` serves Streamable HTTP. `COS_DATA_DIR` selects the data.
 */
import { earlyEmbedder as embedder } from './early-start.js';
import { parseArgs } from 'node:util';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      http: { type: 'boolean', default: false },
      port: { type: 'string' },
      host: { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
  });
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65_535)) {
    throw new Error(`--port must be a whole number from 0 to 65535, got "${values.port}".`);
  }
  const { serveHttp, serveStdio } = await import('./serve.js');
  const running = values.http
    ? await serveHttp({ port, host: values.host, quiet: values.quiet, embedder })
    : await serveStdio({ quiet: values.quiet, embedder });
  let stopping = false;
  const shutdown = (_reason: string) => {
    if (stopping) return;
    stopping = true;
    // Closing normally takes milliseconds; a stuck close must not keep a stopped server alive (or its locks held).
    setTimeout(() => {
      process.stderr.write('chief-of-staff: shutdown took longer than 5 s; exiting now.\n');
      process.exit(1);
    }, 5_000).unref();
    void running
      .stop()
      .catch(() => undefined)
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  if (!values.http) process.stdin.on('close', () => shutdown('stdin closed'));
}

main().catch((error: unknown) => {
  process.stderr.write(`chief-of-staff: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
