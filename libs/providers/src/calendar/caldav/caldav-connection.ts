/** Logging in to a CalDAV server (tsdav, loaded on first use) and turning its failures into precise errors. */
import type { DAVClient } from 'tsdav';
import { ProviderError } from '../../errors/provider-error.js';

export const PROVIDER = 'caldav';

export interface CalDavSettings {
  serverUrl: string;
  user: string;
  password: string;
  syncIntervalSeconds: number;
  timeoutMs: number;
}

export type DavClient = InstanceType<typeof DAVClient>;

export async function connectCalDav(settings: CalDavSettings): Promise<DavClient> {
  const { DAVClient } = await import('tsdav');
  const client = new DAVClient({
    serverUrl: settings.serverUrl,
    credentials: { username: settings.user, password: settings.password },
    authMethod: 'Basic',
    defaultAccountType: 'caldav',
    // Each request gets its own time limit (a signal made once would expire for every later request).
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) }),
  });
  await client.login();
  return client;
}

export function describeCalDavError(error: unknown, settings: CalDavSettings): ProviderError {
  if (error instanceof ProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const host = new URL(settings.serverUrl).host;
  const code = String((error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code ?? '');
  if (/401|unauthori[sz]ed|invalid credentials/i.test(message)) {
    return new ProviderError('auth', `The CalDAV server ${host} refused the user name or password.`, {
      provider: PROVIDER,
      cause: error,
      hint: 'Check calendar.caldav.user and calendar.caldav.password (iCloud, Fastmail and Google need an app password).',
    });
  }
  if (code === 'ENOTFOUND') {
    return new ProviderError('unavailable', `The CalDAV host ${host} could not be found (DNS).`, { provider: PROVIDER, cause: error, hint: 'Check calendar.caldav.serverUrl.' });
  }
  if (code === 'ECONNREFUSED' || /ECONNREFUSED|fetch failed/i.test(message)) {
    return new ProviderError('unavailable', `The CalDAV server ${host} could not be reached.`, {
      provider: PROVIDER,
      cause: error,
      hint: 'Check calendar.caldav.serverUrl, and that the server is running; what was synced is still shown.',
    });
  }
  if (/timeout|aborted/i.test(message)) {
    return new ProviderError('unavailable', `The CalDAV server ${host} did not answer within ${settings.timeoutMs} ms.`, { provider: PROVIDER, cause: error, hint: 'Try again later; what was synced is still shown.' });
  }
  return new ProviderError('unavailable', `The CalDAV server ${host} failed: ${message}`, { provider: PROVIDER, cause: error, hint: 'Try again later; what was synced is still shown.' });
}
