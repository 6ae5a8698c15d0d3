#!/usr/bin/env node
/** `cos`: the Chief of Staff command line. Each command lives in commands/<name>.ts. */
import { CommanderError } from 'commander';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, printError } from './output.js';
import { buildProgram } from './program.js';

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
}
