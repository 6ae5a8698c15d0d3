/**
 * `cos memory search|add|list`: the long-term fact memory from the terminal, through the same tools Claude uses
 * (query_memory, store_fact, list_facts).
 */
import type { Command } from 'commander';
import { formatTable, printJson, printLine, printWarnings, reportToolError, reportToolResult } from '../output.js';
import { withChiefOfStaff, withSearchResult } from '../open-cos.js';
import { unitInterval, wholeNumber } from '../options.js';
import { collectPages } from '../pages.js';
import { oneLine } from '../text.js';

interface FactRow {
  category: string;
  key: string;
  value: string;
  confidence: number;
  pinned: boolean;
  score?: number;
}

function factTable(items: readonly FactRow[], withScore: boolean): string {
  const headers = withScore ? ['score', 'category', 'key', 'value'] : ['category', 'key', 'value', 'confidence'];
  const rows = items.map((fact) => {
    const value = `${oneLine(fact.value, 70)}${fact.pinned ? ' (pinned)' : ''}`;
    return withScore
      ? [(fact.score ?? 0).toFixed(2), fact.category, fact.key, value]
      : [fact.category, fact.key, value, String(fact.confidence)];
  });
  return formatTable(headers, rows);
}

export function registerMemoryCommands(program: Command): void {
  const memory = program.command('memory').description('Search, add and list remembered facts.');

  memorySearchCommand(memory);
  memoryAddCommand(memory);
  memoryListCommand(memory);
}

function memorySearchCommand(memory: Command): void {
  memory
    .command('search')
    .description('Find facts by words or meaning, best first.')
    .argument('<query>', 'words or a question, e.g. "Noa coffee"')
    .option('--category <category>', 'only personal, preference, work, relationship, backlog or location')
    .option('--limit <n>', 'results to show (default 10, at most 100)', wholeNumber('--limit', 1))
    .option('--since <date>', 'only facts said or observed on or after this day (YYYY-MM-DD) or time')
    .option('--until <date>', 'only facts said or observed up to this day (the whole day) or time')
    .option('--json', 'print machine-readable JSON')
    .addHelpText('after', '\nExamples:\n  cos memory search "what does Noa drink"\n  cos memory search "offsite" --since 2026-03-01 --until 2026-03-31')
    .action((query: string, options: { category?: string; limit?: number; since?: string; until?: string; json?: boolean }) => {
      const args = {
        query,
        ...(options.category ? { category: options.category } : {}),
        ...(options.limit ? { limit: options.limit } : {}),
        ...(options.since === undefined ? {} : { since: options.since }),
        ...(options.until === undefined ? {} : { until: options.until }),
      };
      return withSearchResult('query_memory', args, 'Searching memory…', (result) =>
        reportToolResult(result, options.json === true, (value) => {
          const items = value['items'] as FactRow[];
          printWarnings(value['warnings'] as string[] | undefined);
          return items.length === 0 ? `No facts match "${query}". Try other words, or \`cos memory list\`.` : factTable(items, true);
        }),
      );
    });
}

function memoryAddCommand(memory: Command): void {
  memory
    .command('add')
    .description('Remember a fact, or replace the fact with the same category and key.')
    .argument('<category>', 'personal, preference, work, relationship or backlog')
    .argument('<key>', 'short stable name, e.g. noa_coffee_order')
    .argument('<value>', 'the fact itself')
    .option('--confidence <0-1>', 'how sure this is (default 1)', unitInterval('--confidence'))
    .option('--pinned', 'never lose weight with age')
    .option('--observed-at <date>', 'when it was said or happened: YYYY-MM-DD, or a date and time (UTC unless it names a zone)')
    .option('--json', 'print machine-readable JSON')
    .addHelpText('after', '\nExample:\n  cos memory add preference noa_coffee_order "Noa drinks oat flat whites" --observed-at 2026-03-02')
    .action((category: string, key: string, value: string, options: { confidence?: number; pinned?: boolean; observedAt?: string; json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const args = {
          category,
          key,
          value,
          ...(options.confidence === undefined ? {} : { confidence: options.confidence }),
          ...(options.pinned ? { pinned: true } : {}),
          ...(options.observedAt === undefined ? {} : { observed_at: options.observedAt }),
        };
        const result = await cos.callTool('store_fact', args, { caller: { kind: 'cli' } });
        reportToolResult(result, options.json === true, (output) => {
          const fact = output['fact'] as FactRow & { id: number };
          return `${output['created'] ? 'Remembered' : 'Updated'} ${fact.category}/${fact.key} (#${fact.id}): ${oneLine(fact.value, 100)}`;
        });
      }, { semanticRecall: false }),
    );
}

function memoryListCommand(memory: Command): void {
  memory
    .command('list')
    .description('List stored facts by category and key.')
    .option('--category <category>', 'only personal, preference, work, relationship or backlog')
    .option('--prefix <text>', 'only keys starting with this text')
    .option('--limit <n>', 'show at most this many (default: all)', wholeNumber('--limit', 1))
    .option('--json', 'print machine-readable JSON')
    .action((options: { category?: string; prefix?: string; limit?: number; json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const args = { ...(options.category ? { category: options.category } : {}), ...(options.prefix ? { prefix: options.prefix } : {}) };
        const result = await collectPages(cos, 'list_facts', args, { pageSize: 200, max: options.limit });
        if (!result.ok) {
          reportToolError(result.error, options.json === true);
          return;
        }
        const { items, total, more, warnings } = result.value;
        if (options.json) {
          printJson({ items, total, ...(warnings.length > 0 ? { warnings } : {}) });
          return;
        }
        printWarnings(warnings);
        if (items.length === 0) {
          printLine('No facts stored yet. Add one with `cos memory add <category> <key> <value>`.');
          return;
        }
        printLine(factTable(items as unknown as FactRow[], false));
        if (more) printLine(`\nShowing ${items.length} of ${total ?? 'more'}; raise --limit to see more.`);
      }),
    );
}
