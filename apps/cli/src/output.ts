/**
 * How the CLI talks to people and scripts: human text by default (colour and spinners only on a TTY), JSON with
 * `--json`. Exit codes: 0 success, 1 the operation failed (tool error), 2 bad usage or configuration.
 */
import type { Ora } from 'ora';
import { formatToolErrorText, type ToolErrorPayload, type ToolRunResult } from '@chief-of-staff/core';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function printLine(text = ''): void {
  process.stdout.write(`${text}\n`);
}

export function printError(text: string): void {
  process.stderr.write(`${text}\n`);
}

/** Warnings go to stderr so the result on stdout stays clean for pipes. */
export function printWarnings(warnings: readonly string[] | undefined): void {
  for (const warning of warnings ?? []) printError(`! ${warning}`);
}

/**
 * A spinner shows only once the work has taken this long: a quick answer never flashes one. Nor does it load one:
 * the spinner library's start-up (Unicode width tables, an `Intl.Segmenter`) took ~45 ms of every `cos` command.
 */
export const SPINNER_DELAY_MS = 150;

export interface Spinner {
  /** What the spinner says; follows a tool's progress messages. */
  text: string;
  stop(): void;
}

/** A spinner on stderr when it is a terminal; silent otherwise so pipes and CI logs stay clean. */
export function startSpinner(text: string): Spinner | undefined {
  if (!process.stderr.isTTY) return undefined;
  let current = text;
  let shown: Ora | undefined;
  let stopped = false;
  const timer = setTimeout(() => {
    import('ora').then(
      ({ default: ora }) => {
        if (!stopped) shown = ora({ text: current, stream: process.stderr }).start();
      },
      // A spinner that cannot load is no reason to fail the command it decorates.
      () => undefined,
    );
  }, SPINNER_DELAY_MS);
  // The work keeps the process alive, never the spinner.
  timer.unref();
  return {
    get text() {
      return current;
    },
    set text(value: string) {
      current = value;
      if (shown) shown.text = value;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      shown?.stop();
    },
  };
}

/** The exit code a tool error maps to: bad input is a usage problem (2), everything else a failure (1). */
export function exitCodeForError(error: ToolErrorPayload): number {
  return error.code === 'INVALID_ARGUMENT' ? EXIT_USAGE : EXIT_FAILED;
}

/** Prints a tool error (JSON or text) and sets the exit code. */
export function reportToolError(error: ToolErrorPayload, json: boolean): void {
  if (json) printJson({ error });
  else printError(formatToolErrorText(error));
  process.exitCode = exitCodeForError(error);
}

/** Prints a tool result and sets the exit code: JSON for scripts, a readable rendering for people. */
export function reportToolResult(result: ToolRunResult, json: boolean, render?: (value: Record<string, unknown>) => string): void {
  if (!result.ok) {
    reportToolError(result.error, json);
    return;
  }
  if (json || !render) printJson(result.value);
  else printLine(render(result.value));
}

/** A bad command-line value: says what was wrong and how to fix it, exit 2. */
export function reportUsageError(message: string, json: boolean): void {
  if (json) printJson({ error: { code: 'INVALID_ARGUMENT', message } });
  else printError(message);
  process.exitCode = EXIT_USAGE;
}

/** A plain fixed-width table for people (no colours, so it survives copy and paste). */
export function formatTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, index) => Math.max(header.length, ...rows.map((row) => (row[index] ?? '').length)));
  const line = (cells: string[]) => cells.map((text, index) => text.padEnd(widths[index] ?? 0)).join('  ').trimEnd();
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}
