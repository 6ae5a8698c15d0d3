/**
 * Mistakes in create_event_rule are refused with what would fix them: a misspelt agent gets the closest agent names,
 * a source that is neither configured nor has sent events gets the configured names (and the closest one).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

describe('create_event_rule errors', () => {
  let dataDir: string;
  let cos: ChiefOfStaff;
  const rule = (overrides: Record<string, unknown>) =>
    cos.callTool('create_event_rule', { name: `rule-${Math.random().toString(36).slice(2)}`, event_source: 'github', event_type_pattern: 'issues*', agent_name: 'incident_summarizer', ...overrides });

  const ruleCount = async () => {
    const listed = await cos.callTool('list_event_rules', {});
    if (!listed.ok) throw new Error(listed.error.message);
    return (listed.value['items'] as unknown[]).length;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-event-rules-'));
    cos = await createChiefOfStaff({
      dataDir,
      config: { webhooks: { sources: { github: { secret: 'whsec-0123456789' }, stripe: { secret: 'whsec-9876543210' } } } },
      env: {},
      logger: createSilentLogger(),
      semanticRecall: false,
    });
  });

  afterAll(async () => {
    await cos.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('suggests the closest agent for a misspelt one', async () => {
    const result = await rule({ agent_name: 'incident_sumarizer' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('NOT_FOUND');
    expect(result.error.message).toContain('Did you mean incident_summarizer?');
    expect(await ruleCount()).toBe(0);
  });

  it('refuses a source that is not configured, naming the configured ones and the closest', async () => {
    const result = await rule({ event_source: 'gihtub' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('INVALID_ARGUMENT');
    expect(result.error.message).toContain('"gihtub" is not configured (configured: github, stripe)');
    expect(result.error.message).toContain('Did you mean github?');
    expect(result.error.hint).toContain('webhooks.sources');
    expect(await ruleCount()).toBe(0);
  });

  it('accepts a configured source, and one that has already sent events without being configured', async () => {
    expect((await rule({ event_source: 'github' })).ok).toBe(true);
    expect((await rule({ event_source: 'monitoring' })).ok).toBe(false);
    expect((await cos.callTool('ingest_webhook', { source: 'monitoring', event_type: 'disk.full', payload: { host: 'db-2' } })).ok).toBe(true);
    expect((await rule({ event_source: 'monitoring' })).ok).toBe(true);
  });
});
