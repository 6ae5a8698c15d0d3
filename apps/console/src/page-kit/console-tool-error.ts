/**
 * The one error a page sees from a tool call: the tool's own code and message (written for the user: what was wrong
 * and how to fix it). The core renders it in the page; anything else is an internal error shown with a reference only.
 * `field` names the input the problem concerns (a tool's argument name, which is also the form field's name), so a
 * failed form can show the message beside it.
 */
export class ConsoleToolError extends Error {
  readonly code: string;
  readonly hint?: string;
  readonly field?: string;

  constructor(code: string, message: string, hint?: string, field?: string) {
    super(message);
    this.name = 'ConsoleToolError';
    this.code = code;
    if (hint !== undefined) this.hint = hint;
    if (field !== undefined) this.field = field;
  }
}

/** A problem with what was typed, found before any tool was called: shown beside `field`. */
export function formProblem(field: string, message: string): ConsoleToolError {
  return new ConsoleToolError('INVALID_ARGUMENT', message, undefined, field);
}
