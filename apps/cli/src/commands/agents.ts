/**
 * `cos agents list|show|run|create|delete` and `cos ask "<question>"`: the specialist agents from the terminal,
 * through list_agents, get_agent, run_agent, create_agent and delete_agent. `ask` runs the chief_of_staff agent.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';
import {
  EXIT_FAILED,
  formatTable,
  printJson,
  printLine,
  printWarnings,
  reportToolError,
  reportToolResult,
  reportUsageError,
} from '../output.js';
import { callWithSpinner, withChiefOfStaff } from '../open-cos.js';
import { commaList, wholeNumber } from '../options.js';
import { collectPages } from '../pages.js';
import { printRun, type RunResultView } from '../run-result.js';
import { oneLine, paint } from '../text.js';

/** The agent `cos ask` talks to. */
export const ASK_AGENT = 'chief_of_staff';

interface AgentSummary {
  name: string;
  description: string;
  model: string;
  origin: string;
  capabilities: string[];
}

interface AgentProblemView {
  file: string;
  severity: string;
  error: string;
}

interface AgentDetail extends AgentSummary {
  system_prompt: string;
  model_id: string;
  temperature: number;
  max_tokens: number;
  namespaces: string[];
  tools: string[];
  unavailable_sources: string[];
  created_by?: string;
  problems?: AgentProblemView[];
}

function renderProblems(problems: readonly AgentProblemView[]): string {
  return [
    '',
    paint('yellow', `Agent files with problems (${problems.length}):`),
    ...problems.map((problem) => `  ${problem.severity === 'error' ? 'not loaded' : 'warning'}: ${problem.file}: ${problem.error}`),
  ].join('\n');
}

function renderAgent(agent: AgentDetail): string {
  const lines = [
    `${paint('bold', agent.name)} (${agent.origin}${agent.created_by ? `, created by ${agent.created_by}` : ''})`,
    agent.description,
    '',
    `model:        ${agent.model_id} (${agent.model ?? 'default tier'}), temperature ${agent.temperature}, max_tokens ${agent.max_tokens}`,
    `capabilities: ${agent.capabilities.join(', ') || '(none)'}`,
    `tools:        ${agent.tools.join(', ') || '(none)'}`,
  ];
  if (agent.namespaces.length > 0) lines.push(`namespaces:   ${agent.namespaces.join(', ')}`);
  if (agent.unavailable_sources.length > 0) lines.push(`unavailable:  ${agent.unavailable_sources.join(', ')} (not configured; see \`cos doctor\`)`);
  lines.push('', paint('bold', 'System prompt'), agent.system_prompt.trimEnd());
  if (agent.problems && agent.problems.length > 0) lines.push(renderProblems(agent.problems));
  return lines.join('\n');
}

/** Runs an agent and prints its answer; exit 1 when the tool failed or the run did not complete. */
async function runAndReport(cos: ChiefOfStaff, name: string, instruction: string, options: { timeout?: number; json?: boolean }): Promise<void> {
  const args = { name, instruction, ...(options.timeout === undefined ? {} : { timeout_seconds: options.timeout }) };
  const result = await callWithSpinner(cos, 'run_agent', args, name === ASK_AGENT ? 'Thinking…' : `Running ${name}…`);
  if (!result.ok) {
    reportToolError(result.error, options.json === true);
    return;
  }
  const run = result.value as unknown as RunResultView;
  const completed = options.json ? run.status === 'completed' : printRun(run);
  if (options.json) printJson(run);
  if (!completed) process.exitCode = EXIT_FAILED;
}

export function registerAgentsCommands(program: Command): void {
  const agents = program.command('agents').description('List, inspect, run, create and delete specialist agents.');

  agentsListCommand(agents);
  agentsShowCommand(agents);
  agentsRunCommand(agents);
  agentsCreateCommand(agents);
  agentsDeleteCommand(agents);
  askCommand(program);
}

function agentsListCommand(agents: Command): void {
  agents
    .command('list')
    .description('List every agent (built-in, yours and overrides) and any agent file that failed to load.')
    .option('--capability <name>', 'only agents holding this capability, e.g. calendar_read')
    .option('--json', 'print machine-readable JSON')
    .action((options: { capability?: string; json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const args = options.capability ? { capability: options.capability } : {};
        const result = await collectPages(cos, 'list_agents', args, { pageSize: 200 });
        if (!result.ok) {
          reportToolError(result.error, options.json === true);
          return;
        }
        const { items, total, warnings, extra } = result.value;
        const problems = (extra['problems'] as AgentProblemView[] | undefined) ?? [];
        if (options.json) {
          printJson({ items, total, problems, ...(warnings.length > 0 ? { warnings } : {}) });
          return;
        }
        printWarnings(warnings);
        const rows = (items as unknown as AgentSummary[]).map((agent) => [agent.name, agent.origin, agent.model, oneLine(agent.description, 70)]);
        printLine(rows.length === 0 ? 'No agents match.' : formatTable(['name', 'origin', 'model', 'description'], rows));
        if (problems.length > 0) printLine(renderProblems(problems));
      }),
    );
}

function agentsShowCommand(agents: Command): void {
  agents
    .command('show')
    .description("Show one agent's configuration, model, tools and system prompt.")
    .argument('<name>', 'agent name, e.g. meeting_prep')
    .option('--json', 'print machine-readable JSON')
    .action((name: string, options: { json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const result = await cos.callTool('get_agent', { name }, { caller: { kind: 'cli' } });
        reportToolResult(result, options.json === true, (value) => renderAgent(value as unknown as AgentDetail));
      }),
    );
}

function agentsRunCommand(agents: Command): void {
  agents
    .command('run')
    .description('Run one agent on an instruction and print its answer (needs ANTHROPIC_API_KEY).')
    .argument('<name>', 'agent name, e.g. meeting_prep')
    .argument('<instruction>', 'what the agent should do')
    .option('--timeout <seconds>', 'wall-clock limit for this run (1–600)', wholeNumber('--timeout', 1, 600))
    .option('--json', 'print the run result as JSON')
    .addHelpText('after', '\nExample:\n  cos agents run meeting_prep "Prepare my 1:1 with Dana tomorrow"')
    .action((name: string, instruction: string, options: { timeout?: number; json?: boolean }) =>
      withChiefOfStaff((cos) => runAndReport(cos, name, instruction, options)),
    );
}

function agentsCreateCommand(agents: Command): void {
  agents
    .command('create')
    .description('Create an agent: designed from a description by the model, or exactly as given with --prompt-file and --capabilities.')
    .argument('<description>', 'what the agent is for (1–500 characters)')
    .option('--name <name>', 'agent name: lower-case letters, digits, _ and -')
    .option('--prompt-file <file>', 'system prompt from this file (explicit mode; needs --capabilities and --name)')
    .option('--capabilities <list>', 'comma-separated capabilities (explicit mode), e.g. memory_read,calendar_read', commaList)
    .option('--model <model>', 'haiku, sonnet, opus or a full model id')
    .option('--overwrite', 'replace an existing agent of that name (a built-in becomes your override)')
    .option('--json', 'print machine-readable JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  cos agents create "Tracks vendor contracts and renewal dates"\n' +
        '  cos agents create "Answers from my notes" --name notes_helper --prompt-file prompt.md --capabilities memory_read,document_search',
    )
    .action(
      (
        description: string,
        options: { name?: string; promptFile?: string; capabilities?: string[]; model?: string; overwrite?: boolean; json?: boolean },
      ) =>
        withChiefOfStaff(async (cos) => {
          if ((options.promptFile === undefined) !== (options.capabilities === undefined)) {
            reportUsageError('--prompt-file and --capabilities go together: give both to define the agent exactly, or neither to have it designed from the description.', options.json === true);
            return;
          }
          let systemPrompt: string | undefined;
          if (options.promptFile !== undefined) {
            try {
              systemPrompt = readFileSync(options.promptFile, 'utf8');
            } catch {
              reportUsageError(`Cannot read --prompt-file ${options.promptFile}; give the path of a readable text file.`, options.json === true);
              return;
            }
          }
          const args = {
            description,
            ...(options.name ? { name: options.name } : {}),
            ...(systemPrompt === undefined ? {} : { system_prompt: systemPrompt, capabilities: options.capabilities }),
            ...(options.model ? { model: options.model } : {}),
            ...(options.overwrite ? { overwrite: true } : {}),
          };
          const result = await callWithSpinner(cos, 'create_agent', args, systemPrompt === undefined ? 'Designing the agent…' : 'Saving the agent…');
          reportToolResult(result, options.json === true, (value) => {
            const agent = value['agent'] as AgentSummary;
            printWarnings(value['warnings'] as string[]);
            return `Created agent ${agent.name} (${value['created_via'] === 'factory' ? 'designed from the description' : 'as given'}): capabilities ${agent.capabilities.join(', ')}.\nRun it with: cos agents run ${agent.name} "<instruction>"`;
          });
        }),
    );
}

function agentsDeleteCommand(agents: Command): void {
  agents
    .command('delete')
    .description('Delete one of your agents, or remove an override so the built-in comes back.')
    .argument('<name>', 'agent name')
    .option('--json', 'print machine-readable JSON')
    .action((name: string, options: { json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const result = await cos.callTool('delete_agent', { name }, { caller: { kind: 'cli' } });
        reportToolResult(result, options.json === true, (value) =>
          value['restored_builtin'] ? `Removed your override of ${name}; the built-in ${name} is back.` : `Deleted agent ${name}.`,
        );
      }),
    );
}

function askCommand(program: Command): void {
  program
    .command('ask')
    .description('Ask your chief of staff anything; it uses the other agents and your data (needs ANTHROPIC_API_KEY).')
    .argument('<question>', 'the question or request')
    .option('--timeout <seconds>', 'wall-clock limit for this run (1–600)', wholeNumber('--timeout', 1, 600))
    .option('--json', 'print the run result as JSON')
    .addHelpText('after', '\nExample:\n  cos ask "What do I need to prepare for tomorrow?"')
    .action((question: string, options: { timeout?: number; json?: boolean }) =>
      withChiefOfStaff((cos) => runAndReport(cos, ASK_AGENT, question, options)),
    );
}
