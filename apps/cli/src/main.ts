#!/usr/bin/env node
/** `cos`: the Chief of Staff command line. Each command lives in commands/<name>.ts. */
import { buildProgram } from './program.js';

await buildProgram().parseAsync(process.argv);
