/**
 * `cos import <kind> <path>` and `cos export-calendar <calendar>`: your own files into the local stores and a
 * calendar back out as iCalendar, through import_data and export_calendar (tools only the user may run). Files
 * must lie inside documents.allowedRoots, as for the tools.
 */
import { resolve } from 'node:path';
import { Argument, type Command } from 'commander';
import { expandHome } from '@chief-of-staff/core';
import { formatTable, printJson, printLine, printWarnings, reportToolError, reportToolResult } from '../output.js';
import { callWithSpinner, withChiefOfStaff } from '../open-cos.js';
import { startProgress } from '../progress-bar.js';
import { plural } from '../text.js';

const IMPORT_KINDS = ['ics', 'mbox', 'maildir', 'eml', 'messages', 'messages_jsonl', 'messages_csv'];

interface ImportOutput {
  kind: string;
  target: string;
  imported: number;
  updated: number;
  skipped: number;
  errors: { item: string; message: string }[];
  error_count: number;
  duration_ms: number;
  warnings?: string[];
}

/** Shown per-item errors; the rest are counted (the JSON output has the tool's full list). */
const ERRORS_SHOWN = 20;

function renderImport(output: ImportOutput): string {
  const lines = [
    `Imported ${output.imported} new, ${output.updated} updated, ${output.skipped} already known (${output.kind} → ${output.target}) in ${(output.duration_ms / 1000).toFixed(1)} s.`,
  ];
  if (output.error_count > 0) {
    lines.push('', `${plural(output.error_count, 'item')} could not be imported:`);
    lines.push(formatTable(['item', 'problem'], output.errors.slice(0, ERRORS_SHOWN).map((error) => [error.item, error.message])));
    if (output.error_count > ERRORS_SHOWN) lines.push(`… and ${output.error_count - ERRORS_SHOWN} more (use --json to see the listed ones).`);
  }
  return lines.join('\n');
}

export function registerImportExportCommands(program: Command): void {
  program
    .command('import')
    .description('Import calendar, mail or message files into the local stores (safe to repeat).')
    .addArgument(new Argument('<kind>', 'what the file holds').choices(IMPORT_KINDS))
    .argument('<path>', 'file (or folder for maildir/eml) inside documents.allowedRoots')
    .option('--target <name>', 'ics: calendar name; mbox/eml: mailbox (default INBOX); maildir: account; messages: default channel')
    .option('--account <name>', 'mbox/eml: mail account (default local)')
    .option('--owner <email>', "ics: the file is this person's calendar (used for group availability)")
    .option('--json', 'print machine-readable JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  cos import ics ~/Documents/cos/work.ics --target Work\n  cos import mbox ~/Documents/cos/archive.mbox\n  cos import messages ~/Documents/cos/family.jsonl --target whatsapp',
    )
    .action((kind: string, path: string, options: { target?: string; account?: string; owner?: string; json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const args = {
          kind,
          path: resolve(expandHome(path)),
          ...(options.target ? { target: options.target } : {}),
          ...(options.account ? { account: options.account } : {}),
          ...(options.owner ? { owner_email: options.owner } : {}),
        };
        const progress = startProgress('Importing', options.json !== true);
        let result;
        try {
          result = await cos.callTool('import_data', args, { caller: { kind: 'cli' }, progress: (message, fraction) => progress.update(message, fraction) });
        } finally {
          progress.stop();
        }
        if (!result.ok) {
          reportToolError(result.error, options.json === true);
          return;
        }
        const output = result.value as unknown as ImportOutput;
        if (options.json) {
          printJson(output);
          return;
        }
        printWarnings(output.warnings);
        printLine(renderImport(output));
      }),
    );

  program
    .command('export-calendar')
    .description('Export one calendar as iCalendar: to stdout, or with --out to an .ics file inside documents.allowedRoots.')
    .argument('<calendar>', 'calendar name or id')
    .option('--out <file>', 'write to this .ics file instead of printing')
    .option('--from <date>', 'only events from this date (YYYY-MM-DD)')
    .option('--to <date>', 'only events up to this date, inclusive (YYYY-MM-DD)')
    .option('--json', 'print machine-readable JSON')
    .addHelpText('after', '\nExamples:\n  cos export-calendar Work > work.ics\n  cos export-calendar Work --out ~/Documents/cos/work.ics --from 2026-01-01 --to 2026-12-31')
    .action((calendar: string, options: { out?: string; from?: string; to?: string; json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const args = {
          calendar,
          ...(options.out ? { path: resolve(expandHome(options.out)) } : {}),
          ...(options.from ? { start_date: options.from } : {}),
          ...(options.to ? { end_date: options.to } : {}),
        };
        const result = await callWithSpinner(cos, 'export_calendar', args, 'Exporting calendar…');
        reportToolResult(result, options.json === true, (value) => {
          if (typeof value['ics'] === 'string') return (value['ics'] as string).replace(/\r?\n$/, '');
          return `Wrote ${plural(value['events'] as number, 'event')} of "${String(value['calendar'])}" to ${String(value['path'])} (${String(value['bytes'])} bytes).`;
        });
      }),
    );
}
