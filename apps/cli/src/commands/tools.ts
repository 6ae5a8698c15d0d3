/**
 * `cos tools` and `cos call`: every tool of the catalogue from the terminal, with the same validation and messages
 * the MCP server gives. `cos call store_fact '{"category":"work","key":"team","value":"Platform"}'`.
 */
import type { Command } from 'commander';
import { EXIT_USAGE, formatTable, printError, printJson, printLine, reportToolResult } from '../output.js';
import { callWithSpinner, withChiefOfStaff } from '../open-cos.js';
import { parseJsonObject, type JsonObjectResult } from '../json-argument.js';

function parseArguments(text: string | undefined): JsonObjectResult {
  if (text === undefined || text.trim() === '') return { ok: true, value: {} };
  return parseJsonObject(text, 'the arguments', '{"query":"Dana"}');
}

export function registerToolsCommands(program: Command): void {
  program
    .command('tools')
    .description('List every tool with its title and annotations.')
    .option('--json', 'print machine-readable JSON')
    .action((options: { json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        if (options.json) {
          printJson(cos.tools.map((tool) => ({ name: tool.name, title: tool.title, annotations: tool.annotations, latency: tool.latency })));
          return;
        }
        printLine(formatTable(['tool', 'title', 'read-only'], cos.tools.map((tool) => [tool.name, tool.title, tool.annotations.readOnlyHint ? 'yes' : 'no'])));
      }),
    );

  program
    .command('call')
    .description('Call any tool with JSON arguments and print its result as JSON.')
    .argument('<tool>', 'tool name, e.g. query_memory')
    .argument('[arguments]', 'JSON object of arguments, e.g. \'{"query":"Dana"}\'')
    .action((tool: string, text: string | undefined) =>
      withChiefOfStaff(async (cos) => {
        const args = parseArguments(text);
        if (!args.ok) {
          printError(args.message);
          process.exitCode = EXIT_USAGE;
          return;
        }
        const result = await callWithSpinner(cos, tool, args.value, `Running ${tool}…`);
        reportToolResult(result, true);
      }),
    );
}
