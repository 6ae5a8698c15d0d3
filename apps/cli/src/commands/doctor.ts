/**
 * `cos doctor [--deep]`: prints the effective configuration (secrets redacted) and checks each part — data
 * directory, database and migrations, providers, vector store, embedder, model key, agent files — so a user can
 * see at a glance what works on this machine and what to fix. Exit code 1 when a check failed.
 */
import type { Command } from 'commander';
import { redactConfig } from '@chief-of-staff/core';
import type { HealthCheck } from '@chief-of-staff/sdk';
import { EXIT_FAILED, printJson, printLine } from '../output.js';
import { loadCliConfig, loadSdk } from '../open-cos.js';
import { paint } from '../text.js';

const MARK = { ok: ['✓', 'green'], warn: ['!', 'yellow'], fail: ['✗', 'red'] } as const;

export function renderChecks(checks: readonly HealthCheck[]): string {
  const width = Math.max(...checks.map((check) => check.name.length));
  const lines = checks.map((check) => {
    const [mark, colour] = MARK[check.status];
    return `${paint(colour, mark)} ${check.name.padEnd(width)}  ${check.detail}`;
  });
  const failed = checks.filter((check) => check.status === 'fail').length;
  const warned = checks.filter((check) => check.status === 'warn').length;
  lines.push('', failed > 0 ? paint('red', `${failed} check(s) failed.`) : warned > 0 ? `All essential checks passed; ${warned} warning(s).` : 'All checks passed.');
  return lines.join('\n');
}

export function registerDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .description('Show the effective configuration and check every part.')
    .option('--deep', 'also load the embedder and time it (takes a few seconds)')
    .option('--json', 'print machine-readable JSON')
    .action(async (options: { deep?: boolean; json?: boolean }) => {
      const loaded = loadCliConfig();
      if (!loaded) return;
      const { checkHealth, checkWorkerConfig } = await loadSdk();
      const checks = await checkHealth(loaded.config, { deep: options.deep === true, logger: loaded.logger });
      // A running worker read its configuration when it started: say when it needs a restart to see changes.
      const workerConfig = checkWorkerConfig(loaded.config);
      if (workerConfig) checks.push(workerConfig);
      if (options.json) {
        printJson({ config: redactConfig(loaded.config), checks });
      } else {
        printLine(`${paint('bold', 'Chief of Staff — doctor')}\n`);
        printLine(renderChecks(checks));
      }
      if (checks.some((check) => check.status === 'fail')) process.exitCode = EXIT_FAILED;
    });
}
