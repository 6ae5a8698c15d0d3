import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolContext, isToolError, loadConfig, runTool, type AnyToolDefinition } from '@chief-of-staff/core';
import { createTestMemoryStore, type TestMemoryStore } from '@chief-of-staff/sqlite/testing';
import { resolveAnthropicSettings } from '../runtime/anthropic-model-client.js';
import { createToolCatalogue } from '../runtime/tool-port.js';
import { startFakeMessagesServer, textTurn, type FakeMessagesServer } from '../testing/fake-messages-server.js';
import { agentTools } from '../tools/agent-tools.js';
import { createAgentsRuntime } from './create-agents-runtime.js';

let server: FakeMessagesServer | undefined;
let store: TestMemoryStore | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await server?.close();
  await store?.cleanup();
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  server = store = dataDir = undefined;
});

describe('resolveAnthropicSettings', () => {
  it('reads the key and base URL from config (env: references) or the environment', () => {
    expect(resolveAnthropicSettings(undefined, { ANTHROPIC_API_KEY: 'k1', ANTHROPIC_BASE_URL: 'http://127.0.0.1:1' })).toEqual({
      apiKey: 'k1',
      baseURL: 'http://127.0.0.1:1',
    });
    expect(resolveAnthropicSettings({ anthropic: { apiKey: 'env:MY_KEY', baseUrl: 'http://gw' } }, { MY_KEY: 'k2' })).toEqual({
      apiKey: 'k2',
      baseURL: 'http://gw',
    });
    expect(resolveAnthropicSettings(undefined, {})).toEqual({ apiKey: undefined, baseURL: undefined });
  });
});

describe('createAgentsRuntime', () => {
  it('wires a working runtime from config and ANTHROPIC_* environment variables, recording into the store', async () => {
    server = await startFakeMessagesServer({ script: [textTurn('Here is your plan.')] });
    dataDir = mkdtempSync(join(tmpdir(), 'cos-runtime-'));
    const env = { COS_DATA_DIR: dataDir, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url };
    const config = loadConfig({ env });
    store = createTestMemoryStore();
    const services: Record<string, unknown> = { memory: store };
    const service = createAgentsRuntime({ config, catalogue: createToolCatalogue([]), services, store, env });
    expect(services['agents']).toBe(service);
    expect(service.registry.userDir).toBe(join(dataDir, 'agents'));
    expect(service.registry.get('weekly_planner')?.origin).toBe('builtin');

    const runAgent = agentTools.find((tool) => tool.name === 'run_agent') as unknown as AnyToolDefinition;
    const outcome = await runTool(runAgent, { name: 'weekly_planner', instruction: 'Plan my week' }, createToolContext({ services }));
    expect(outcome.ok && outcome.value).toMatchObject({ status: 'completed', text: 'Here is your plan.', model: 'claude-sonnet-4-6' });
    expect(server.requests[0]?.headers['x-api-key'] ?? server.requests[0]?.headers.authorization).toContain('test-key');
    expect((await store.agentRuns.list({}, {})).items).toMatchObject([{ agentName: 'weekly_planner', status: 'completed' }]);
  });

  it('fails a run fast without an API key, with instructions', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-runtime-'));
    const env = { COS_DATA_DIR: dataDir };
    const services: Record<string, unknown> = {};
    const service = createAgentsRuntime({ config: loadConfig({ env }), catalogue: createToolCatalogue([]), services, env });
    const entry = service.registry.require('weekly_planner');
    const failure = await service.runner.run(entry.config, 'x').catch((error: unknown) => error);
    expect(isToolError(failure) && failure.code).toBe('NOT_CONFIGURED');
    expect(String((failure as Error).message)).toContain('ANTHROPIC_API_KEY');
  });
});
