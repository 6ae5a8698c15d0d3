import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { loadConfig, type CosConfig } from '@chief-of-staff/core';
import { checkHealth, type HealthCheck } from './health-check.js';

function byName(checks: HealthCheck[], name: string): HealthCheck {
  const check = checks.find((candidate) => candidate.name === name);
  if (!check) throw new Error(`no check named ${name}: ${checks.map((c) => c.name).join(', ')}`);
  return check;
}

describe('checkHealth', () => {
  let dataDir: string;
  let config: CosConfig;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-health-'));
    config = loadConfig({ env: {}, overrides: { dataDir } });
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('reports a fresh data directory as working: database migrated, local providers, agents loaded', async () => {
    const checks = await checkHealth(config, { env: {} });

    expect(byName(checks, 'data directory').status).toBe('ok');
    const database = byName(checks, 'database');
    expect(database.status).toBe('ok');
    expect(database.data?.['migrations']).toEqual(expect.any(Number));
    expect(database.data?.['migrations'] as number).toBeGreaterThan(0);
    expect(byName(checks, 'provider: calendar')).toMatchObject({ status: 'ok', data: { setting: 'local' } });
    expect(byName(checks, 'provider: mail').status).toBe('ok');
    expect(byName(checks, 'vector store')).toMatchObject({ status: 'ok', data: { exists: false, documents: 0 } });
    expect(byName(checks, 'embedder')).toMatchObject({ status: 'ok', data: { loaded: false, dims: 512 } });
    expect(byName(checks, 'model API key')).toMatchObject({ status: 'warn', data: { present: false } });
    const agents = byName(checks, 'agents');
    expect(agents.status).toBe('ok');
    expect(agents.data?.['agents'] as number).toBeGreaterThan(0);
    expect(checks.some((check) => check.status === 'fail')).toBe(false);
  });

  it('counts a second open as no new migrations and sees the key when it is set', async () => {
    await checkHealth(config, { env: {} });
    const checks = await checkHealth(config, { env: { ANTHROPIC_API_KEY: 'sk-test' } });
    expect(byName(checks, 'database').data?.['applied_now']).toBe(0);
    expect(byName(checks, 'model API key').status).toBe('ok');
    expect(JSON.stringify(checks)).not.toContain('sk-test');
  });

  it('shows a switched-off provider as a warning that says which key', async () => {
    const off = loadConfig({ env: { COS_PROVIDERS_MAIL: 'none' }, overrides: { dataDir } });
    const mail = byName(await checkHealth(off, { env: {} }), 'provider: mail');
    expect(mail.status).toBe('warn');
    expect(mail.detail).toContain('providers.mail');
  });

  it('counts agent files that failed to load', async () => {
    mkdirSync(config.agents.userDir, { recursive: true });
    writeFileSync(join(config.agents.userDir, 'broken.yaml'), 'name: broken\ndescription: [unclosed\n');
    const agents = byName(await checkHealth(config, { env: {} }), 'agents');
    expect(agents.status).toBe('warn');
    expect(agents.data).toMatchObject({ problems: 1, errors: 1 });
    expect(agents.detail).toContain('broken.yaml');
  });

  it('reports a database it cannot open as a failed check instead of throwing', async () => {
    // A directory where the database file should be cannot be opened as a database.
    mkdirSync(join(dataDir, 'cos.db'));
    const checks = await checkHealth(config, { env: {} });
    expect(byName(checks, 'database').status).toBe('fail');
    expect(byName(checks, 'agents').status).not.toBe('fail');
  });

  it('with deep loads the embedder and reports how long it took', async () => {
    const embedder = byName(await checkHealth(config, { env: {}, deep: true }), 'embedder');
    expect(embedder.status).toBe('ok');
    expect(embedder.data).toMatchObject({ loaded: true, load_ms: expect.any(Number) });
  });
});
