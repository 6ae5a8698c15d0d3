/**
 * JSON typed on the command line (`cos call <tool> '<json>'`, `--config '<json>'`): parsed into an object, or a message
 * that says where the JSON goes wrong (line, column, a caret under the spot) and what was expected there, so a missing
 * quote or brace is found without guessing.
 */

export type JsonObjectResult = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** Longer text is not searched for the spot; the engine's reason alone is given. */
const MAX_SEARCHED_LENGTH = 20_000;

/**
 * Where parsing stopped: from the engine's message (`at position N`) when it says; else the first prefix of the text
 * that fails for a reason other than ending early (some engine versions name the token but not its place).
 */
function errorPosition(text: string, message: string): number | undefined {
  const position = /at position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  if (/Unexpected end of JSON input/i.test(message)) return text.length;
  if (text.length > MAX_SEARCHED_LENGTH) return undefined;
  for (let end = 1; end <= text.length; end += 1) {
    try {
      JSON.parse(text.slice(0, end));
    } catch (error) {
      const reason = error instanceof Error ? error.message : '';
      const at = /at position (\d+)/.exec(reason);
      const endsEarly = /Unexpected end of JSON input/i.test(reason) || (at !== null && Number(at[1]) >= end);
      if (!endsEarly) return at ? Number(at[1]) : end - 1;
    }
  }
  return undefined;
}

/** The engine's reason without the parts this message says better (the position, the quoted input). */
function reasonOf(message: string): string {
  const reason = message
    .replace(/^Unexpected non-whitespace character after JSON.*$/s, 'unexpected text after the end of the JSON value')
    .replace(/\s*in JSON at position \d+.*$/s, '')
    .replace(/,\s*".*" is not valid JSON$/s, '')
    .replace(/^Unexpected end of JSON input$/i, 'the text ends before the JSON is complete (a missing } ] or ")')
    .trim();
  return reason.charAt(0).toLowerCase() + reason.slice(1);
}

/** `line 2, column 5` plus the line itself with a caret under the column (long lines cut around it). */
function pointAt(text: string, position: number): { where: string; excerpt: string } {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const column = position - lineStart + 1;
  const lineText = text.slice(lineStart).split('\n')[0] ?? '';
  const from = Math.max(0, column - 1 - 40);
  const shown = `${from > 0 ? '…' : ''}${lineText.slice(from, from + 80)}`;
  const caret = ' '.repeat(column - 1 - from + (from > 0 ? 1 : 0));
  return { where: `line ${line}, column ${column}`, excerpt: `  ${shown}\n  ${caret}^` };
}

/**
 * Parses `text` as a JSON object. `what` names it in messages ("the arguments", "--config"); `example` is a valid
 * value to copy.
 */
export function parseJsonObject(text: string, what: string, example: string): JsonObjectResult {
  const hint = `Write a JSON object inside single quotes, e.g. '${example}'.`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = errorPosition(text, message);
    if (position === undefined) return { ok: false, message: `Invalid JSON in ${what}: ${reasonOf(message)}.\n${hint}` };
    const { where, excerpt } = pointAt(text, position);
    return { ok: false, message: `Invalid JSON in ${what} at ${where}: ${reasonOf(message)}.\n${excerpt}\n${hint}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return { ok: false, message: `${what.charAt(0).toUpperCase()}${what.slice(1)} must be a JSON object ({…}), not ${kind}.\n${hint}` };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
