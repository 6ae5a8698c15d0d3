/**
 * Turns what a mail server connection failed with (socket, TLS, DNS, IMAP or SMTP replies) into a `ProviderError`
 * that says what went wrong and how to fix it. Credentials never appear in the message.
 */
import { ProviderError } from '../../errors/provider-error.js';

export interface ServerAddress {
  /** `IMAP` or `SMTP`, as users know them. */
  protocol: string;
  host: string;
  port: number;
  /** The configuration block to edit, e.g. `mail.imap`. */
  settings: string;
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'EPROTO',
]);

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined;
}

/** The failure as a provider error; `provider` names the provider in logs (`imap-mail`, `smtp`). */
export function describeConnectionError(error: unknown, server: ServerAddress, provider: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const code = String(field(error, 'code') ?? '');
  const where = `${server.protocol} server ${server.host}:${server.port}`;
  const make = (kind: 'unavailable' | 'auth' | 'not_configured', message: string, hint: string) =>
    new ProviderError(kind, message, { provider, hint, cause: error, details: { host: server.host, port: server.port, code } });
  const authFailed =
    field(error, 'authenticationFailed') === true || code === 'EAUTH' || code === 'AUTHENTICATIONFAILED' || field(error, 'serverResponseCode') === 'AUTHENTICATIONFAILED';
  if (authFailed) {
    return make(
      'auth',
      `The ${where} refused the user name or password.`,
      `Check ${server.settings}.user and ${server.settings}.password (providers such as Gmail, iCloud, Fastmail and Microsoft 365 need an app password).`,
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return make('unavailable', `The ${server.protocol} host ${server.host} could not be found (DNS).`, `Check ${server.settings}.host for typos, and your network connection.`);
  }
  if (code === 'ECONNREFUSED') {
    return make('unavailable', `The ${where} refused the connection.`, `Check ${server.settings}.host and ${server.settings}.port, and that the server is running.`);
  }
  if (TLS_CODES.has(code) || /certificate|ssl|tls/i.test(String(field(error, 'message') ?? ''))) {
    return make(
      'unavailable',
      `A secure (TLS) connection to the ${where} could not be set up: ${String(field(error, 'message') ?? code)}.`,
      `Port 993 (IMAP) and 465 (SMTP) use ${server.settings}.secure: true; 143 and 587 use secure: false. For a self-signed certificate set ${server.settings}.allowSelfSignedCertificate: true.`,
    );
  }
  if (code === 'ETIMEDOUT' || code === 'ESOCKET' || code === 'ECONNRESET' || code === 'EPIPE' || code === 'NoConnection' || /timed? ?out/i.test(String(field(error, 'message') ?? ''))) {
    return make('unavailable', `The ${where} did not answer in time or dropped the connection.`, 'Try again later; cached mail is still shown meanwhile.');
  }
  const message = String(field(error, 'responseText') ?? field(error, 'response') ?? field(error, 'message') ?? error);
  return make('unavailable', `The ${where} failed: ${message}`, 'Try again later; if it persists, run `cos doctor`.');
}
