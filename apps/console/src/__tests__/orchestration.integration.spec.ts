/**
 * The Orchestration page against a seeded console: the metrics of the window and day by day, breakers, slowest tools,
 * the fallback events page by page and the external servers, all from `get_orchestration_stats`; the window selector;
 * a POST without the CSRF token refused; and in Chromium the charts drawn, the window changed by clicking, no serious
 * accessibility violations.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';
import { formatMetric, type OrchestrationStats } from '../sections/orchestration/orchestration-section.js';
import { axeCheck } from '../testing/axe-check.js';
import { startTestConsole, type TestConsole } from '../testing/console-harness.js';
import { describeWithBrowser, openBrowser } from '../testing/open-browser.js';

const DAY_MS = 86_400_000;
const FALLBACK_CHAINS = 13;

/**
 * Usage and fallback rows as days of use would have left them. No tool writes telemetry (the executor does, as calls
 * run), so the rows go straight into the data directory's database, like the sdk's own telemetry tests do.
 */
function seedTelemetry(dataDir: string): void {
  const now = Date.now();
  const db = new Database(join(dataDir, 'cos.db'));
  const usage = db.prepare(
    `INSERT INTO tool_usage_log (tool_name, caller_kind, query_pattern, success, error_code, duration_ms, estimated_ms, truncated, created_at)
     VALUES (?, 'host', 'auto', ?, ?, ?, 200, 0, ?)`,
  );
  const fallback = db.prepare('INSERT INTO fallback_events (chain_id, primary_tool, tool, attempt, outcome, error_code, duration_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, 80, ?)');
  db.transaction(() => {
    // Three days ago: 30 calls, 6 failed on the service's side (20%). Yesterday: 30 calls, all answered.
    for (let i = 0; i < 30; i += 1) usage.run('list_facts', i < 6 ? 0 : 1, i < 6 ? 'TIMEOUT' : null, 150, new Date(now - 3 * DAY_MS + i).toISOString());
    for (let i = 0; i < 30; i += 1) usage.run('list_facts', 1, null, 150, new Date(now - DAY_MS + i).toISOString());
    for (let i = 0; i < 5; i += 1) usage.run('research_topic', 1, null, 4_200, new Date(now - DAY_MS + 100 + i).toISOString());
    // Twenty days ago, outside the 7-day window but inside the 30-day one.
    for (let i = 0; i < 10; i += 1) usage.run('list_facts', 0, 'UNAVAILABLE', 150, new Date(now - 20 * DAY_MS + i).toISOString());
    for (let chain = 0; chain < FALLBACK_CHAINS; chain += 1) {
      const at = new Date(now - DAY_MS + 1_000 + chain * 10).toISOString();
      fallback.run(`chain-${chain}`, 'web_search', `tavily__search`, 0, 'error', 'UNAVAILABLE', at);
      fallback.run(`chain-${chain}`, 'web_search', 'brave__search', 1, chain === 0 ? 'timeout' : 'success', null, new Date(Date.parse(at) + 1).toISOString());
    }
  })();
  db.close();
}

/**
 * The tool error rate the tool gives now, as the page prints it. Signing in renders Today, whose tool calls join the
 * usage log too, so the exact figure is read from the tool rather than fixed in the test.
 */
async function errorRate(cos: ChiefOfStaff, days: number): Promise<string> {
  const result = await cos.callTool('get_orchestration_stats', { days }, { caller: { kind: 'cli' } });
  if (!result.ok) throw new Error(result.error.message);
  const metric = (result.value as unknown as OrchestrationStats).metrics.find((entry) => entry.name === 'tool_error_rate');
  return formatMetric('tool_error_rate', metric?.value ?? null);
}

async function startSeeded(): Promise<TestConsole> {
  return startTestConsole({
    config: { mcpServers: { 'ארכיון': { command: '/nonexistent/archive-server', disabled: true } } },
    seed: async (cos) => seedTelemetry(cos.config.dataDir),
  });
}

describe('Orchestration page', () => {
  let consoleApp: TestConsole;
  const page = async (path: string) => {
    const response = await fetch(`${consoleApp.url}${path}`, { headers: { cookie: consoleApp.cookieHeader } });
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    consoleApp = await startSeeded();
  }, 60_000);

  afterAll(async () => {
    await consoleApp.close();
  });

  it('shows the metrics of the window against their targets, the slowest tools and the external servers', async () => {
    const body = await page('/orchestration');
    expect(body).toContain('Success metrics, last 7 days');
    // 6 service failures in some 70 counted calls: well over the 5% target.
    expect(body).toContain(`<th scope="row">Tool error rate</th><td data-label="Value">${await errorRate(consoleApp.cos, 7)}</td><td data-label="Target">&lt; 5%</td><td data-label="Verdict"><span class="verdict verdict-fail">Fail</span></td>`);
    // 12 of 13 chains whose first tool failed were recovered by a fallback.
    expect(body).toMatch(/<th scope="row">Fallback recovery<\/th><td data-label="Value">92\.3%<\/td><td data-label="Target">&gt; 80%<\/td><td data-label="Verdict"><span class="muted">Not enough samples \(needs 20\)<\/span><\/td><td data-label="Samples">13<\/td>/);
    expect(body).toMatch(/<th scope="row"><span dir="auto">research_topic<\/span><\/th><td data-label="Median">4200 ms<\/td>/);
    expect(body).toContain('All closed');
    expect(body).toContain('<span dir="auto">ארכיון</span>');
    expect(body).toMatch(/<span class="tag state-disabled">disabled<\/span>/);
    // uPlot from the console's own assets, never a CDN.
    expect(body).toMatch(/<script src="\/assets\/uPlot\.iife\.min\.js\?v=[0-9a-f]{12}" defer><\/script>/);
  });

  it('says what the latency figure means, and that it cannot judge yet while too few estimates are learned', async () => {
    const fresh = await startTestConsole();
    try {
      for (let i = 0; i < 30; i += 1) await fresh.cos.callTool('list_facts', {});
      const response = await fetch(`${fresh.url}/orchestration`, { headers: { cookie: fresh.cookieHeader } });
      const body = await response.text();
      expect(body).toContain('Latency estimate error is the median gap between how long a call took and how long this machine&#39;s own earlier calls of that tool said it would');
      // 30 calls of a tool that had no learned figure when they started: nothing judged, so no Fail (0.9 before).
      expect(body).toMatch(/<th scope="row">Latency estimate error<\/th><td data-label="Value">—<\/td><td data-label="Target">≤ 0\.5<\/td><td data-label="Verdict"><span class="muted">No data<\/span>/);
      expect(body).toContain('It cannot judge yet: 0 of the 20 calls it needs had an estimate learned here');
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('gives the day-by-day figures as a table and as the charts\' data block', async () => {
    const body = await page('/orchestration');
    const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS).toISOString().slice(0, 10);
    expect(body).toMatch(new RegExp(`<tr><th scope="row"><time datetime="${threeDaysAgo}">[^<]+</time></th><td data-label="Calls">30</td><td data-label="Tool error rate">20\\.0%</td>`));
    const json = /<script type="application\/json">([^<]*)<\/script>/.exec(body)?.[1];
    const data = JSON.parse(json ?? '{}') as { days: string[]; metrics: Array<{ name: string; values: Array<number | null> }> };
    expect(data.days).toHaveLength(8);
    const errors = data.metrics.find((metric) => metric.name === 'tool_error_rate')?.values ?? [];
    expect(errors[data.days.indexOf(threeDaysAgo)]).toBeCloseTo(0.2);
    expect(body).toContain('data-island="metric-charts" aria-hidden="true"');
  });

  it('widens the window to 30 days with the selector (a GET form)', async () => {
    const body = await page('/orchestration?days=30');
    expect(body).toContain('Success metrics, last 30 days');
    expect(body).toContain('<option value="30" selected>');
    // The 10 service failures of twenty days ago now count too.
    const [week, month] = [await errorRate(consoleApp.cos, 7), await errorRate(consoleApp.cos, 30)];
    expect(Number.parseFloat(month)).toBeGreaterThan(Number.parseFloat(week));
    expect(body).toContain(`<th scope="row">Tool error rate</th><td data-label="Value">${month}</td>`);
    // An unknown window falls back to 7 days rather than failing.
    expect(await page('/orchestration?days=9999')).toContain('Success metrics, last 7 days');
  });

  it('pages the fallback events, newest first', async () => {
    const first = await page('/orchestration');
    expect(first).toContain(`1–20 of ${FALLBACK_CHAINS * 2}, newest first.`);
    expect(first).toContain('href="/orchestration?days=7&amp;fallbacks=20#fallbacks" rel="next">Older events</a>');
    expect(first).not.toContain('rel="prev"');
    expect(first.match(/<span dir="auto">brave__search<\/span>/g)?.length).toBe(10);
    const second = await page('/orchestration?days=7&fallbacks=20');
    expect(second).toContain(`21–26 of ${FALLBACK_CHAINS * 2}, newest first.`);
    expect(second).toContain('rel="prev">Newer events</a>');
    expect(second).not.toContain('rel="next"');
    // The oldest chain's fallback timed out.
    expect(second).toContain('<span class="tag outcome-timeout">timeout</span>');
  });

  it('refuses a POST without the CSRF token and changes nothing', async () => {
    const before = await consoleApp.cos.callTool('get_orchestration_stats', {}, { caller: { kind: 'cli' } });
    const response = await fetch(`${consoleApp.url}/orchestration`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: consoleApp.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ days: '30' }).toString(),
    });
    expect(response.status).toBe(403);
    const after = await consoleApp.cos.callTool('get_orchestration_stats', {}, { caller: { kind: 'cli' } });
    expect(after.ok && before.ok ? after.value.fallback_events : undefined).toEqual(before.ok ? before.value.fallback_events : null);
  });

  it('shows a short note in each block, not an error page, when the tool fails', async () => {
    const failing = await startTestConsole({
      sections: [
        {
          ...(await import('../sections/orchestration/orchestration-section.js')).orchestrationSection,
        },
      ],
    });
    try {
      // The store is closed under the console: the tool's read fails, the page must still render its frame.
      await failing.cos.close();
      const response = await fetch(`${failing.url}/orchestration`, { headers: { cookie: failing.cookieHeader } });
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toContain('<h2 id="metrics-heading">');
      expect(body).toContain('Not available:');
      expect(body).not.toMatch(/at .*\.js:\d+/);
      expect(body).toContain('<select id="orchestration-days" name="days">');
    } finally {
      await failing.close().catch(() => undefined);
    }
  });
});

describeWithBrowser('Orchestration page in a browser', () => {
  let consoleApp: TestConsole;
  let browser: Browser;

  beforeAll(async () => {
    consoleApp = await startSeeded();
    browser = await openBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await consoleApp?.close();
  });

  it('draws the charts, changes the window by clicking and has no serious accessibility violations', async () => {
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    // Every asset the page asks for is served (the browser's own favicon request aside: the console has none).
    tab.on('response', (response) => {
      if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) errors.push(`${response.status()} ${response.url()}`);
    });
    await tab.goto(consoleApp.signInLink());
    await tab.goto(`${consoleApp.url}/orchestration`);
    await tab.getByRole('heading', { name: 'Success metrics, last 7 days' }).waitFor();
    expect(await tab.getByRole('row', { name: /Fallback recovery/ }).first().textContent()).toContain('92.3%');
    // One chart per metric, drawn by the island script with uPlot.
    await tab.locator('.chart canvas').nth(3).waitFor();
    expect(await tab.locator('.chart canvas').count()).toBe(4);
    if (process.env['COS_SCREENSHOT']) await tab.screenshot({ path: process.env['COS_SCREENSHOT'], fullPage: true });

    await tab.getByLabel('Window').selectOption('30');
    await tab.getByRole('button', { name: 'Show' }).click();
    await tab.getByRole('heading', { name: 'Success metrics, last 30 days' }).waitFor();
    expect(tab.url()).toContain('/orchestration?days=30');
    expect(await tab.getByRole('row', { name: /Tool error rate/ }).first().textContent()).toContain(await errorRate(consoleApp.cos, 30));

    expect(await axeCheck(tab)).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);
});
