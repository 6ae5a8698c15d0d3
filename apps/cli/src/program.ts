/** Assembles the commander program from the individual commands. */
import { createRequire } from 'node:module';
import { Command } from 'commander';
import { registerAgentsCommands } from './commands/agents.js';
import { registerCompletionCommand } from './commands/completion.js';
import { registerDocsCommands } from './commands/docs.js';
import { registerDoctorCommand } from './commands/doctor.js';
import { registerEnrichCommand } from './commands/enrich.js';
import { registerImportExportCommands } from './commands/import-export.js';
import { registerInitCommand } from './commands/init.js';
import { registerMemoryCommands } from './commands/memory.js';
import { registerMigrateCommand } from './commands/migrate.js';
import { registerNotificationsCommand } from './commands/notifications.js';
import { registerReindexCommand } from './commands/reindex.js';
import { registerScheduleCommands } from './commands/schedule.js';
import { registerServeCommand } from './commands/serve.js';
import { registerStatsCommand } from './commands/stats.js';
import { registerToolsCommands } from './commands/tools.js';
import { registerUiCommand } from './commands/ui.js';
import { registerTokensCommands, registerUsersCommands } from './commands/users.js';

/** The CLI's own version, from its package.json (one level above `src/` and `dist/`). */
export const CLI_VERSION = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

export function buildProgram(): Command {
  const program = new Command()
    .name('cos')
    .version(CLI_VERSION, '-V, --version', 'print the version')
    .description('Chief of Staff: long-term memory, documents, calendar, mail and expert agents for Claude.')
    // Usage mistakes throw instead of exiting with commander's code 1; main.ts turns them into exit 2.
    // Set before the commands are added so every sub-command inherits it.
    .exitOverride()
    .showHelpAfterError('(add --help to see the usage and examples)');
  registerInitCommand(program);
  registerServeCommand(program);
  registerUiCommand(program);
  registerToolsCommands(program);
  registerDoctorCommand(program);
  registerMemoryCommands(program);
  registerDocsCommands(program);
  registerReindexCommand(program);
  registerMigrateCommand(program);
  registerImportExportCommands(program);
  registerEnrichCommand(program);
  registerAgentsCommands(program);
  registerScheduleCommands(program);
  registerStatsCommand(program);
  registerNotificationsCommand(program);
  registerUsersCommands(program);
  registerTokensCommands(program);
  registerCompletionCommand(program);
  return program;
}
