/** Assembles the commander program from the individual commands. */
import { Command } from 'commander';
import { registerAgentsCommands } from './commands/agents.js';
import { registerDocsCommands } from './commands/docs.js';
import { registerDoctorCommand } from './commands/doctor.js';
import { registerEnrichCommand } from './commands/enrich.js';
import { registerImportExportCommands } from './commands/import-export.js';
import { registerMemoryCommands } from './commands/memory.js';
import { registerReindexCommand } from './commands/reindex.js';
import { registerScheduleCommands } from './commands/schedule.js';
import { registerServeCommand } from './commands/serve.js';
import { registerStatsCommand } from './commands/stats.js';
import { registerToolsCommands } from './commands/tools.js';

export function buildProgram(): Command {
  const program = new Command()
    .name('cos')
    .description('Chief of Staff: long-term memory, documents, calendar, mail and expert agents for Claude.')
    // Usage mistakes throw instead of exiting with commander's code 1; main.ts turns them into exit 2.
    // Set before the commands are added so every sub-command inherits it.
    .exitOverride()
    .showHelpAfterError('(add --help to see the usage and examples)');
  registerServeCommand(program);
  registerToolsCommands(program);
  registerDoctorCommand(program);
  registerMemoryCommands(program);
  registerDocsCommands(program);
  registerReindexCommand(program);
  registerImportExportCommands(program);
  registerEnrichCommand(program);
  registerAgentsCommands(program);
  registerScheduleCommands(program);
  registerStatsCommand(program);
  return program;
}
