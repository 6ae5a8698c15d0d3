/** Assembles the commander program from the individual commands. */
import { Command } from 'commander';
import { registerDoctorCommand } from './commands/doctor.js';
import { registerServeCommand } from './commands/serve.js';
import { registerToolsCommands } from './commands/tools.js';

export function buildProgram(): Command {
  const program = new Command()
    .name('cos')
    .description('Chief of Staff: long-term memory, documents, calendar, mail and expert agents for Claude.')
    .showHelpAfterError();
  registerServeCommand(program);
  registerToolsCommands(program);
  registerDoctorCommand(program);
  return program;
}
