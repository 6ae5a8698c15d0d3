/**
 * One place that decides what a secret looks like, used wherever configuration, errors or logs are shown: values
 * under secret-looking keys, credentials inside URLs (`user:pass@`, `?key=`, `?token=` …), and every value of the
 * headers and environment given to external servers. Values written as `env:NAME` references are not secrets
 * (they name where the secret is) and stay visible so a user can check their configuration.
 */

export const REDACTED = '[redacted]';
const URL_SECRET = '***';

const SECRET_WORDS = new Set(['secret', 'token', 'password', 'passwd', 'pwd', 'authorization', 'auth', 'cookie', 'signature', 'sig', 'credential', 'credentials', 'apikey', 'key']);

function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/**
 * True for keys whose value is a secret: the last word names one (`token`, `accessToken`, `api_key`, `x-api-key`,
 * `password`, `Authorization`, `cookie`). `maxTokens` or `signatureHeader` are settings, not secrets. A bare `key`
 * counts only when it is the whole name or follows `api`/`access`/`secret`/`private`.
 */
export function isSecretKey(key: string): boolean {
  const words = wordsOf(key);
  const last = words.at(-1);
  if (last === undefined || !SECRET_WORDS.has(last)) return false;
  if (last === 'key' || last === 'auth' || last === 'sig') {
    const before = words.at(-2);
    return words.length === 1 || before === 'api' || before === 'access' || before === 'secret' || before === 'private' || before === 'x';
  }
  return true;
}

/** Keeps scheme, host and path; replaces user info and secret-looking query values with `***`. */
export function redactUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  let changed = false;
  if (url.username !== '' || url.password !== '') {
    url.username = URL_SECRET;
    url.password = '';
    changed = true;
  }
  for (const name of [...url.searchParams.keys()]) {
    if (isSecretKey(name)) {
      url.searchParams.set(name, URL_SECRET);
      changed = true;
    }
  }
  return changed ? url.href : text;
}

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/** Every URL inside a free text (an error message, a log line) with its credentials redacted. */
export function redactUrlsInText(text: string): string {
  if (!text.includes('://')) return text;
  return text.replace(URL_IN_TEXT, (match) => {
    // Punctuation that ends a sentence is not part of the URL.
    const trailing = /[.,;:!?)\]]+$/.exec(match)?.[0] ?? '';
    return redactUrl(match.slice(0, match.length - trailing.length)) + trailing;
  });
}

const MAX_DEPTH = 12;

function isEnvReference(value: unknown): boolean {
  return typeof value === 'string' && /^env:[A-Za-z_][A-Za-z0-9_]*$/.test(value);
}

/**
 * A copy of `value` with secrets removed: secret-looking keys, credentials in URLs, and (under keys named
 * `headers` or `env`) every value. Depth-limited so hostile nesting cannot exhaust the stack.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactUrlsInText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  if (value instanceof Error) return { name: value.name, message: redactUrlsInText(value.message) };
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if ((key === 'headers' || key === 'env') && child !== null && typeof child === 'object' && !Array.isArray(child)) {
      out[key] = Object.fromEntries(Object.entries(child).map(([name, inner]) => [name, isEnvReference(inner) ? inner : REDACTED]));
    } else if (isSecretKey(key) && typeof child === 'string' && child !== '' && !isEnvReference(child)) {
      out[key] = REDACTED;
    } else {
      out[key] = redactSecrets(child, depth + 1);
    }
  }
  return out;
}
