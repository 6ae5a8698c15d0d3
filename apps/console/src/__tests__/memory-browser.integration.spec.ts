/**
 * The Memory pages in a real browser (Chromium via playwright-core): each tab loads with its seeded data, one action
 * is done by clicking, and axe finds nothing serious. Editing a fact in the page is then checked with the built `cos`
 * CLI on the same data directory: `cos memory search` prints the new value. A form that fails comes back on its own
 * page with what was typed and a red message beside the field (People, and the Agents run form without a model key).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { axeCheck } from '../testing/axe-check.js';
import { startTestConsole, type TestConsole } from '../testing/console-harness.js';
import { describeWithBrowser, openBrowser } from '../testing/open-browser.js';
import { callTool, seedCalls } from './console-test-kit.js';

/** The built CLI (the console's test target bundles it first, see apps/console/package.json). */
const CLI_MAIN = resolve(import.meta.dirname, '..', '..', '..', 'cli', 'dist', 'main.js');

function runCli(dataDir: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI_MAIN, ...args], {
      env: { PATH: process.env['PATH'] ?? '', HOME: dataDir, COS_DATA_DIR: dataDir, COS_TIMEZONE: 'UTC' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

describeWithBrowser('Memory pages in the browser', () => {
  let consoleApp: TestConsole;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if (!existsSync(CLI_MAIN)) throw new Error(`The built CLI is missing at ${CLI_MAIN}: run npx nx bundle @chief-of-staff/cli first.`);
    consoleApp = await startTestConsole({
      seed: async (cos) => {
        await seedCalls(cos, [
          ['store_fact', { category: 'preference', key: 'noa_coffee_order', value: 'Noa drinks oat flat whites' }],
          ['store_fact', { category: 'relationship', key: 'dana_role', value: 'דנה מנהלת את צוות המוצר' }],
          ['create_decision', { title: 'Move standup to 9:30', owner: 'Noa' }],
          ['create_delegation', { task: 'Send the Q4 budget', delegated_to: 'Noa', due_date: '2020-01-01' }],
          ['link_identity', { canonical_name: 'Noa Levi', provider: 'email', provider_id: 'noa@example.com' }],
          ['link_identity', { canonical_name: 'Noa Levi', provider: 'slack', provider_id: 'U024NOA' }],
        ]);
      },
    });
    browser = await openBrowser();
    const context = await browser.newContext();
    page = await context.newPage();
    await page.goto(consoleApp.signInLink());
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await consoleApp?.close();
  });

  it('Facts: edits a fact by clicking, and `cos memory search` prints the new value', async () => {
    await page.goto(`${consoleApp.url}/memory/facts`);
    await expect(page.getByRole('cell', { name: 'Noa drinks oat flat whites' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('דנה מנהלת את צוות המוצר').isVisible()).resolves.toBe(true);
    expect(await axeCheck(page)).toEqual([]);

    await page.getByRole('link', { name: 'Edit preference/noa_coffee_order' }).click();
    await page.getByLabel('Value').fill('Noa switched to cardamom cortados');
    expect(await axeCheck(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save the fact' }).click();
    await page.waitForURL(/\/memory\/facts\?category=preference$/);
    await expect(page.locator('.banner-ok').textContent()).resolves.toContain('Saved preference/noa_coffee_order.');
    await expect(page.getByRole('cell', { name: 'Noa switched to cardamom cortados' }).isVisible()).resolves.toBe(true);

    const cli = await runCli(consoleApp.dataDir, ['memory', 'search', 'cardamom cortados']);
    expect(cli.stderr).not.toContain('Error');
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain('noa_coffee_order');
    expect(cli.stdout).toContain('Noa switched to cardamom cortados');
  }, 60_000);

  it('Facts: deletes by clicking and the Undo button brings the fact back', async () => {
    await page.goto(`${consoleApp.url}/memory/facts?category=relationship`);
    await page.getByRole('button', { name: 'Delete relationship/dana_role' }).click();
    await page.waitForURL(/category=relationship/);
    await expect(page.locator('.banner-ok').textContent()).resolves.toContain('Deleted relationship/dana_role.');
    expect((await callTool<{ items: unknown[] }>(consoleApp, 'list_facts', { category: 'relationship' })).items).toEqual([]);
    expect(await axeCheck(page)).toEqual([]);
    await page.getByRole('button', { name: 'Undo: restore relationship/dana_role' }).click();
    await page.waitForURL(/category=relationship/);
    await expect(page.locator('.banner-ok').textContent()).resolves.toContain('Restored relationship/dana_role.');
    expect((await callTool<{ items: { value: string }[] }>(consoleApp, 'list_facts', { category: 'relationship' })).items[0]?.value).toBe('דנה מנהלת את צוות המוצר');
  }, 60_000);

  it('Decisions: changes a status by choosing it and clicking Update', async () => {
    await page.goto(`${consoleApp.url}/memory/decisions`);
    await expect(page.getByRole('cell', { name: 'Move standup to 9:30', exact: true }).isVisible()).resolves.toBe(true);
    expect(await axeCheck(page)).toEqual([]);
    await page.getByRole('combobox', { name: 'Status of Move standup to 9:30', exact: true }).selectOption('executed');
    await page.getByRole('button', { name: 'Update the status of Move standup to 9:30' }).click();
    await page.waitForURL(/\/memory\/decisions$/);
    await expect(page.locator('.banner-ok').textContent()).resolves.toContain('"Move standup to 9:30" is now executed.');
    const decisions = await callTool<{ items: { title: string; status: string }[] }>(consoleApp, 'search_decisions', { query: 'standup' });
    expect(decisions.items[0]?.status).toBe('executed');
  }, 60_000);

  it('Delegations: marks one completed by choosing it and clicking Update', async () => {
    await page.goto(`${consoleApp.url}/memory/delegations`);
    await expect(page.getByRole('cell', { name: 'Send the Q4 budget', exact: true }).isVisible()).resolves.toBe(true);
    expect(await axeCheck(page)).toEqual([]);
    await page.getByRole('combobox', { name: 'Status of Send the Q4 budget', exact: true }).selectOption('completed');
    await page.getByRole('button', { name: 'Update the status of Send the Q4 budget' }).click();
    await page.waitForURL(/\/memory\/delegations$/);
    await expect(page.locator('.banner-ok').textContent()).resolves.toContain('"Send the Q4 budget" is now completed.');
    const delegations = await callTool<{ items: { status: string }[] }>(consoleApp, 'list_delegations', { delegated_to: 'Noa' });
    expect(delegations.items[0]?.status).toBe('completed');
  }, 60_000);

  it('People: one card per person; links a handle by clicking, then opens the enrich view', async () => {
    await page.goto(`${consoleApp.url}/memory/people`);
    await expect(page.getByRole('heading', { name: 'Noa Levi', level: 3 }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('U024NOA').isVisible()).resolves.toBe(true);
    expect(await axeCheck(page)).toEqual([]);
    await page.getByText('Link another handle').click();
    await page.getByRole('combobox', { name: 'Where' }).first().selectOption('github');
    await page.getByRole('textbox', { name: 'Handle, address or number' }).first().fill('noalevi');
    await page.getByRole('button', { name: 'Link handle to Noa Levi' }).click();
    await page.waitForURL(/\/memory\/people$/);
    await expect(page.locator('.banner-ok').textContent()).resolves.toContain('Linked github noalevi to Noa Levi.');
    const people = await callTool<{ items: { identities: { provider: string }[] }[] }>(consoleApp, 'list_people', { query: 'Noa Levi' });
    expect(people.items[0]?.identities.map((identity) => identity.provider)).toEqual(['email', 'github', 'slack']);

    await page.getByRole('link', { name: 'Noa Levi' }).click();
    await page.waitForURL(/\/memory\/people\/Noa%20Levi$/);
    await expect(page.getByRole('heading', { name: 'Identities' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('noalevi').isVisible()).resolves.toBe(true);
    expect(await axeCheck(page)).toEqual([]);
  }, 60_000);

  /** The visible alert beside a field: its text and its colour. */
  async function fieldAlert(): Promise<{ text: string; color: string }> {
    const alert = page.getByRole('alert');
    await expect(alert.isVisible()).resolves.toBe(true);
    return { text: (await alert.textContent()) ?? '', color: await alert.evaluate((element) => getComputedStyle(element).color) };
  }

  it('People: a refused link stays on the People page with what was typed and a red alert beside the handle', async () => {
    await page.goto(`${consoleApp.url}/memory/people`);
    await page.getByLabel("Person's full name").fill('Dana Cohen');
    await page.locator('#new-link-provider').selectOption('email');
    await page.locator('#new-link-handle').fill('not-an-address');
    const [response] = await Promise.all([page.waitForResponse((answer) => answer.request().method() === 'POST'), page.getByRole('button', { name: 'Link handle', exact: true }).click()]);
    expect(response.status()).toBe(422);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Memory: people');
    await expect(page.getByRole('link', { name: 'People', exact: true }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(page.getByLabel("Person's full name").inputValue()).resolves.toBe('Dana Cohen');
    await expect(page.locator('#new-link-handle').inputValue()).resolves.toBe('not-an-address');
    const alert = await fieldAlert();
    expect(alert.text).toContain('provider_id');
    expect(alert.color).toBe('rgb(180, 35, 24)');
    // The handle's input names the message, and has the focus so the page opens at it.
    await expect(page.locator('#new-link-handle').getAttribute('aria-describedby')).resolves.toBe('new-link-provider_id-problem');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('new-link-handle');
    await expect(page.locator('.banner-ok').count()).resolves.toBe(0);
    expect(await axeCheck(page)).toEqual([]);
    expect((await callTool<{ items: unknown[] }>(consoleApp, 'list_people', { query: 'Dana Cohen' })).items).toEqual([]);
  }, 60_000);

  it('Agents: says up front that no model key is set, and a failed run keeps the instruction', async () => {
    await page.goto(`${consoleApp.url}/agents`);
    await expect(page.getByText('No model API key is set').isVisible()).resolves.toBe(true);
    await page.getByLabel('Agent', { exact: true }).selectOption('meeting_prep');
    await page.getByLabel('Instruction').fill('Summarise my week, with the open delegations first');
    const [response] = await Promise.all([page.waitForResponse((answer) => answer.request().method() === 'POST'), page.getByRole('button', { name: 'Run agent' }).click()]);
    expect(response.status()).toBe(422);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Agents');
    await expect(page.getByLabel('Instruction').inputValue()).resolves.toBe('Summarise my week, with the open delegations first');
    await expect(page.getByLabel('Agent', { exact: true }).inputValue()).resolves.toBe('meeting_prep');
    const alert = await fieldAlert();
    expect(alert.text).toContain('No model API key is configured');
    expect(alert.color).toBe('rgb(180, 35, 24)');
    expect(await axeCheck(page)).toEqual([]);
  }, 60_000);
});
