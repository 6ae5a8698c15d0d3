/**
 * Structured logs with pino, always to stderr: in stdio mode stdout carries the MCP protocol, and a single
 * stray log line there would corrupt it. Secrets are redacted by key wherever they appear.
 */
import { pino, type Logger as PinoLogger, type DestinationStream } from 'pino';
import { redactSecrets, redactUrlsInText } from './redact-secrets.js';

export type Logger = PinoLogger;
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface LoggerOptions {
  level?: LogLevel;
  /** Also redact mail and message bodies (on by default in the config). */
  redactBodies?: boolean;
  name?: string;
  /** For tests: where to write instead of stderr. */
  destination?: DestinationStream;
}

const SECRET_KEYS = [
  'apiKey',
  'api_key',
  'authorization',
  'Authorization',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'password',
  'secret',
  'x-api-key',
  'cookie',
];
const BODY_KEYS = ['body', 'body_text', 'body_html', 'bodyText', 'bodyHtml', 'text_body', 'html_body'];

function redactionPaths(keys: readonly string[]): string[] {
  // Top level, one level down and two levels down: pino's redaction needs explicit paths.
  return keys.flatMap((key) => [`["${key}"]`, `*["${key}"]`, `*.*["${key}"]`]);
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const paths = redactionPaths(options.redactBodies === false ? SECRET_KEYS : [...SECRET_KEYS, ...BODY_KEYS]);
  return pino(
    {
      name: options.name ?? 'chief-of-staff',
      level: options.level ?? 'info',
      redact: { paths, censor: '[redacted]' },
      // Key paths above catch the common cases cheaply; these catch secrets at any depth and credentials inside
      // URLs (an error message that quotes a webhook URL, a config object logged whole).
      formatters: { log: (object) => redactSecrets(object) as Record<string, unknown> },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactUrlsInText(arg) : arg)) as Parameters<typeof method>);
        },
      },
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination ?? pino.destination({ fd: 2, sync: true }),
  );
}

/** A logger that discards everything, for tests and embedders that bring their own. */
export function createSilentLogger(): Logger {
  return pino({ level: 'silent' });
}
