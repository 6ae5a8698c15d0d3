/**
 * `cos worker` through the built CLI: readable log lines on a terminal (a pseudo-terminal from `script`) and with
 * --pretty-logs, JSON lines when piped and with --json-logs; and `cos doctor` saying a running worker must be
 * restarted once the configuration file changed after it started.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { CLI_MAIN, createCliSandbox } from './run-cli.js';

const sandbox = createCliSandbox('worker');
afterAll(() => sandbox.remove());
const running: ChildProcess[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  }
});

const env = (): Record<string, string> => ({
  PATH: process.env['PATH'] ?? '',
  HOME: sandbox.dataDir,
  COS_DATA_DIR: sandbox.dataDir,
  COS_TIMEZONE: 'UTC',
  COS_SCHEDULER_HEALTH_PORT: '0',
  COS_PROVIDERS_NOTIFICATIONS: 'log',
});

/** Starts `command` and resolves with its output once `until` appears in it. */
function startUntil(command: string, args: string[], until: string): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(command, args, { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for "${until}"; output so far:\n${output}`)), 30_000);
    const take = (chunk: string) => {
      output += chunk;
      if (output.includes(until)) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    };
    child.stdout?.setEncoding('utf8').on('data', take);
    child.stderr?.setEncoding('utf8').on('data', take);
  });
}

const hasScript = spawnSync('script', ['--version']).status === 0;

describe('cos worker logs', () => {
  it('logs JSON lines when piped, and readable lines with --pretty-logs', async () => {
    const piped = await startUntil(process.execPath, [CLI_MAIN, 'worker'], 'worker started');
    expect(piped.output().split('\n').find((line) => line.includes('worker started'))).toMatch(/^\{"level":30,.*"msg":"worker started"\}$/);
    piped.child.kill('SIGTERM');
    await new Promise((done) => piped.child.once('exit', done));
    const pretty = await startUntil(process.execPath, [CLI_MAIN, 'worker', '--pretty-logs'], 'worker started');
    expect(pretty.output()).toMatch(/^\d{2}:\d{2}:\d{2} INFO {2}worker started {2}health=http:\/\/127\.0\.0\.1:\d+\/healthz webhooks=null tickSeconds=\d+/m);
    expect(pretty.output()).not.toContain('{"level"');
  });

  (hasScript ? it : it.skip)('logs readable lines on a terminal, and JSON there with --json-logs', async () => {
    const quote = (args: string[]) => args.map((arg) => `'${arg}'`).join(' ');
    const terminal = await startUntil('script', ['-qfec', quote([process.execPath, CLI_MAIN, 'worker']), '/dev/null'], 'worker started');
    expect(terminal.output()).toMatch(/\d{2}:\d{2}:\d{2} INFO {2}worker started/);
    terminal.child.kill('SIGTERM');
    await new Promise((done) => terminal.child.once('exit', done));
    const json = await startUntil('script', ['-qfec', quote([process.execPath, CLI_MAIN, 'worker', '--json-logs']), '/dev/null'], 'worker started');
    expect(json.output()).toMatch(/\{"level":30,[^\n]*"msg":"worker started"\}/);
  });
});

describe('cos doctor and a running worker', () => {
  it('says the worker must be restarted once the configuration file changed after it started', async () => {
    const configFile = join(sandbox.dataDir, 'cos.config.yaml');
    writeFileSync(configFile, 'scheduler:\n  tickSeconds: 30\n');
    const worker = await startUntil(process.execPath, [CLI_MAIN, 'worker'], 'worker started');
    type Doctor = { checks: Array<{ name: string; status: string; detail: string }> };
    const current = (await sandbox.run(['doctor', '--json'])).json<Doctor>().checks.find((check) => check.name === 'worker configuration');
    expect(current).toMatchObject({ status: 'ok' });
    writeFileSync(configFile, 'scheduler:\n  tickSeconds: 30\nwebhooks:\n  sources:\n    github:\n      secret: whsec-test-0123456789\n');
    const doctor = await sandbox.run(['doctor']);
    expect(doctor.stdout).toContain(`worker configuration`);
    // `cos worker` runs the worker as its child: the pid named is the worker's own.
    expect(doctor.stdout).toMatch(/! worker configuration +the worker \(pid \d+\) runs with an older configuration: .*cos\.config\.yaml changed since it started/);
    expect(doctor.stdout).toContain('restart it');
    worker.child.kill('SIGTERM');
    await new Promise((done) => worker.child.once('exit', done));
    // A stopped worker leaves no record behind: nothing to restart.
    expect((await sandbox.run(['doctor', '--json'])).json<Doctor>().checks.map((check) => check.name)).not.toContain('worker configuration');
  });
});
