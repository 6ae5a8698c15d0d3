import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock, isToolError, type ToolError } from '@chief-of-staff/core';
import { AgentRegistry } from '../registry/agent-registry.js';
import { createAnthropicModelClient } from '../runtime/anthropic-model-client.js';
import { startFakeMessagesServer, textTurn, type FakeMessagesServer, type FakeTurn } from '../testing/fake-messages-server.js';
import { AgentFactory, deriveAgentName, sanitiseAgentName, sanitiseFactoryCapabilities } from './agent-factory.js';

let root: string;
let server: FakeMessagesServer | undefined;
let registry: AgentRegistry;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cos-factory-'));
  mkdirSync(join(root, 'builtin'));
  writeFileSync(
    join(root, 'builtin', 'daily_briefing.yaml'),
    'name: daily_briefing\ndescription: Briefing\nsystem_prompt: Brief.\ncapabilities: [memory_read]\n',
  );
  registry = new AgentRegistry({ builtinDir: join(root, 'builtin'), userDir: join(root, 'user'), rescanIntervalMs: 0 });
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(root, { recursive: true, force: true });
});

async function factoryWith(script: FakeTurn[]): Promise<AgentFactory> {
  server = await startFakeMessagesServer({ script });
  const url = server.url;
  return new AgentFactory({
    model: () => createAnthropicModelClient({ apiKey: 'k', baseURL: url }),
    registry,
    clock: new FakeClock('2026-02-01T10:00:00.000Z'),
    settings: { retry: { maxRetries: 1, initialDelayMs: 10, maxRetryAfterSeconds: 1 } },
  });
}

const proposal = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    name: 'Vendor Contracts',
    description: 'Tracks vendor contracts and renewal dates.',
    system_prompt: '## Role\nYou track vendor contracts.',
    capabilities: ['memory_read', 'document_search'],
    temperature: 0.25,
    ...overrides,
  });

async function failure(promise: Promise<unknown>): Promise<ToolError> {
  const error = await promise.catch((e: unknown) => e);
  if (!isToolError(error)) throw new Error(`expected a ToolError, got ${String(error)}`);
  return error;
}

describe('AgentFactory', () => {
  it('creates and saves an agent from a description (haiku, 2048 tokens, temperature 0.2)', async () => {
    const factory = await factoryWith([textTurn(proposal())]);
    const { agent, warnings } = await factory.create({ description: 'I need an agent for tracking vendor contracts' });
    expect(warnings).toEqual([]);
    expect(agent.origin).toBe('user');
    expect(agent.config).toMatchObject({
      name: 'vendor_contracts',
      description: 'Tracks vendor contracts and renewal dates.',
      capabilities: ['memory_read', 'document_search'],
      temperature: 0.25,
      created_by: 'chief_of_staff',
      created_at: '2026-02-01T10:00:00.000Z',
    });
    expect(registry.get('vendor_contracts')).toBeDefined();
    const [sent] = server?.messageRequests() ?? [];
    expect(sent).toMatchObject({ model: 'claude-haiku-4-5', max_tokens: 2048, temperature: 0.2 });
    expect(String(sent?.system)).toContain('mail_write: ');
    expect(String(sent?.system)).toContain('(restricted — only if allowed)');
    expect(String(sent?.system)).toContain('(legacy — no tools)');
  });

  it('accepts JSON inside a fenced block surrounded by prose', async () => {
    const factory = await factoryWith([textTurn(`Here you go:\n\`\`\`json\n${proposal({ name: 'fenced' })}\n\`\`\`\nEnjoy!`)]);
    expect((await factory.create({ description: 'x' })).agent.config.name).toBe('fenced');
  });

  it('asks once more when the reply is not JSON, then gives NO_RESULT with a preview', async () => {
    const recovered = await factoryWith([textTurn('Sure, I will design it.'), textTurn(proposal({ name: 'second_try' }))]);
    expect((await recovered.create({ description: 'x' })).agent.config.name).toBe('second_try');
    const retryRequest = server?.messageRequests()[1];
    expect(retryRequest?.messages?.at(-1)?.content).toContain('Reply with the JSON object only');
    await server?.close();

    const hopeless = await factoryWith([textTurn('no json here'), textTurn('{"still": "no prompt"}')]);
    const error = await failure(hopeless.create({ description: 'x' }));
    expect(error.code).toBe('NO_RESULT');
    expect(error.message).toBe('The model did not return a usable agent definition; try a more specific description');
    expect(error.details).toEqual({ preview: '{"still": "no prompt"}' });
  });

  it('strips restricted capabilities unless allowed, drops unknown ones and warns', async () => {
    const factory = await factoryWith([
      textTurn(proposal({ name: 'sender', capabilities: ['mail_read', 'mail_write', 'notifications', 'jira_read', 'mail_read'] })),
      textTurn(proposal({ name: 'sender2', capabilities: ['mail_read', 'mail_write', 'notifications'] })),
    ]);
    const stripped = await factory.create({ description: 'x' });
    expect(stripped.agent.config.capabilities).toEqual(['mail_read']);
    expect(stripped.warnings).toEqual([
      'Unknown capabilities dropped: jira_read.',
      'Restricted capabilities removed (pass allow_restricted to keep them): mail_write, notifications.',
    ]);
    const allowed = await factory.create({ description: 'x', allowRestricted: ['mail_write'] });
    expect(allowed.agent.config.capabilities).toEqual(['mail_read', 'mail_write']);
  });

  it('never overwrites an existing agent or a built-in unless asked', async () => {
    const factory = await factoryWith([textTurn(proposal({ name: 'daily_briefing' })), textTurn(proposal({ name: 'daily_briefing' }))]);
    expect((await failure(factory.create({ description: 'x' }))).code).toBe('CONFLICT');
    const replaced = await factory.create({ description: 'x', overwrite: true });
    expect(replaced.agent.origin).toBe('override');
    expect((await failure(factory.create({ description: 'x', name: 'daily_briefing' }))).code).toBe('CONFLICT');
  });

  it('lets the name argument win and rejects a malformed one', async () => {
    const factory = await factoryWith([textTurn(proposal())]);
    expect((await factory.create({ description: 'x', name: 'my_contracts' })).agent.config.name).toBe('my_contracts');
    expect((await failure(factory.create({ description: 'x', name: '../up' }))).code).toBe('INVALID_ARGUMENT');
  });
});

describe('factory sanitising', () => {
  it('cleans names and derives one from the description', () => {
    expect(sanitiseAgentName('  Vendor Contracts!! ')).toBe('vendor_contracts');
    expect(sanitiseAgentName('__x')).toBe('x');
    expect(sanitiseAgentName('???')).toBeUndefined();
    expect(deriveAgentName('I need an agent for tracking vendor contracts and renewals')).toBe('tracking_vendor_contracts_renewals');
    expect(deriveAgentName('!!!')).toBe('custom_agent');
  });

  it('keeps at most 8 capabilities, defaults to memory_read and removes what an agent caller lacks', () => {
    const many = ['memory_read', 'memory_write', 'document_search', 'calendar_read', 'reminders_read', 'mail_read', 'messages_read', 'decision_read', 'delegation_read'];
    const cut = sanitiseFactoryCapabilities(many);
    expect(cut.capabilities).toHaveLength(8);
    expect(cut.warnings[0]).toContain('delegation_read dropped');
    expect(sanitiseFactoryCapabilities('nonsense')).toEqual({
      capabilities: ['memory_read'],
      warnings: ['No usable capabilities were proposed; the agent gets memory_read.'],
    });
    expect(sanitiseFactoryCapabilities(['mail_read', 'calendar_read'], { callerCapabilities: ['calendar_read'] }).capabilities).toEqual([
      'calendar_read',
    ]);
    expect(sanitiseFactoryCapabilities(['calendar_read'], { required: ['memory_read'] }).capabilities).toEqual(['memory_read', 'calendar_read']);
  });
});
