/**
 * Text from a service we do not control (a model gateway, an external MCP server) made fit to show: its first line
 * only, nothing when that line is machinery (a stack frame, an error class, a socket code, a JSON body, a source path),
 * API keys shortened, whitespace collapsed and the length capped.
 */

/**
 * Upstream text that is machinery, not a message: a stack frame, a JavaScript error class, a socket error code, a
 * JSON body or a source path.
 */
const MACHINERY =
  /\bat \S+ \(|\bat (?:file|node):|\b[A-Z][A-Za-z]*Error\b|\b(?:ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|UND_ERR_[A-Z_]+)\b|^\s*[{[]|node_modules|\.[cm]?[jt]s:\d+/;

/** The upstream message's first line fit to show, or '' when there is none worth showing. */
export function upstreamMessageLine(text: string | null | undefined, maxLength = 200): string {
  if (!text) return '';
  // Upstream messages are short and factual: the first line says it (a trace would follow it).
  const line = (text.trim().split(/\r?\n/)[0] ?? '').trim();
  if (MACHINERY.test(line)) return '';
  const clean = line.replace(/(sk-[A-Za-z0-9_-]{6})[A-Za-z0-9_-]+/g, '$1…').replace(/\s+/g, ' ');
  return clean.length <= maxLength ? clean : `${clean.slice(0, maxLength - 1).trimEnd()}…`;
}
