/**
 * The one error a page sees from a tool call: the tool's own code and message (written for the user: what was wrong
 * and how to fix it). The core renders it in the page; anything else is an internal error shown with a reference only.
 */
export class ConsoleToolError extends Error {
  readonly code: string;
  readonly hint?: string;

  constructor(code: string, message: string, hint?: string) {
    super(message);
    this.name = 'ConsoleToolError';
    this.code = code;
    if (hint !== undefined) this.hint = hint;
  }
}
