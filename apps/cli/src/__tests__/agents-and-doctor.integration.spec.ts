/**
 * `cos agents`, `cos ask` and `cos doctor` against the built CLI: listing and inspecting agents, what happens
 * without a model key, a real run against a local fake Messages API, and the health checks.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeMessagesServer, textTurn, type FakeMessagesServer } from '@chief-of-staff/agents/testing';
import { scriptedServerEntry } from '@chief-of-staff/orchestration/testing';
import { createCliSandbox, type CliSandbox } from './run-cli.js';

interface Check {
  name: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  data?: Record<string, unknown>;
}

describe('cos agents, ask and doctor', () => {
  let cli: CliSandbox;
  let model: FakeMessagesServer;

  beforeAll(async () => {
    cli = createCliSandbox('agents');
    model = await startFakeMessagesServer({ script: [textTurn('You have two meetings tomorrow: planning with Dana at 10:00 and the budget review at 14:00.')] });
  });

  afterAll(async () => {
    await model.close();
    cli.remove();
  });

  it('lists the built-in agents, including the one behind cos ask', async () => {
    const list = await cli.run(['agents', 'list', '--json']);
    expect(list.code).toBe(0);
    const { items, problems } = list.json<{ items: { name: string; origin: string }[]; problems: unknown[] }>();
    expect(items.length).toBeGreaterThan(10);
    expect(items).toContainEqual(expect.objectContaining({ name: 'chief_of_staff', origin: 'builtin' }));
    expect(problems).toEqual([]);
  });

  it('shows an agent with its model, tools and prompt; an unknown agent is NOT_FOUND (exit 1)', async () => {
    const shown = await cli.run(['agents', 'show', 'meeting_prep']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^meeting_prep \(builtin\)/);
    expect(shown.stdout).toMatch(/tools: .*query_memory/);
    expect(shown.stdout).toContain('System prompt');

    const missing = await cli.run(['agents', 'show', 'no_such_agent']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('NOT_FOUND: Agent no_such_agent not found.');
  });

  it('without ANTHROPIC_API_KEY, run and ask print the NOT_CONFIGURED message and exit 1', async () => {
    const run = await cli.run(['agents', 'run', 'meeting_prep', 'Prepare my 1:1 with Dana', '--json']);
    expect(run.code).toBe(1);
    expect(run.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'NOT_CONFIGURED',
      message: expect.stringContaining('ANTHROPIC_API_KEY'),
    });

    const ask = await cli.run(['ask', 'What is on tomorrow?']);
    expect(ask.code).toBe(1);
    expect(ask.stdout).toBe('');
    expect(ask.stderr).toContain('NOT_CONFIGURED: No model API key is configured: set the ANTHROPIC_API_KEY environment variable');
  });

  it('asks the chief of staff through a Messages-API endpoint and prints only the answer on stdout', async () => {
    const ask = await cli.run(['ask', 'What is on tomorrow?'], { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url });
    expect(ask.code).toBe(0);
    expect(ask.stdout).toBe('You have two meetings tomorrow: planning with Dana at 10:00 and the budget review at 14:00.\n');
    expect(ask.stderr).toMatch(/chief_of_staff on claude-sonnet-4-6 · .* · 1 round · no tools used/);
    expect(model.requests).toHaveLength(1);
  });

  it('creates an agent exactly as given, lists it, and deletes it', async () => {
    const promptFile = join(cli.filesDir, 'prompt.md');
    writeFileSync(promptFile, 'You answer questions from my notes, briefly.\n');
    const created = await cli.run([
      'agents', 'create', 'Answers from my notes', '--name', 'notes_helper',
      '--prompt-file', promptFile, '--capabilities', 'memory_read,document_search', '--json',
    ]);
    expect(created.code).toBe(0);
    expect(created.json()).toMatchObject({ created_via: 'explicit', agent: { name: 'notes_helper', origin: 'user', capabilities: ['memory_read', 'document_search'] } });

    const deleted = await cli.run(['agents', 'delete', 'notes_helper']);
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toBe('Deleted agent notes_helper.\n');
  });

  it('explains how to fix a half-given explicit definition (exit 2)', async () => {
    const bad = await cli.run(['agents', 'create', 'Answers from my notes', '--capabilities', 'memory_read']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--prompt-file and --capabilities go together');
  });

  it('doctor --json reports the database, providers, vectors, embedder, model key and agent problems', async () => {
    mkdirSync(join(cli.dataDir, 'agents'), { recursive: true });
    writeFileSync(join(cli.dataDir, 'agents', 'broken.yaml'), 'name: broken\ndescription: [unclosed\n');
    const doctor = await cli.run(['doctor', '--json']);
    expect(doctor.code).toBe(0);
    const { config, checks } = doctor.json<{ config: { dataDir: string }; checks: Check[] }>();
    expect(config.dataDir).toBe(cli.dataDir);
    const check = (name: string) => checks.find((candidate) => candidate.name === name);
    expect(check('database')).toMatchObject({ status: 'ok', data: { migrations: expect.any(Number) } });
    expect(check('provider: calendar')).toMatchObject({ status: 'ok', data: { provider: 'local' } });
    expect(check('vector store')?.status).toBe('ok');
    expect(check('embedder')).toMatchObject({ status: 'ok', data: { loaded: false } });
    expect(check('model API key')).toMatchObject({ status: 'warn', data: { present: false } });
    expect(check('agents')).toMatchObject({ status: 'warn', data: { problems: 1 } });

    const human = await cli.run(['doctor']);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/✓ database\s+.*cos\.db/);
    expect(human.stdout).toMatch(/! agents\s+.*broken\.yaml/);
  });

  it('doctor reports each external MCP server, and stats shows the orchestration metrics', async () => {
    const files = { control: join(cli.dataDir, 'tavily.control.json'), calls: join(cli.dataDir, 'tavily.calls') };
    writeFileSync(
      join(cli.dataDir, 'mcp-servers.json'),
      JSON.stringify({ mcpServers: { tavily: scriptedServerEntry('tavily', { tavily_search: {} }, files), missing: { command: join(cli.dataDir, 'no-such-server') } } }),
    );
    const doctor = await cli.run(['doctor', '--json']);
    const { checks } = doctor.json<{ checks: Check[] }>();
    expect(checks.find((check) => check.name === 'mcp server: tavily')).toMatchObject({ status: 'ok', detail: expect.stringContaining('1 tools; serves web_search') });
    expect(checks.find((check) => check.name === 'mcp server: missing')).toMatchObject({ status: 'warn', detail: expect.stringContaining('is it installed') });

    const stats = await cli.run(['stats']);
    expect(stats.code).toBe(0);
    expect(stats.stdout).toMatch(/tool_error_rate .*target < 5%/);
    expect(stats.stdout).toMatch(/fallback_recovery .*no data/);
  });

  it('an unknown command or a missing argument exits 2 and points to --help', async () => {
    const unknown = await cli.run(['agents', 'launch', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'launch'");
    expect(unknown.stderr).toContain('--help');

    const missing = await cli.run(['memory', 'add', 'work']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("missing required argument 'key'");
  });
});
