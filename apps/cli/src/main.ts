#!/usr/bin/env node
/** `cos`: the Chief of Staff command line. Each command lives in commands/<name>.ts. */
import { releaseEarlyEmbedder } from './early-start.js';
import { CommanderError } from 'commander';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, printError } from './output.js';
import { buildProgram } from './program.js';

// `cos … | head` closes the pipe early: that is the reader saying it has enough, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}
// Ctrl-C during a long command: one line, not a stack trace; the usual 130 exit status. Commands that stop
// gracefully on their own (serve, worker) register their own handler, and then this one stands aside.
process.on('SIGINT', () => {
  if (process.listenerCount('SIGINT') > 1) return;
  process.stderr.write('\nInterrupted.\n');
  process.exit(130);
});

async function main(): Promise<void> {
  try {
    await buildProgram().parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its message (and the usage hint); help and version requests are not errors.
      process.exitCode = error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    } else {
      printError(error instanceof Error ? error.message : String(error));
      process.exitCode = EXIT_FAILED;
    }
  } finally {
    await releaseEarlyEmbedder();
  }
}

// A function rather than top-level await: the bundle is a CommonJS script (tools/scripts/bundle-app.mjs).
void main();
