/// <reference lib="dom" />
/**
 * The console's layout in a real browser (Chromium via playwright-core) at 1280 px and 390 px, on every page of a
 * seeded data directory: nothing is wider than the window (a 3,000-character word in a search included), the cards of
 * a grid row start at the same height, a table row's cells end on one line, tables turn into labelled stacked cards on
 * a phone, and no page logs a console error (the favicon is served).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FakeClock } from '@chief-of-staff/core';
import { openMemoryStore } from '@chief-of-staff/sqlite';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestConsole, type TestConsole } from '../testing/console-harness.js';
import { describeWithBrowser, openBrowser } from '../testing/open-browser.js';
import { seedCalls } from './console-test-kit.js';

const TODAY = new Date().toISOString().slice(0, 10);
const LONG_WORD = 'x'.repeat(3_000);

const PAGES: ReadonlyArray<readonly [string, string]> = [
  ['Today', '/today'],
  ['Memory (Facts)', '/memory'],
  ['People', '/memory/people'],
  ['A person', '/memory/people/Noa%20Levi'],
  ['Decisions', '/memory/decisions'],
  ['Delegations', '/memory/delegations'],
  ['Agents', '/agents'],
  ['Agent runs', '/agents/runs'],
  ['Schedules', '/schedules'],
  ['Orchestration', '/orchestration'],
  ['Documents', '/documents'],
  ['Documents searched for a 3,000-character word', `/documents?q=${LONG_WORD}`],
  ['Facts searched for a 3,000-character word', `/memory/facts?q=${LONG_WORD}`],
];

/** Elements whose right edge lies beyond the window (the skip link and screen-reader-only text are off screen by design). */
function elementsBeyondTheWindow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; wide: string[] }> {
  return page.evaluate(() => {
    const wide: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element.closest('.visually-hidden, .skip-link')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= window.innerWidth + 0.5) continue;
      wide.push(`<${element.tagName.toLowerCase()} class="${element.className.toString()}"> right edge at ${Math.round(box.right)} px`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, wide: wide.slice(0, 5) };
  });
}

/** Items of one grid that share a row (their boxes overlap vertically and sit side by side) but start at different heights. */
function misalignedGridRows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const grid of Array.from(document.querySelectorAll('main *'))) {
      if (getComputedStyle(grid).display !== 'grid') continue;
      const items = Array.from(grid.children).map((child) => ({ child, box: child.getBoundingClientRect() })).filter(({ box }) => box.height > 0);
      for (const a of items) {
        for (const b of items) {
          if (a === b || b.box.left <= a.box.left) continue;
          const sameRow = a.box.top < b.box.bottom && b.box.top < a.box.bottom && a.box.right <= b.box.left + 1;
          if (sameRow && Math.abs(a.box.top - b.box.top) > 1) {
            problems.push(`${grid.className || grid.tagName}: ${a.child.textContent?.trim().slice(0, 30)} at ${Math.round(a.box.top)} px, ${b.child.textContent?.trim().slice(0, 30)} at ${Math.round(b.box.top)} px`);
          }
        }
      }
    }
    return problems;
  });
}

/** Table rows whose cells do not end on one line (the bottom border of one of them sits higher or lower). */
function rowsWithUnevenCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const row of Array.from(document.querySelectorAll('main tbody tr'))) {
      const bottoms = Array.from(row.children).map((cell) => Math.round(cell.getBoundingClientRect().bottom));
      if (Math.max(...bottoms) - Math.min(...bottoms) > 1) problems.push(`${row.textContent?.trim().slice(0, 40)}: cell bottoms ${bottoms.join(', ')}`);
    }
    return problems;
  });
}

/** On a phone: each body cell is a block of its own, labelled with its column's heading; the heading row is hidden. */
function unstackedTables(page: Page): Promise<{ tables: number; problems: string[] }> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const tables = Array.from(document.querySelectorAll('main table')).filter((table) => table.querySelector('thead'));
    for (const table of tables) {
      const head = table.querySelector('thead');
      if (head && head.getBoundingClientRect().height > 1) problems.push(`a table's heading row is still shown: ${head.textContent?.trim().slice(0, 40)}`);
      for (const cell of Array.from(table.querySelectorAll('tbody tr > *'))) {
        const label = cell.getAttribute('data-label') ?? '';
        if (getComputedStyle(cell).display !== 'block') problems.push(`cell "${cell.textContent?.trim().slice(0, 30)}" is not stacked`);
        if (label !== '' && !getComputedStyle(cell, '::before').content.includes(label)) problems.push(`cell "${cell.textContent?.trim().slice(0, 30)}" does not show its label ${label}`);
        if (label === '' && cell.tagName !== 'TH') problems.push(`cell "${cell.textContent?.trim().slice(0, 30)}" has no column label`);
      }
    }
    return { tables: tables.length, problems: problems.slice(0, 5) };
  });
}

describeWithBrowser('console layout at 1280 px and 390 px', () => {
  let consoleApp: TestConsole;
  let browser: Browser;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    consoleApp = await startTestConsole({
      seed: async (cos) => {
        await seedCalls(cos, [
          ['store_fact', { category: 'preference', key: 'noa_coffee_order', value: 'Noa drinks oat flat whites, and on Fridays a cardamom cortado from the place by the station' }],
          ['store_fact', { category: 'work', key: 'long_reference', value: `ref-${'0123456789'.repeat(40)}` }],
          ['store_fact', { category: 'relationship', key: 'dana_role', value: 'דנה מנהלת את צוות המוצר' }],
          ['create_decision', { title: 'Move standup to 9:30', owner: 'Noa Levi', follow_up_date: TODAY }],
          ['create_delegation', { task: 'Send the Q4 budget', delegated_to: 'Noa Levi', due_date: '2020-01-01' }],
          ['create_delegation', { task: 'Book the offsite venue', delegated_to: 'Omer Cohen', due_date: TODAY }],
          ['link_identity', { canonical_name: 'Noa Levi', provider: 'email', provider_id: 'noa@example.com' }],
          ['link_identity', { canonical_name: 'Noa Levi', provider: 'slack', provider_id: 'U024NOA' }],
          ['link_identity', { canonical_name: 'Omer Cohen', provider: 'email', provider_id: 'omer@example.com' }],
          ['link_identity', { canonical_name: 'Dana Reed', provider: 'github', provider_id: 'danareed' }],
          ['create_calendar_event', { title: 'Weekly team sync', start: `${TODAY}T10:00:00Z`, end: `${TODAY}T11:00:00Z` }],
          ['create_scheduled_task', { name: 'friday_alerts', schedule_type: 'cron', schedule_config: { expression: '0 16 * * 5' }, handler_type: 'alert_eval' }],
          ['ingest_webhook', { source: 'github', event_type: 'issue.opened', payload: { title: 'Login fails on Safari' } }],
        ]);
      },
    });
    // What the tools do not write for themselves: tool calls for the Orchestration page and an agent run.
    const clock = new FakeClock(new Date(Date.now() - 3_600_000), 'UTC');
    const store = openMemoryStore({ dataDir: consoleApp.dataDir, clock });
    try {
      for (let i = 0; i < 40; i += 1) {
        await store.toolUsage.record({ toolName: i % 2 ? 'query_memory' : 'list_delegations', callerKind: 'host', queryPattern: 'q', success: i % 13 !== 0, errorCode: i % 13 === 0 ? 'TIMEOUT' : null, durationMs: 20 + i, estimatedMs: 30, truncated: false });
      }
      const run = await store.agentRuns.start({ agentName: 'researcher', trigger: 'console', instruction: 'What did Acme send about the contract renewal?', model: 'claude-sonnet-4-6' });
      await store.agentRuns.finish(run.id, { status: 'completed', rounds: 1, toolCallCount: 0, inputTokens: 1_200, outputTokens: 80 });
    } finally {
      await store.close();
    }
    browser = await openBrowser();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await consoleApp?.close();
  });

  it('answers /favicon.ico (no 404 on every page)', async () => {
    const response = await fetch(`${consoleApp.url}/favicon.ico`);
    expect([200, 204]).toContain(response.status);
  });

  describe.each([1280, 390])('at %i px', (width) => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await browser.newContext({ viewport: { width, height: 900 } });
      context.setDefaultTimeout(10_000);
      page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(`${page.url().slice(0, 80)}: ${message.text()}`);
      });
      page.on('pageerror', (error) => consoleErrors.push(`${page.url().slice(0, 80)}: ${error.message}`));
      await page.goto(consoleApp.signInLink());
    }, 30_000);

    afterAll(async () => {
      await context?.close();
    });

    it.each(PAGES)('%s: nothing wider than the window, grid rows aligned, table rows even', async (_name, path) => {
      const response = await page.goto(`${consoleApp.url}${path}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      const overflow = await elementsBeyondTheWindow(page);
      expect(overflow.wide).toEqual([]);
      expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.innerWidth);
      expect(await misalignedGridRows(page)).toEqual([]);
      if (width === 1280) expect(await rowsWithUnevenCells(page)).toEqual([]);
      else expect((await unstackedTables(page)).problems).toEqual([]);
    }, 30_000);

    it('logged no console error on any page (the favicon included)', () => {
      expect(consoleErrors).toEqual([]);
    });
  });

  it('sees grids and tables where the checks above look for them', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await page.goto(consoleApp.signInLink());
    await page.goto(`${consoleApp.url}/memory/facts`);
    expect((await unstackedTables(page)).tables).toBeGreaterThan(0);
    await page.goto(`${consoleApp.url}/memory/people`);
    const cards = await page.evaluate(() => document.querySelectorAll('main .cards > *').length);
    expect(cards).toBeGreaterThanOrEqual(3);
    await context.close();
  }, 30_000);
});
