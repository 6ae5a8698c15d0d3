/**
 * Writes the screenshots of docs/console.md (docs/images/console-<page>.png, and the Facts page at a phone's 390 px):
 * the console on a data directory seeded with a small, believable day — facts, people, delegations, decisions,
 * meetings, scheduled tasks, documents, tool calls over a week and an agent run with its trace — each page opened in
 * headless Chromium.
 *
 *     npx tsx --conditions=@chief-of-staff/source apps/console/src/__tests__/screenshots/take-console-screenshots.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FakeClock } from '@chief-of-staff/core';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';
import { openMemoryStore } from '@chief-of-staff/sqlite';
import { chromium } from 'playwright-core';
import { startTestConsole } from '../../testing/console-harness.js';

const IMAGES = resolve(import.meta.dirname, '..', '..', '..', '..', '..', 'docs', 'images');
const DAY_MS = 86_400_000;
const now = new Date();
const day = (offset: number) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
const at = (offset: number, hour: number) => {
  const date = new Date(now.getTime() + offset * DAY_MS);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

async function call(cos: ChiefOfStaff, tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await cos.callTool(tool, args);
  if (!result.ok) throw new Error(`${tool}: ${result.error.message}`);
  return result.value;
}

async function seed(cos: ChiefOfStaff): Promise<void> {
  const facts: Array<[string, string, string, boolean?]> = [
    ['preference', 'dana_coffee', 'Dana drinks oat-milk flat whites, no sugar', true],
    ['relationship', 'omer_role', 'Omer leads the data platform team since March'],
    ['work', 'q3_offsite', 'The Q3 offsite is in Haifa, 14–15 September'],
    ['preference', 'meetings_before_nine', 'No meetings before 9:00 on weekdays', true],
    ['relationship', 'noa_birthday', 'יום ההולדת של נועה ב-12 במאי'],
    ['work', 'vendor_contract', 'The Acme contract renews on 1 January; notice period 60 days'],
    ['personal', 'yossi_allergy', 'Yossi is allergic to peanuts'],
  ];
  for (const [category, key, value, pinned] of facts) await call(cos, 'store_fact', { category, key, value, pinned: pinned ?? false });
  const handles: Array<[string, string, string]> = [
    ['Dana Reed', 'email', 'dana@acme.example'],
    ['Dana Reed', 'slack', 'U024DANA'],
    ['Dana Reed', 'github', 'danareed'],
    ['Omer Levi', 'email', 'omer@acme.example'],
    ['Omer Levi', 'phone', '+972-52-555-0101'],
    ['נועה כהן', 'whatsapp', '+972-54-555-0199'],
  ];
  for (const [canonical_name, provider, provider_id] of handles) await call(cos, 'link_identity', { canonical_name, provider, provider_id });
  const delegations: Array<[string, string, number]> = [
    ['Send the Q3 budget numbers', 'Omer Levi', -4],
    ['Book the offsite venue in Haifa', 'Dana Reed', -1],
    ['Review the vendor contract draft', 'Dana Reed', 1],
    ['להכין את מצגת הגיוס', 'נועה כהן', 2],
    ['Update the onboarding checklist', 'Omer Levi', 9],
  ];
  for (const [task, delegated_to, due] of delegations) await call(cos, 'create_delegation', { task, delegated_to, due_date: day(due) });
  await call(cos, 'create_decision', { title: 'Move the weekly sync to Tuesdays', owner: 'Dana Reed', follow_up_date: day(-2) });
  await call(cos, 'create_decision', { title: 'Renew Acme for one year, not three', owner: 'Omer Levi', follow_up_date: day(5) });
  await call(cos, 'create_decision', { title: 'Hire two data engineers in Q4', owner: 'Omer Levi' });
  await call(cos, 'create_calendar_event', { title: '1:1 with Dana', start: at(0, 10), end: at(0, 11) });
  await call(cos, 'create_calendar_event', { title: 'Budget review', start: at(0, 13), end: at(0, 14) });
  await call(cos, 'create_calendar_event', { title: 'סנכרון צוות', start: at(0, 15), end: at(0, 16) });
  await call(cos, 'create_scheduled_task', {
    name: 'weekly_review',
    schedule_type: 'cron',
    schedule_config: { expression: '0 16 * * 5' },
    handler_type: 'run_agent',
    handler_config: { agent: 'researcher', instruction: 'Summarise what moved this week.' },
    delivery_channel: 'notification',
  });
  await call(cos, 'create_scheduled_task', { name: 'morning_brief', schedule_type: 'cron', schedule_config: { expression: '30 7 * * 1-5' }, handler_type: 'morning_brief', handler_config: {} });
  const folder = join(cos.config.dataDir, 'documents');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'travel-policy.md'), '# Travel policy\n\nHotels up to 180 EUR a night in Europe. Book trains over flights under four hours. Receipts go to finance within 30 days.\n');
  writeFileSync(join(folder, 'offsite-plan.md'), '# Q3 offsite\n\nHaifa, 14–15 September. Agenda: roadmap, hiring, the Acme renewal. Dana books the venue; Omer brings the budget.\n');
  writeFileSync(join(folder, 'acme-contract-notes.md'), '# Acme contract\n\nRenews 1 January. Notice period 60 days. Price rise capped at 5 %. Invoice monthly, net 30.\n');
  await call(cos, 'ingest_documents', { path: folder });
}

/**
 * What the tools do not write for themselves: a week of tool calls (each with a learned estimate near the calls'
 * median) and one agent run with its trace.
 */
async function seedTelemetry(dataDir: string): Promise<void> {
  const clock = new FakeClock(new Date(now.getTime() - 7 * DAY_MS), 'UTC');
  const store = openMemoryStore({ dataDir, clock });
  try {
    const tools = ['query_memory', 'get_calendar_events', 'search_documents', 'search_mail', 'list_delegations', 'enrich_person'];
    for (let i = 0; i < 1_400; i += 1) {
      clock.set(new Date(now.getTime() - 7 * DAY_MS + Math.floor((i / 1_400) * 7 * DAY_MS)));
      const tool = tools[i % tools.length] ?? 'query_memory';
      await store.toolUsage.record({ toolName: tool, callerKind: 'host', queryPattern: 'q', success: i % 37 !== 0, errorCode: i % 37 === 0 ? 'TIMEOUT' : null, durationMs: 30 + ((i * 7) % 400), estimatedMs: 230, truncated: i % 90 === 0 });
    }
    clock.set(new Date(now.getTime() - 2 * 3_600_000));
    const run = await store.agentRuns.start({ agentName: 'researcher', trigger: 'console', instruction: 'What did Acme send about the contract renewal?', model: 'claude-sonnet-4-6' });
    await store.agentRunSteps.record({ runId: run.id, seq: 0, round: 0, kind: 'model', name: 'claude-sonnet-4-6', ok: true, durationMs: 1_840, inputTokens: 2_310, outputTokens: 96, stopReason: 'tool_use', resultPreview: 'I will look for the contract mail and the notes first.' });
    await store.agentRunSteps.record({ runId: run.id, seq: 1, round: 0, kind: 'tool', name: 'search_documents', ok: true, durationMs: 212, argumentsPreview: '{"query":"Acme contract renewal"}', resultPreview: '{"results":[{"path":"documents/acme-contract-notes.md","text":"Renews 1 January. Notice period 60 days."}]}', untrusted: true });
    await store.agentRunSteps.record({ runId: run.id, seq: 2, round: 1, kind: 'model', name: 'claude-sonnet-4-6', ok: true, durationMs: 2_120, inputTokens: 2_806, outputTokens: 184, stopReason: 'end_turn', resultPreview: 'The Acme contract renews on 1 January with a 60-day notice period; price rises are capped at 5 %.' });
    clock.advance(4_370);
    await store.agentRuns.finish(run.id, { status: 'completed', rounds: 2, toolCallCount: 1, inputTokens: 5_116, outputTokens: 280 });
  } finally {
    await store.close();
  }
}

const consoleApp = await startTestConsole({ seed });
await seedTelemetry(consoleApp.dataDir);
const browser = await chromium.launch({
  executablePath: process.env['COS_CHROMIUM'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto(consoleApp.signInLink());
  mkdirSync(IMAGES, { recursive: true });
  const shots: Array<[string, string]> = [
    ['today', '/today'],
    ['memory', '/memory/facts'],
    ['memory-people', '/memory/people'],
    ['agents', '/agents'],
    ['agent-run', '/agents/runs'],
    ['schedules', '/schedules'],
    ['orchestration', '/orchestration'],
    ['documents', '/documents?q=notice+period'],
  ];
  for (const [name, path] of shots) {
    await page.goto(`${consoleApp.url}${path}`);
    if (name === 'agent-run') {
      const hrefs = await page.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      const trace = hrefs.find((href) => /^\/agents\/runs\/[0-9a-f-]{36}$/.test(href));
      if (!trace) throw new Error('the runs page links to no run');
      await page.goto(`${consoleApp.url}${trace}`);
    }
    await page.waitForLoadState('networkidle');
    // The agents list runs long (every built-in agent with its capabilities): its first screen says enough.
    await page.screenshot({ path: join(IMAGES, `console-${name}.png`), fullPage: name !== 'agents' });
    process.stdout.write(`console-${name}.png\n`);
  }
  // A phone's width: tables become one card per row, each value under its column's name.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phonePage = await phone.newPage();
  await phonePage.goto(consoleApp.signInLink());
  await phonePage.goto(`${consoleApp.url}/memory/facts`);
  await phonePage.waitForLoadState('networkidle');
  await phonePage.screenshot({ path: join(IMAGES, 'console-memory-phone.png') });
  process.stdout.write('console-memory-phone.png\n');
} finally {
  await browser.close();
  await consoleApp.close();
}
