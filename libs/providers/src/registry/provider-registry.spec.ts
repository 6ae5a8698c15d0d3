import { afterEach, describe, expect, it } from '@jest/globals';
import { isToolError, runInPrincipalScope, runInSystemScope } from '@chief-of-staff/core';
import { toToolError } from '../errors/provider-error.js';
import { providerTestEnv, type ProviderTestEnv } from '../__tests__/provider-test-env.js';

describe('createProviderRegistry', () => {
  let env: ProviderTestEnv | undefined;
  afterEach(() => env?.close());

  it('serves the embedded providers by default and reports their status', () => {
    env = providerTestEnv();
    expect(env.providers.require('calendar').name).toBe('local');
    expect(env.providers.require('mail').canSend).toBe(false);
    expect(env.providers.status()).toEqual([
      { kind: 'calendar', setting: 'local', provider: 'local' },
      { kind: 'reminders', setting: 'local', provider: 'local' },
      { kind: 'mail', setting: 'local', provider: 'local' },
      { kind: 'messages', setting: 'local', provider: 'local' },
      { kind: 'notifications', setting: 'log', provider: 'log', detail: 'log' },
    ]);
  });

  it('names what is missing when providers.mail is imap without a usable account', () => {
    const codeOf = (test: ProviderTestEnv) => {
      try {
        test.providers.require('mail');
        return undefined;
      } catch (caught) {
        const error = toToolError(caught);
        return isToolError(error) ? { code: error.code, message: error.message, hint: error.hint } : error;
      }
    };
    const mailOn = { calendar: 'local', reminders: 'local', mail: 'imap', messages: 'local', notifications: 'log' } as const;
    env = providerTestEnv({ providers: mailOn });
    expect(codeOf(env)).toEqual({
      code: 'NOT_CONFIGURED',
      message: 'providers.mail is "imap" but there is no mail.imap account.',
      hint: expect.stringContaining('Add mail.imap with host, user and password'),
    });
    expect(env.providers.status().find((status) => status.kind === 'mail')).toMatchObject({ provider: null, detail: expect.stringContaining('no mail.imap account') });
    env.close();
    env = providerTestEnv({
      providers: mailOn,
      mail: {
        agentSendMode: 'draft',
        agentSendAllowList: [],
        imap: { host: 'imap.example.com', secure: true, user: 'dana@example.com', password: 'env:COS_TEST_UNSET_PASSWORD', syncIntervalSeconds: 60, timeoutMs: 15_000, allowSelfSignedCertificate: false },
      },
    });
    expect(codeOf(env)).toMatchObject({ code: 'NOT_CONFIGURED', message: expect.stringContaining('env:COS_TEST_UNSET_PASSWORD, which is unset') });
  });

  it('leaves switched-off sources absent, and asking for one says what to set', () => {
    env = providerTestEnv({
      providers: { calendar: 'none', reminders: 'local', mail: 'none', messages: 'none', notifications: 'none' },
    });
    expect(env.providers.calendar).toBeNull();
    expect(env.providers.notifier).toBeNull();
    let error: unknown;
    try {
      env.providers.require('mail');
    } catch (caught) {
      error = toToolError(caught);
    }
    expect(isToolError(error) && { code: error.code, message: error.message, hint: error.hint }).toEqual({
      code: 'NOT_CONFIGURED',
      message: 'Mail is not configured (providers.mail: none).',
      hint: expect.stringContaining('providers.mail to "local"'),
    });
    // Imports still reach the embedded stores.
    expect(env.providers.local.mail.name).toBe('local');
  });

  it('uses the macOS Messages database when asked, which is not configured when the file is missing', async () => {
    env = providerTestEnv({
      providers: { calendar: 'local', reminders: 'local', mail: 'local', messages: 'macos', notifications: 'log' },
      messages: { chatDbPath: '/nonexistent/chat.db' },
    });
    expect(env.providers.require('messages').name).toBe('macos');
    const error = toToolError(await env.providers.require('messages').list({}, { offset: 0, limit: 5 }).catch((e: unknown) => e));
    expect(isToolError(error) && error.code).toBe('NOT_CONFIGURED');
  });

  it('turns webhook settings into a delivery channel, ignoring an unset env reference', () => {
    env = providerTestEnv({ notifications: { webhook: { url: 'env:COS_TEST_UNSET_WEBHOOK', format: 'ntfy', timeoutMs: 1000 } } });
    expect(env.providers.status().at(-1)?.detail).toBe('log');
    env.close();
    env = providerTestEnv({ notifications: { webhook: { url: 'https://ntfy.example/topic', format: 'json', timeoutMs: 1000 } } });
    expect(env.providers.status().at(-1)?.detail).toBe('log, webhook');
  });

  it('serves a signed-in user the local stores and a log-only notifier, never the accounts of the config file', () => {
    env = providerTestEnv({
      providers: { calendar: 'caldav', reminders: 'caldav', mail: 'imap', messages: 'macos', notifications: 'log' },
      messages: { chatDbPath: '/nonexistent/chat.db' },
      mail: {
        agentSendMode: 'draft',
        agentSendAllowList: [],
        imap: { host: 'imap.example.com', secure: true, user: 'owner@example.com', password: 'owner-password', syncIntervalSeconds: 60, timeoutMs: 15_000, allowSelfSignedCertificate: false },
      },
      calendar: { feeds: [], caldav: { serverUrl: 'https://caldav.example.com/', user: 'owner@example.com', password: 'owner-password' } } as never,
      notifications: { webhook: { url: 'https://ntfy.example/topic', format: 'json', timeoutMs: 1000 } },
    });
    const providers = env.providers;
    // The owner (and the server's own work) gets the accounts.
    expect(providers.require('mail').name).toBe('imap');
    expect(providers.require('calendar').name).toBe('caldav');
    expect(providers.require('messages').name).toBe('macos');
    expect(runInSystemScope(() => providers.require('mail').name)).toBe('imap');
    const asUser = runInPrincipalScope('user:7', () => ({
      mail: providers.require('mail').name,
      calendar: providers.require('calendar').name,
      reminders: providers.require('reminders').name,
      messages: providers.require('messages').name,
      viaGetter: providers.mail?.name,
      status: providers.status(),
    }));
    expect(asUser).toMatchObject({ mail: 'local', calendar: 'local', reminders: 'local', messages: 'local', viaGetter: 'local' });
    expect(JSON.stringify(asUser.status)).not.toContain('owner@example.com');
    expect(asUser.status.find((status) => status.kind === 'notifications')).toMatchObject({ provider: 'log' });
  });
});
