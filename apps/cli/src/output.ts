/**
 * How the CLI talks to people and scripts: human text by default (colour and spinners only on a TTY), JSON with
 * `--json`. Exit codes: 0 success, 1 the operation failed (tool error), 2 bad usage or configuration.
 */
import ora, { type Ora } from 'ora';
import { formatToolErrorText, type ToolRunResult } from '@chief-of-staff/core';

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

/** A spinner on stderr when it is a terminal; silent otherwise so pipes and CI logs stay clean. */
export function startSpinner(text: string): Ora | undefined {
  if (!process.stderr.isTTY) return undefined;
  return ora({ text, stream: process.stderr }).start();
}

/** Prints a tool result and sets the exit code: JSON for scripts, a readable rendering for people. */
export function reportToolResult(result: ToolRunResult, json: boolean, render?: (value: Record<string, unknown>) => string): void {
  if (!result.ok) {
    if (json) printJson({ error: result.error });
    else printError(formatToolErrorText(result.error));
    process.exitCode = result.error.code === 'INVALID_ARGUMENT' ? EXIT_USAGE : EXIT_FAILED;
    return;
  }
  if (json || !render) printJson(result.value);
  else printLine(render(result.value));
}

/** A plain fixed-width table for people (no colours, so it survives copy and paste). */
export function formatTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, index) => Math.max(header.length, ...rows.map((row) => (row[index] ?? '').length)));
  const line = (cells: string[]) => cells.map((text, index) => text.padEnd(widths[index] ?? 0)).join('  ').trimEnd();
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}
