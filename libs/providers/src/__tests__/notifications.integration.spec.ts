import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { detectDesktopChannel } from '../notifications/desktop-notifier.js';
import { assertDeliveryUrl, createWebhookChannel } from '../notifications/webhook-channel.js';
import { createNotifierChain } from '../notifications/notifier-chain.js';
import { providerTestEnv, type ProviderTestEnv } from './provider-test-env.js';

interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('the notifier chain', () => {
  let env: ProviderTestEnv;
  let server: Server;
  let base: string;
  const received: Received[] = [];
  beforeAll(async () => {
    env = providerTestEnv();
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.url === '/moved') {
          res.writeHead(307, { location: '/topic' }).end();
          return;
        }
        received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(req.url === '/broken' ? 500 : 200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    env.close();
  });

  it('delivers to the desktop (notify-send) and an ntfy-style webhook, and always logs', async () => {
    const argsFile = join(env.dir, 'notify-args.txt');
    const bin = join(env.dir, 'notify-send');
    writeFileSync(bin, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > "${argsFile}"\n`);
    chmodSync(bin, 0o755);
    const desktop = detectDesktopChannel({ platform: 'linux', path: env.dir });
    expect(desktop?.command).toBe('notify-send');
    const notifier = createNotifierChain({
      log: env.memory.notifications,
      desktop,
      webhook: createWebhookChannel({ url: `${base}/moved`, headers: { authorization: 'Bearer t0k' } }),
    });
    const outcome = await notifier.notify({ title: 'Büro', subtitle: 'Heads-up', message: '--help is not an option', urgency: 'high', runId: 'run-1' });
    expect(outcome).toMatchObject({ status: 'delivered', channels: ['desktop', 'webhook', 'log'], failures: [] });
    expect(readFileSync(argsFile, 'utf8').split('\n')).toEqual(['-a', 'Chief of Staff', '-u', 'critical', '--', 'Büro', 'Heads-up', '--help is not an option', '']);
    const hook = received.at(-1);
    expect(hook).toMatchObject({ url: '/topic', body: '--help is not an option' });
    expect(hook?.headers['priority']).toBe('5');
    expect(hook?.headers['authorization']).toBe('Bearer t0k');
    expect(Buffer.from(String(hook?.headers['title']).slice(10, -2), 'base64').toString('utf8')).toBe('Büro — Heads-up');
    const row = env.store.sqlite.prepare('SELECT title, subtitle, body, urgency, channels, status, origin, run_id FROM notifications WHERE id = ?').get(outcome.notificationId);
    expect(row).toEqual({ title: 'Büro', subtitle: 'Heads-up', body: '--help is not an option', urgency: 'high', channels: '["desktop","webhook","log"]', status: 'delivered', origin: 'tool', run_id: 'run-1' });
    expect(await notifier.countForRun('run-1')).toBe(1);
  });

  it('logs when every channel fails, and reports why', async () => {
    const bin = join(env.dir, 'notify-send');
    writeFileSync(bin, '#!/bin/sh\nexit 3\n');
    chmodSync(bin, 0o755);
    const notifier = createNotifierChain({
      log: env.memory.notifications,
      desktop: detectDesktopChannel({ platform: 'linux', path: env.dir }),
      webhook: createWebhookChannel({ url: `${base}/broken`, format: 'json' }),
    });
    const outcome = await notifier.notify({ title: 'Daily brief', message: 'Three meetings today.' });
    expect(outcome.status).toBe('logged');
    expect(outcome.channels).toEqual(['log']);
    expect(outcome.failures.map((f) => f.channel)).toEqual(['desktop', 'webhook']);
    expect(outcome.failures[1]?.reason).toBe('HTTP 500');
    expect(JSON.parse(received.at(-1)?.body ?? '{}')).toEqual({ title: 'Daily brief', subtitle: null, message: 'Three meetings today.', urgency: 'normal' });
  });

  it('finds no desktop channel without the command, and only allows https (or local http) webhooks', () => {
    expect(detectDesktopChannel({ platform: 'linux', path: join(env.dir, 'empty') })).toBeNull();
    expect(detectDesktopChannel({ platform: 'win32', path: env.dir })).toBeNull();
    expect(() => assertDeliveryUrl('http://ntfy.example/topic')).toThrow(/https/);
    expect(() => assertDeliveryUrl('ftp://localhost/x')).toThrow(/https/);
    expect(assertDeliveryUrl('https://ntfy.example/topic').hostname).toBe('ntfy.example');
  });
});
