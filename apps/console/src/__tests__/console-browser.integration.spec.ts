/**
 * The built console in a real browser (headless Chromium through playwright-core) on a seeded data directory: a page
 * without the session cookie shows the sign-in page; the one-time link signs in once and only once; a form posted
 * from another origin is refused and changes nothing; Today shows its seeded data (Hebrew right to left), works
 * without JavaScript, snoozes a suggestion in place; axe-core finds no serious violation on Today or the sign-in page;
 * each page's transfer stays under 300 KB.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeCheck } from '../testing/axe-check.js';
import { seedCall, startBuiltConsole, type BuiltConsole } from '../testing/built-console.js';
import { describeWithBrowser, openBrowser } from '../testing/open-browser.js';

const TODAY = new Date().toISOString().slice(0, 10);
function dayOffset(days: number): string {
  const day = new Date(`${TODAY}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Every response's body size for one page load: the page's transfer. */
async function transferOf(page: Page, url: string): Promise<number> {
  let bytes = 0;
  const count = (response: { body(): Promise<Buffer> }) => void response.body().then((body) => (bytes += body.length), () => undefined);
  page.on('response', count);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', count);
  return bytes;
}

describeWithBrowser('console in a browser (built app)', () => {
  let consoleApp: BuiltConsole;
  let browser: Browser;
  let signedIn: BrowserContext;
  let page: Page;
  let evil: Server;
  let evilUrl: string;

  beforeAll(async () => {
    consoleApp = await startBuiltConsole({
      seed: async (cos) => {
        await seedCall(cos, 'create_calendar_event', { title: 'ישיבת צוות שבועית', start: TODAY, all_day: true });
        await seedCall(cos, 'create_delegation', { task: 'Send the Q4 budget', delegated_to: 'Noa', due_date: dayOffset(-3) });
        await seedCall(cos, 'create_delegation', { task: 'Book the offsite venue', delegated_to: 'Omer', due_date: dayOffset(2) });
        await seedCall(cos, 'create_scheduled_task', { name: 'friday_alerts', schedule_type: 'cron', schedule_config: { expression: '0 16 * * 5' }, handler_type: 'alert_eval' });
        await seedCall(cos, 'ingest_webhook', { source: 'github', event_type: 'issue.opened', payload: { title: 'Login fails on Safari' } });
      },
    });
    browser = await openBrowser();
    signedIn = await browser.newContext();
    signedIn.setDefaultTimeout(10_000);
    page = await signedIn.newPage();
    await page.goto(consoleApp.printedLink);
    // A page on another origin (another port: same site, so the SameSite cookie would go along) that posts a form.
    evil = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><html lang="en"><title>x</title><body>
<form id="f" method="post" action="${consoleApp.url}/today/suggestions/dismiss"><input name="key" value="delegation:1"></form>
<script>document.getElementById('f').submit()</script></body></html>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`;
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => evil?.close(resolve));
    await consoleApp?.stop();
  });

  it('shows the sign-in page, usable and accessible, to a browser without the cookie', async () => {
    const context = await browser.newContext();
    const anonymous = await context.newPage();
    const response = await anonymous.goto(`${consoleApp.url}/today`);
    expect(response?.status()).toBe(401);
    await expect(anonymous.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Sign in');
    expect(await anonymous.getByLabel('Or paste the HTTP token').count()).toBe(1);
    expect(await anonymous.content()).not.toContain('Send the Q4 budget');
    expect(await axeCheck(anonymous)).toEqual([]);
    await context.close();
  });

  it('signs in with the one-time link, strips it from the address, and refuses it the second time', async () => {
    expect(page.url()).toBe(`${consoleApp.url}/today`);
    const cookies = await signedIn.cookies();
    expect(cookies).toEqual([expect.objectContaining({ httpOnly: true, sameSite: 'Strict', path: '/' })]);

    const context = await browser.newContext();
    const again = await context.newPage();
    const response = await again.goto(consoleApp.printedLink);
    expect(response?.status()).toBe(401);
    expect(again.url()).toContain('/sign-in');
    expect(await again.getByRole('alert').textContent()).toContain('already used');
    expect(await context.cookies()).toEqual([]);

    // `cos ui --link` mints a new link for the running console.
    await again.goto(consoleApp.mintLink());
    expect(again.url()).toBe(`${consoleApp.url}/today`);
    await context.close();
  });

  it('renders Today from the seeded data, Hebrew right to left', async () => {
    await page.goto(`${consoleApp.url}/today`);
    const calendar = page.locator('#calendar');
    const hebrew = calendar.getByText('ישיבת צוות שבועית');
    await expect(hebrew.evaluate((element) => (globalThis as unknown as { getComputedStyle(node: unknown): { direction: string } }).getComputedStyle(element).direction)).resolves.toBe('rtl');
    const delegations = page.locator('#delegations');
    await expect(delegations.textContent()).resolves.toMatch(/Send the Q4 budget[^]*3 days overdue/);
    await expect(delegations.textContent()).resolves.toContain('Book the offsite venue');
    await expect(page.locator('#attention').textContent()).resolves.toContain('Send the Q4 budget');
    await expect(page.locator('#scheduled').textContent()).resolves.toContain('friday_alerts');
    await expect(page.locator('#inbound').textContent()).resolves.toContain('issue.opened');
  });

  it('has no serious accessibility violation on Today', async () => {
    await page.goto(`${consoleApp.url}/today`);
    expect(await axeCheck(page)).toEqual([]);
  });

  it('refuses a form posted from another origin and changes nothing', async () => {
    const before = await page.locator('#attention li').count();
    expect(before).toBeGreaterThan(0);
    const forged = await signedIn.newPage();
    const refused = forged.waitForResponse((response) => response.url().includes('/today/suggestions/dismiss'));
    await forged.goto(evilUrl);
    expect((await refused).status()).toBe(403);
    await forged.close();
    await page.goto(`${consoleApp.url}/today`);
    expect(await page.locator('#attention li').count()).toBe(before);
  });

  it('snoozes a suggestion in place, and reads and posts without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    context.setDefaultTimeout(10_000);
    const plain = await context.newPage();
    await plain.goto(consoleApp.mintLink());
    const first = plain.locator('#attention li').first();
    const title = await first.locator('strong').textContent();
    await first.getByRole('button', { name: /^Snooze 1 week/ }).click();
    await plain.waitForURL(`${consoleApp.url}/today#attention`);
    await expect(plain.locator('.banner-ok').textContent()).resolves.toContain('Snoozed until');
    expect(await plain.locator('#attention').textContent()).not.toContain(title ?? '(none)');
    await context.close();
  });

  it('keeps each page under 300 KB of transfer', async () => {
    const context = await browser.newContext();
    const fresh = await context.newPage();
    expect(await transferOf(fresh, `${consoleApp.url}/today`)).toBeLessThan(300_000);
    await fresh.goto(consoleApp.mintLink());
    expect(await transferOf(fresh, `${consoleApp.url}/today`)).toBeLessThan(300_000);
    await context.close();
  });
});
