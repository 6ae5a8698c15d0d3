/**
 * External MCP servers joined for real: tiny scripted stdio servers standing in for official-data, research and
 * quick-search services (told to hang, fail, crash or answer hugely), and the published reference servers
 * `@modelcontextprotocol/server-filesystem` and `server-memory`. Every call goes through the orchestration executor.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import { publishedServerPath, scriptedServerEntry, setScriptedBehaviour } from '@chief-of-staff/orchestration/testing';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await sleep(50);
  }
}

describe('external MCP servers through the orchestration executor', () => {
  let dir: string;
  let cos: ChiefOfStaff;
  const files = (name: string) => ({ control: join(dir, `${name}.control.json`), calls: join(dir, `${name}.calls`) });
  const callsTo = (name: string) => (existsSync(files(name).calls) ? readFileSync(files(name).calls, 'utf8').split('\n').filter(Boolean).length : 0);
  const fallbackRows = () =>
    new Database(join(dir, 'data', 'cos.db'), { readonly: true }).prepare('SELECT primary_tool, tool, attempt, outcome FROM fallback_events ORDER BY id').all() as Array<Record<string, unknown>>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cos-external-'));
    mkdirSync(join(dir, 'files'));
    writeFileSync(join(dir, 'files', 'plan.txt'), 'Q3 plan: hire two engineers.');
    const servers = {
      mcpServers: {
        datagov: scriptedServerEntry('datagov', { datagov_query: { description: 'Official statistics from data.gov.il.' } }, files('datagov')),
        perplexity: scriptedServerEntry('perplexity', { perplexity_search: {}, perplexity_ask: {} }, files('perplexity'), {
          toolOverrides: { perplexity_search: { latency: { timeoutMs: 400 } } },
        }),
        tavily: scriptedServerEntry('tavily', { tavily_search: { description: 'Quick web search.' } }, files('tavily')),
        quick: scriptedServerEntry('quick', { lookup: {}, dump: { mode: 'big' } }, files('quick')),
        files: { command: process.execPath, args: [publishedServerPath('@modelcontextprotocol/server-filesystem'), join(dir, 'files')] },
        missing: { command: join(dir, 'no-such-server') },
      },
    };
    writeFileSync(join(dir, 'mcp-servers.json'), JSON.stringify(servers));
    cos = await createChiefOfStaff({
      dataDir: join(dir, 'data'),
      config: {
        mcpServersFile: join(dir, 'mcp-servers.json'),
        // Servers can also sit in the main configuration; this one is joined from there.
        mcpServers: { memory: { command: process.execPath, args: [publishedServerPath('@modelcontextprotocol/server-memory')], env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') } } },
        orchestration: { reexportExternal: true, breakerThreshold: 3, breakerHalfOpenMs: 500 },
      },
      env: {},
      logger: createSilentLogger(),
      semanticRecall: false,
    });
    await cos.orchestration.prepare();
  }, 60_000);

  afterAll(async () => {
    await cos?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('joins every reachable server and reports the one that cannot start, with the fix', () => {
    const { servers } = cos.orchestration.externalServers();
    const byName = Object.fromEntries(servers.map((server) => [server.name, server]));
    for (const name of ['datagov', 'perplexity', 'tavily', 'quick', 'files', 'memory']) expect(byName[name]).toMatchObject({ state: 'connected' });
    expect(byName['files']?.tools).toBeGreaterThan(3);
    expect(byName['memory']?.tools).toBeGreaterThan(3);
    expect(byName['missing']).toMatchObject({ state: 'failed', problem: expect.stringContaining('installed') });
    const names = cos.orchestration.allTools().map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['perplexity__perplexity_search', 'tavily__tavily_search', 'files__read_text_file', 'memory__create_entities']));
  });

  it('answers from the published servers, marked untrusted', async () => {
    const file = await cos.callTool('files__read_text_file', { path: join(dir, 'files', 'plan.txt') });
    expect(file).toMatchObject({ ok: true, value: { text: expect.stringContaining('hire two engineers'), untrusted: true } });
    const created = await cos.callTool('memory__create_entities', { entities: [{ name: 'Dana', entityType: 'person', observations: ['leads design'] }] });
    expect(created.ok).toBe(true);
    const found = await cos.callTool('memory__search_nodes', { query: 'Dana' });
    expect(found).toMatchObject({ ok: true, value: { text: expect.stringContaining('leads design') } });
  });

  it('falls back when the primary times out, and records the chain', async () => {
    setScriptedBehaviour(files('perplexity').control, { perplexity_search: { mode: 'hang' } });
    const result = await cos.callTool('perplexity__perplexity_search', { query: 'unemployment rate 2024' });
    expect(result).toMatchObject({ ok: true, value: { text: 'tavily_search answered: unemployment rate 2024' } });
    expect(fallbackRows()).toEqual([
      { primary_tool: 'perplexity__perplexity_search', tool: 'perplexity__perplexity_search', attempt: 0, outcome: 'timeout' },
      { primary_tool: 'perplexity__perplexity_search', tool: 'tavily__tavily_search', attempt: 1, outcome: 'success' },
    ]);
    setScriptedBehaviour(files('perplexity').control, {});
  });

  it('explains in plain words what was tried when the whole chain fails, never the raw upstream error', async () => {
    setScriptedBehaviour(files('datagov').control, { datagov_query: { mode: 'fail' } });
    setScriptedBehaviour(files('perplexity').control, { perplexity_search: { mode: 'throw' } });
    setScriptedBehaviour(files('tavily').control, { tavily_search: { mode: 'empty' } });
    const result = await cos.callTool('datagov__datagov_query', { query: 'population of Haifa' });
    expect(result.ok).toBe(false);
    const text = JSON.stringify(result);
    expect(text).not.toMatch(/502|trace|7f3a9c|Bad Gateway/);
    expect(!result.ok && result.error.message).toMatch(/could not get an answer: datagov_query \(datagov\) was not available; perplexity_search \(perplexity\) was not available; tavily_search \(tavily\) found nothing/);
    expect(!result.ok && result.error.hint).toMatch(/period|statistic/);
    for (const name of ['datagov', 'perplexity', 'tavily']) setScriptedBehaviour(files(name).control, {});
  });

  it('opens a breaker after the threshold, fails fast, then half-opens and closes', async () => {
    // A tool outside every fallback chain, so each failure reaches the caller.
    setScriptedBehaviour(files('quick').control, { lookup: { mode: 'fail' } });
    const before = callsTo('quick');
    for (let i = 0; i < 3; i += 1) expect((await cos.callTool('quick__lookup', { query: 'x' })).ok).toBe(false);
    const fast = await cos.callTool('quick__lookup', { query: 'x' });
    expect(fast).toMatchObject({ ok: false, error: { code: 'CIRCUIT_OPEN' } });
    expect(callsTo('quick') - before).toBe(3);
    expect(cos.orchestration.breakerStates()).toEqual(expect.arrayContaining([{ name: 'quick__lookup', scope: 'tool', state: 'open' }]));
    setScriptedBehaviour(files('quick').control, {});
    await sleep(600);
    expect(await cos.callTool('quick__lookup', { query: 'x' })).toMatchObject({ ok: true });
    expect(cos.orchestration.breakerStates().filter((breaker) => breaker.name === 'quick__lookup').map((breaker) => breaker.state)).toEqual(['closed']);
  });

  it('lets a tool that is last in one default chain fall back along another (tavily_search → perplexity_search)', async () => {
    setScriptedBehaviour(files('tavily').control, { tavily_search: { mode: 'fail' } });
    const result = await cos.callTool('tavily__tavily_search', { query: 'weather in Haifa' });
    expect(result).toMatchObject({ ok: true, value: { text: 'perplexity_search answered: weather in Haifa' } });
    setScriptedBehaviour(files('tavily').control, {});
  });

  it('restarts a crashed server and its tools come back', async () => {
    setScriptedBehaviour(files('quick').control, { lookup: { mode: 'crash' } });
    const crashed = await cos.callTool('quick__lookup', { query: 'x' });
    expect(crashed.ok).toBe(false);
    setScriptedBehaviour(files('quick').control, {});
    await waitFor(() => cos.orchestration.externalServers().servers.find((server) => server.name === 'quick')?.state === 'connected' && cos.orchestration.allTools().some((tool) => tool.name === 'quick__lookup'));
    expect(cos.orchestration.externalServers().servers.find((server) => server.name === 'quick')?.restarts).toBeGreaterThanOrEqual(1);
    expect(await cos.callTool('quick__lookup', { query: 'back' })).toMatchObject({ ok: true, value: { text: 'lookup answered: back' } });
  });

  it('shortens a 2 MB answer to valid JSON within the size limit', async () => {
    const result = await cos.callTool('quick__dump', { query: 'everything' });
    expect(result.ok).toBe(true);
    const value = (result.ok ? result.value : {}) as { text: string; truncated: boolean };
    expect(value.truncated).toBe(true);
    expect(value.text.length).toBeLessThanOrEqual(6_000 * 4);
    const parsed = JSON.parse(value.text) as { results: unknown[]; results_omitted: number };
    expect(parsed.results.length + parsed.results_omitted).toBe(8_000);
  });

  it('reports the success metrics, the open breakers and the slowest tools', async () => {
    const stats = await cos.callTool('get_orchestration_stats', {});
    expect(stats.ok).toBe(true);
    const value = (stats.ok ? stats.value : {}) as { metrics: Array<{ name: string; value: number | null; sample_size: number }> };
    const recovery = value.metrics.find((entry) => entry.name === 'fallback_recovery');
    // Three chains failed at the primary: two recovered (through tavily, through perplexity), one was exhausted.
    expect(recovery).toMatchObject({ value: 2 / 3, sample_size: 3 });
    expect(value.metrics.find((entry) => entry.name === 'tool_error_rate')?.sample_size).toBeGreaterThan(5);
  });

  it("passes a server's refusal on as REFUSED with its reason, never retried elsewhere nor held against the server", async () => {
    writeFileSync(join(dir, 'outside.txt'), 'not for the server');
    const rowsBefore = fallbackRows().length;
    for (let i = 0; i < 4; i += 1) {
      const refused = await cos.callTool('files__read_text_file', { path: join(dir, 'outside.txt') });
      expect(refused).toMatchObject({ ok: false, error: { code: 'REFUSED', details: { server: 'files', tool: 'read_text_file' } } });
      const error = refused.ok ? undefined : refused.error;
      expect(error?.message).toContain('The files server refused this request.');
      expect(error?.message).toContain(`Access denied - path outside allowed directories: ${join(dir, 'outside.txt')}`);
      expect(error?.hint).not.toMatch(/narrower wording/);
    }
    // Four refusals with a breaker threshold of three: the server is still trusted, and nothing fell back.
    expect(cos.orchestration.breakerStates().filter((breaker) => breaker.state !== 'closed').map((breaker) => breaker.name)).not.toContain('files__read_text_file');
    expect(fallbackRows().length).toBe(rowsBefore);
    expect(await cos.callTool('files__read_text_file', { path: join(dir, 'files', 'plan.txt') })).toMatchObject({ ok: true });
  });

  it('does not fall back on a file operation', async () => {
    const rowsBefore = fallbackRows().length;
    const result = await cos.callTool('files__read_text_file', { path: join(dir, 'files', 'missing.txt') });
    expect(result.ok).toBe(false);
    expect(fallbackRows().length).toBe(rowsBefore);
  });
});
