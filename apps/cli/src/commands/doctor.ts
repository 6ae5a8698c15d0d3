/**
 * `cos doctor`: prints the effective configuration (secrets redacted) and checks each part, so a user can see
 * at a glance what works on this machine and what to fix. Exit code 1 when a check failed.
 */
import { accessSync, constants } from 'node:fs';
import type { Command } from 'commander';
import { isCosError, loadConfig, redactConfig, resolveSecret, type CosConfig } from '@chief-of-staff/core';

export interface DoctorCheck {
  name: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
}

export function runDoctorChecks(config: CosConfig): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
  try {
    accessSync(config.dataDir, constants.W_OK);
    checks.push({ name: 'data directory', status: 'ok', detail: config.dataDir });
  } catch {
    checks.push({ name: 'data directory', status: 'fail', detail: `${config.dataDir} is not writable; set COS_DATA_DIR to a writable directory.` });
  }
  checks.push({
    name: 'configuration file',
    status: 'ok',
    detail: config.configFile ?? `none (defaults in use; create ${config.dataDir}/cos.config.yaml to change them)`,
  });
  checks.push({ name: 'time zone', status: 'ok', detail: config.timezone });
  const apiKey = resolveSecret(config.anthropic.apiKey);
  checks.push(
    apiKey
      ? { name: 'model API key', status: 'ok', detail: `set${config.anthropic.baseUrl ? `; endpoint ${config.anthropic.baseUrl}` : ''}` }
      : {
          name: 'model API key',
          status: 'warn',
          detail: 'ANTHROPIC_API_KEY is not set: memory, documents and data tools work; expert agents need it.',
        },
  );
  return checks;
}

export function registerDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .description('Show the effective configuration and check every part.')
    .option('--json', 'print machine-readable JSON')
    .action((options: { json?: boolean }) => {
      let config: CosConfig;
      try {
        config = loadConfig();
      } catch (error) {
        process.stderr.write(`${isCosError(error) ? error.message : String(error)}\n`);
        process.exitCode = 2;
        return;
      }
      const checks = runDoctorChecks(config);
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ config: redactConfig(config), checks }, null, 2)}\n`);
      } else {
        const mark = { ok: '✓', warn: '!', fail: '✗' } as const;
        process.stdout.write('Chief of Staff — doctor\n\n');
        for (const check of checks) process.stdout.write(`${mark[check.status]} ${check.name}: ${check.detail}\n`);
      }
      if (checks.some((check) => check.status === 'fail')) process.exitCode = 1;
    });
}
