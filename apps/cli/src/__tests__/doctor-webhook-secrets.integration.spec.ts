/**
 * `cos doctor` checks each webhook source's secret as the worker will read it, against the built CLI: a reference that
 * resolves, one naming an unset variable (named, with the fix), a literal in the file and a source with no secret; and a
 * retired setting still in the same file, which no longer stops the command but is reported for deletion.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { createCliSandbox } from './run-cli.js';

const sandbox = createCliSandbox('doctor-webhooks');

interface Check {
  name: string;
  status: string;
  detail: string;
}

beforeAll(() => {
  mkdirSync(sandbox.dataDir, { recursive: true });
  writeFileSync(
    join(sandbox.dataDir, 'cos.config.yaml'),
    [
      'webhooks:',
      '  sources:',
      '    github:',
      '      secret: ${COS_TEST_GITHUB_SECRET}',
      '    monitoring:',
      '      secret: env:COS_TEST_MON_SECRET',
      '    stripe:',
      '      secret: whsec-LITERAL-0001',
      '    open: {}',
      'skills:',
      '  autoCreate: true',
      '',
    ].join('\n'),
  );
});

describe('cos doctor and webhook sources', () => {
  it('reports each source: resolved, unset (naming the variable), literal, missing', async () => {
    const doctor = await sandbox.run(['doctor', '--json'], { COS_TEST_GITHUB_SECRET: 'gh-secret-value' });
    const checks = doctor.json<{ checks: Check[] }>().checks;
    const byName = Object.fromEntries(checks.filter((check) => check.name.startsWith('webhook source: ')).map((check) => [check.name.slice(16), check]));
    expect(byName['github']).toMatchObject({ status: 'ok', detail: 'secret read from COS_TEST_GITHUB_SECRET' });
    expect(byName['monitoring']).toMatchObject({ status: 'fail', detail: expect.stringContaining('webhooks.sources.monitoring.secret refers to the environment variable COS_TEST_MON_SECRET, which is not set') });
    expect(byName['stripe']).toMatchObject({ status: 'warn', detail: expect.stringContaining('env:NAME') });
    expect(byName['open']).toMatchObject({ status: 'fail', detail: expect.stringContaining('401') });
    expect(doctor.stdout).not.toContain('gh-secret-value');
    expect(doctor.stdout).not.toContain('whsec-LITERAL-0001');
  });

  it('reports a retired setting as a warning to delete it, and runs', async () => {
    const doctor = await sandbox.run(['doctor', '--json'], { COS_TEST_GITHUB_SECRET: 'gh-secret-value' });
    const retired = doctor.json<{ checks: Check[] }>().checks.find((check) => check.name === 'retired setting skills.autoCreate');
    expect(retired).toMatchObject({ status: 'warn', detail: expect.stringContaining('delete it from') });
  });
});
