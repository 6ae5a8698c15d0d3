/**
 * What counts as a raw error in an answer a user sees: anything that comes from the machinery rather than from the
 * product's own messages — a stack frame, an SDK error class, a socket error code, a JSON parser's complaint, the
 * upstream HTTP error body or its request id, or a source path with a line number. The product's sanitised text
 * ("The model API returned 529 (overloaded_error): Overloaded.") is not raw.
 */
const RAW_ERROR_SIGNS: ReadonlyArray<readonly [string, RegExp]> = [
  ['a stack frame', /\bat (?:async )?[\w.$<>[\]]+ \(|\bat (?:file|node):\/*|\\n\s+at |\n\s+at /],
  ['an SDK error class', /\b(APIError|APIConnectionError|APIConnectionTimeoutError|APIUserAbortError|AnthropicError|RateLimitError|InternalServerError|BadRequestError|AuthenticationError)\b/],
  ['a socket error code', /\b(ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|EHOSTUNREACH|UND_ERR_[A-Z_]+)\b/],
  ['a JSON parser message', /\b(SyntaxError|Unexpected token|Unexpected end of JSON|is not valid JSON|JSON at position)\b/],
  ['the HTTP error body', /\{\s*\\*"type\\*"\s*:\s*\\*"error\\*"/],
  ['an upstream request id', /\breq_[A-Za-z0-9]{6,}/],
  ['a source path', /node_modules|\.(?:c|m)?[jt]s:\d+:\d+/],
  ['a JavaScript error name', /\b(TypeError|ReferenceError|RangeError|AbortError|DOMException)\b/],
];

/** The kinds of raw error found in `text` (empty when there are none). */
export function rawErrorSigns(text: string): string[] {
  return RAW_ERROR_SIGNS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}
