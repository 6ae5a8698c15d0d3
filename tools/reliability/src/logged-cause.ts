/**
 * A call answered "Unexpected error in <tool> (ref x)" says nothing of its cause to whoever reads the report; the
 * server logged it under that ref. This finds the log line and appends what it says, so a failing row names its
 * cause instead of a reference into a log that is deleted with the run's data.
 */

const REF = /\(ref ([0-9a-f]{8})\)/;
const MAX_CAUSE = 400;

interface LoggedError {
  type?: string;
  message?: string;
  code?: string;
  /** What a wrapping error (a query builder's "Failed query") was caused by: the part that says what went wrong. */
  cause?: LoggedError;
}

function describe(err: LoggedError): string {
  const own = `${err.type ?? 'Error'}${err.code === undefined ? '' : ` ${err.code}`}: ${(err.message ?? '').split('\n')[0]}`;
  return err.cause === undefined ? own : `${own} ← ${describe(err.cause)}`;
}

function causeOf(line: string): string {
  try {
    const entry = JSON.parse(line) as { msg?: string; err?: LoggedError };
    return entry.err === undefined ? String(entry.msg) : describe(entry.err);
  } catch {
    return line;
  }
}

/** `error` with the cause the servers' logs give for its ref appended; unchanged when it has no ref or none is logged. */
export function withLoggedCause(error: string, logs: readonly string[]): string {
  const ref = REF.exec(error)?.[1];
  if (ref === undefined) return error;
  for (const log of logs) {
    const line = log.split('\n').find((entry) => entry.includes(ref) && !entry.includes('(ref '));
    if (line !== undefined) return `${error} — logged: ${causeOf(line).slice(0, MAX_CAUSE)}`;
  }
  return error;
}
