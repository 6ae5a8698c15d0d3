/**
 * The page kit end to end in this process (startTestConsole): signing in, Today rendering seeded data through the
 * tools, an action changing data, and what a request without a session or with a foreign Origin gets. And a console
 * bound beyond loopback: refused without allowRemote, and its session cookie kept over plain HTTP with it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestConsole, type TestConsole } from '../testing/console-harness.js';

const NOW = new Date('2026-11-27T08:00:00Z');

describe('console core (in process)', () => {
  let consoleApp: TestConsole;

  beforeAll(async () => {
    consoleApp = await startTestConsole({
      startAt: NOW,
      seed: async (cos) => {
        const calls: [string, Record<string, unknown>][] = [
          ['create_calendar_event', { title: 'פגישה עם דנה', start: '2026-11-27T10:00:00Z', end: '2026-11-27T11:00:00Z' }],
          ['create_delegation', { task: 'Send the Q4 budget', delegated_to: 'Noa', due_date: '2026-11-20' }],
          ['create_delegation', { task: 'Book the offsite venue', delegated_to: 'Omer', due_date: '2026-11-30' }],
        ];
        for (const [tool, args] of calls) {
          const result = await cos.callTool(tool, args, { caller: { kind: 'cli' } });
          if (!result.ok) throw new Error(`${tool}: ${result.error.message}`);
        }
      },
    });
  }, 60_000);

  afterAll(async () => {
    await consoleApp.close();
  });

  it('shows the sign-in page to a request without the cookie', async () => {
    const response = await fetch(`${consoleApp.url}/today`);
    expect(response.status).toBe(401);
    const body = await response.text();
    expect(body).toContain('<form method="post" action="/sign-in"');
    expect(body).not.toContain('Send the Q4 budget');
  });

  it('names the token file on the sign-in page without its path on this machine', async () => {
    const body = await (await fetch(`${consoleApp.url}/sign-in`)).text();
    expect(body).toContain('the file <code>mcp-http-token</code> in your data directory');
    expect(body).toContain('cos ui --link');
    expect(body).not.toContain(consoleApp.dataDir);
  });

  it('renders Today from the tools, Hebrew right to left', async () => {
    const response = await fetch(`${consoleApp.url}/today`, { headers: { cookie: consoleApp.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const body = await response.text();
    expect(body).toContain('<span dir="auto">פגישה עם דנה</span>');
    expect(body).toContain('Send the Q4 budget');
    expect(body).toContain('7 days overdue');
    expect(body).toContain('Book the offsite venue');
  });

  it('uses a sign-in link once only', async () => {
    const link = consoleApp.signInLink();
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a POST from another origin or without the CSRF token, and changes nothing', async () => {
    const suggestions = async () => {
      const result = await consoleApp.cos.callTool('get_proactive_suggestions', {}, { caller: { kind: 'cli' } });
      if (!result.ok) throw new Error(result.error.message);
      return (result.value.items as { key: string }[]).map((item) => item.key);
    };
    const before = await suggestions();
    expect(before.length).toBeGreaterThan(0);
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const foreign = await fetch(`${consoleApp.url}/today/suggestions/dismiss`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: consoleApp.cookieHeader, origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ _csrf: consoleApp.csrfToken, key: before[0] ?? '' }),
    });
    expect(foreign.status).toBe(403);
    const noToken = await fetch(`${consoleApp.url}/today/suggestions/dismiss`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: consoleApp.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ key: before[0] ?? '' }),
    });
    expect(noToken.status).toBe(403);
    expect(await suggestions()).toEqual(before);

    const allowed = await fetch(`${consoleApp.url}/today/suggestions/dismiss`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: consoleApp.cookieHeader, origin: consoleApp.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ _csrf: consoleApp.csrfToken, key: before[0] ?? '' }),
    });
    expect(allowed.status).toBe(303);
    expect(await suggestions()).not.toContain(before[0]);
    const after = await (await fetch(`${consoleApp.url}/today`, { headers: { cookie: consoleApp.cookieHeader } })).text();
    expect(after).toContain('Dismissed.');
  });

  it('signs in with the HTTP token pasted into the form, and not with a wrong one', async () => {
    const token = readFileSync(join(consoleApp.dataDir, 'mcp-http-token'), 'utf8').trim();
    const post = (value: string) =>
      fetch(`${consoleApp.url}/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams({ token: value }).toString(),
      });
    const wrong = await post(`${token}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const right = await post(token);
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/today');
    expect(right.headers.get('set-cookie')).toMatch(/^cos_console_\d+=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
  });

  it('refuses a form body over 256 KiB, even one sent without a length', async () => {
    const big = new URLSearchParams({ _csrf: consoleApp.csrfToken, key: 'x'.repeat(300 * 1024) }).toString();
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const response = await fetch(`${consoleApp.url}/today/suggestions/dismiss`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: consoleApp.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
      body: chunked,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('refuses a Host it does not serve', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(consoleApp.url);
      const req = request({ host: url.hostname, port: url.port, path: '/today', headers: { host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(421);
  });
});

describe('a console bound to an address other machines reach', () => {
  it('is refused without allowRemote, saying why and how to reach it safely', async () => {
    const outcome = await startTestConsole({ host: '0.0.0.0' }).then(
      async (started) => {
        await started.close();
        return 'it started';
      },
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(outcome).toMatch(/refusing to serve the console on 0\.0\.0\.0[^]*unencrypted[^]*SSH tunnel[^]*TLS reverse proxy[^]*--allow-remote/);
  }, 60_000);

  it('with allowRemote, reached over plain HTTP, sets a session cookie without Secure that then signs the next request in', async () => {
    const consoleApp = await startTestConsole({ host: '0.0.0.0', allowRemote: true });
    try {
      const port = new URL(consoleApp.url).port;
      const signedIn = await fetch(consoleApp.signInLink().replace('//0.0.0.0:', '//127.0.0.1:'), { redirect: 'manual' });
      expect(signedIn.status).toBe(303);
      // A browser drops a Secure cookie set over plain HTTP: the person would land on the sign-in page again.
      const setCookie = signedIn.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(new RegExp(`^cos_console_${port}=[\\w-]{43}; Path=/; HttpOnly; SameSite=Strict$`));
      const today = await fetch(`http://127.0.0.1:${port}/today`, { headers: { cookie: setCookie.split(';')[0] ?? '' } });
      expect(today.status).toBe(200);
      expect(await today.text()).toContain('Nothing overdue.');
    } finally {
      await consoleApp.close();
    }
  }, 60_000);
});

describe('Today when sources are off or failing', () => {
  let consoleApp: TestConsole;

  beforeAll(async () => {
    consoleApp = await startTestConsole({ config: { providers: { calendar: 'none' } } });
  }, 60_000);

  afterAll(async () => {
    await consoleApp.close();
  });

  it('shows a one-line note in the block whose tool fails and the other blocks as usual', async () => {
    const body = await (await fetch(`${consoleApp.url}/today`, { headers: { cookie: consoleApp.cookieHeader } })).text();
    expect(body).toMatch(/<section class="block" id="calendar"[^]*?<p class="note" dir="auto">Not available: [^<]*calendar[^<]*<\/p>/i);
    expect(body).toContain('Nothing overdue.');
    expect(body).toContain('Nothing needs attention right now.');
  });
});

describe('Today with more suggestions than one page', () => {
  let consoleApp: TestConsole;

  beforeAll(async () => {
    consoleApp = await startTestConsole({
      startAt: NOW,
      seed: async (cos) => {
        for (let i = 0; i < 40; i += 1) {
          const result = await cos.callTool('create_delegation', { task: `Overdue task ${i}`, delegated_to: 'Noa', due_date: '2026-11-01' }, { caller: { kind: 'cli' } });
          if (!result.ok) throw new Error(result.error.message);
        }
        const soon = await cos.callTool('create_delegation', { task: 'Renew the lease', delegated_to: 'Omer', due_date: '2026-11-29' }, { caller: { kind: 'cli' } });
        if (!soon.ok) throw new Error(soon.error.message);
      },
    });
  }, 60_000);

  afterAll(async () => {
    await consoleApp.close();
  });

  it('still lists the nearly due delegation behind forty overdue ones, and ten of what needs attention', async () => {
    const body = await (await fetch(`${consoleApp.url}/today`, { headers: { cookie: consoleApp.cookieHeader } })).text();
    const delegations = /<section class="block" id="delegations"[^]*?<\/section>/.exec(body)?.[0] ?? '';
    expect(delegations).toContain('Renew the lease');
    expect(delegations).toContain('(due Sun 29 Nov)');
    expect(delegations).toContain('<span class="count">(40)</span>');
    const attention = /<section class="block" id="attention"[^]*?<\/section>/.exec(body)?.[0] ?? '';
    expect(attention.match(/<li class="priority-/g)).toHaveLength(10);
    expect(attention).toContain('41 in all; the most urgent are shown.');
  });
});

