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
  /** Other people's calendars on the server (URLs or paths), read live for their free/busy. */
  people?: readonly CalDavPerson[];
}

export interface CalDavPerson {
  email: string;
  calendars: readonly string[];
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

/** The objects of a collection with their ETags (one REPORT without the data), keyed by absolute URL. */
export async function listObjectEtags(client: DavClient, collectionUrl: string, component: 'VEVENT' | 'VTODO'): Promise<Map<string, string | null>> {
  const base = collectionUrl.endsWith('/') ? collectionUrl : `${collectionUrl}/`;
  const responses = await client.calendarQuery({
    url: collectionUrl,
    props: { 'd:getetag': {} },
    filters: componentFilter(component),
    depth: '1',
  });
  const listed = new Map<string, string | null>();
  for (const response of responses) {
    if (!response.href) continue;
    const etag = (response.props as { getetag?: unknown } | undefined)?.getetag;
    listed.set(new URL(response.href, base).href, typeof etag === 'string' ? etag : null);
  }
  return listed;
}

/** A calendar-query filter for one component type (tsdav's default asks for events only). */
export function componentFilter(component: 'VEVENT' | 'VTODO') {
  return [{ 'comp-filter': { _attributes: { name: 'VCALENDAR' }, 'comp-filter': { _attributes: { name: component } } } }];
}
