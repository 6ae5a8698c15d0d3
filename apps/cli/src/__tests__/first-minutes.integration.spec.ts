/**
 * The first ten minutes with `cos`: the linked binary runs, `--version`, `cos init` sets things up with real paths,
 * output piped into `head` ends quietly, mistyped names get suggestions in CLI words, and completion scripts complete.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeMessagesServer, textTurn } from '@chief-of-staff/agents/testing';
import { CLI_MAIN, createCliSandbox, type CliSandbox } from './run-cli.js';

const LAUNCHER = resolve(import.meta.dirname, '..', '..', 'bin', 'cos.mjs');
const VERSION = (JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

describe('the first minutes with cos', () => {
  let cli: CliSandbox;

  beforeAll(() => {
    cli = createCliSandbox('first');
  });

  afterAll(() => cli.remove());

  it('prints its version, through the launcher npm links as `cos` too', async () => {
    expect((await cli.run(['--version'])).stdout.trim()).toBe(VERSION);
    expect(execFileSync(process.execPath, [LAUNCHER, '--version'], { encoding: 'utf8' }).trim()).toBe(VERSION);
  });

  it('init creates the data dir and a config that loads, and prints connection settings with real paths', async () => {
    const run = await cli.run(['init', '--json']);
    expect(run.code).toBe(0);
    const result = run.json<{ data_dir: string; config_file: string; config_created: boolean; claude_code: string; http: { claude_code: string } }>();
    expect(result).toMatchObject({ data_dir: cli.dataDir, config_file: join(cli.dataDir, 'cos.config.yaml'), config_created: true });
    expect(result.claude_code).toContain(`COS_DATA_DIR=${cli.dataDir}`);
    expect(result.http.claude_code).toContain(`$(cat ${join(cli.dataDir, 'mcp-http-token')})`);
    expect(result.http.claude_code).not.toContain('<token file>');
    expect((await cli.run(['init', '--json'])).json<{ config_created: boolean }>().config_created).toBe(false);
    expect((await cli.run(['doctor'])).code).toBe(0);
  });

  it('stats on a fresh install says "not enough samples" rather than PASS or FAIL', async () => {
    const fresh = createCliSandbox('fresh-stats');
    try {
      expect((await fresh.run(['memory', 'add', 'work', 'team', 'Platform'])).code).toBe(0);
      expect((await fresh.run(['memory', 'list'])).code).toBe(0);
      const stats = await fresh.run(['stats']);
      expect(stats.code).toBe(0);
      expect(stats.stdout).toMatch(/tool_error_rate .*not enough samples \(needs 20\)\s+\(n=2\)/);
      expect(stats.stdout).toMatch(/fallback_recovery .*no data/);
      expect(stats.stdout).not.toMatch(/PASS|FAIL/);
      const json = (await fresh.run(['stats', '--json'])).json<{ metrics: { name: string; pass: boolean | null; min_samples: number }[] }>();
      expect(json.metrics.map((metric) => [metric.name, metric.pass, metric.min_samples])).toEqual([
        ['tool_error_rate', null, 20],
        ['fallback_recovery', null, 20],
        ['latency_accuracy', null, 20],
        ['truncation_rate', null, 20],
      ]);
    } finally {
      fresh.remove();
    }
  });

  it('ends quietly, with status 0, when the reader of a pipe stops early', () => {
    for (const args of [['tools'], ['tools', '--json'], ['memory', 'search', 'x'], ['docs', 'list']]) {
      const piped = spawnSync('bash', ['-c', `"${process.execPath}" "${CLI_MAIN}" ${args.join(' ')} | head -c 1 > /dev/null; echo "status:\${PIPESTATUS[0]}"`], {
        env: { PATH: process.env['PATH'] ?? '', COS_DATA_DIR: cli.dataDir, HOME: cli.dataDir },
        encoding: 'utf8',
      });
      expect(piped.stdout.trim()).toBe('status:0');
      expect(piped.stderr).not.toMatch(/EPIPE|at .*\.js:\d+/);
    }
  });

  it('suggests the closest names in CLI words', async () => {
    const tool = await cli.run(['call', 'stor_fact', '{}']);
    expect(tool.code).toBe(1);
    expect(tool.stdout + tool.stderr).toContain('Did you mean store_fact?');
    expect(tool.stdout + tool.stderr).toContain('cos tools');
    const agent = await cli.run(['agents', 'run', 'chief_of_staf', 'hello']);
    expect(agent.stdout + agent.stderr).toMatch(/Did you mean chief_of_staff\?[^]*cos agents list/);
  });

  it('prints completion scripts that complete commands, sub-commands and options', () => {
    const complete = (words: string[]) =>
      spawnSync('bash', ['-c', `source <("${process.execPath}" "${CLI_MAIN}" completion bash); COMP_WORDS=(${words.join(' ')}); COMP_CWORD=${words.length - 1}; _cos; echo "\${COMPREPLY[@]}"`], { encoding: 'utf8' }).stdout.trim();
    expect(complete(['cos', 'mem'])).toBe('memory');
    expect(complete(['cos', 'memory', 'se'])).toBe('search');
    expect(complete(['cos', 'memory', 'search', '--js'])).toBe('--json');
    const fish = spawnSync(process.execPath, [CLI_MAIN, 'completion', 'fish'], { encoding: 'utf8' }).stdout;
    expect(fish).toContain("complete -c cos -n '__fish_use_subcommand' -a 'memory'");
    expect(spawnSync(process.execPath, [CLI_MAIN, 'completion', 'tcsh'], { encoding: 'utf8' }).status).toBe(2);
    expect(existsSync(LAUNCHER)).toBe(true);
  });
});

describe('cos on a terminal and in a pipe', () => {
  const ESC = '\u001b[';

  /** Runs `cos …` under a pseudo-terminal (util-linux `script`), as a person at a terminal would. */
  function onTerminal(args: string, env: Record<string, string> = {}): string {
    return spawnSync('script', ['-qec', `"${process.execPath}" "${CLI_MAIN}" ${args}`, '/dev/null'], {
      env: { PATH: process.env['PATH'] ?? '', HOME: tmpdir(), COS_DATA_DIR: join(tmpdir(), 'cos-tty-test'), TERM: 'xterm', ...env },
      encoding: 'utf8',
    }).stdout;
  }

  it('colours on a terminal; none when piped or with NO_COLOR', () => {
    expect(onTerminal('doctor')).toContain(`${ESC}32m`);
    expect(onTerminal('doctor', { NO_COLOR: '1' })).not.toContain(ESC);
    const piped = spawnSync(process.execPath, [CLI_MAIN, 'doctor'], { env: { PATH: process.env['PATH'] ?? '', COS_DATA_DIR: join(tmpdir(), 'cos-tty-test') }, encoding: 'utf8' });
    expect(piped.stdout).not.toContain(ESC);
    expect(piped.stderr).not.toContain(ESC);
  });

  it('shows a progress bar while ingesting on a terminal, and none when piped', () => {
    const folder = mkdtempSync(join(tmpdir(), 'cos-tty-docs-'));
    for (const name of ['a', 'b', 'c']) writeFileSync(join(folder, `${name}.md`), `# Note ${name}\n\nThe quarterly plan for team ${name}.\n`);
    const env = { COS_DOCUMENTS_ALLOWED_ROOTS: folder, COS_DATA_DIR: join(folder, 'data') };
    const terminal = onTerminal(`docs ingest ${folder}`, env);
    expect(terminal).toContain('Ingesting [');
    expect(terminal).toContain('100%');
    const piped = spawnSync(process.execPath, [CLI_MAIN, 'docs', 'ingest', folder], { env: { PATH: process.env['PATH'] ?? '', HOME: folder, ...env }, encoding: 'utf8' });
    expect(piped.status).toBe(0);
    expect(piped.stdout + piped.stderr).not.toContain('Ingesting [');
    rmSync(folder, { recursive: true, force: true });
  });
});

describe('Ctrl-C during a long command', () => {
  it('stops with one line and status 130, no stack trace', async () => {
    const model = await startFakeMessagesServer({ script: [textTurn('too late', { delayMs: 20_000 })] });
    const dataDir = mkdtempSync(join(tmpdir(), 'cos-sigint-'));
    try {
      const child = spawn(process.execPath, [CLI_MAIN, 'ask', 'What is on today?'], {
        env: { PATH: process.env['PATH'] ?? '', HOME: dataDir, COS_DATA_DIR: dataDir, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      // Wait until the question has reached the model, then interrupt.
      for (let waited = 0; model.messageRequests().length === 0 && waited < 20_000; waited += 50) await new Promise((done) => setTimeout(done, 50));
      child.kill('SIGINT');
      const code = await new Promise<number | null>((done) => child.on('exit', (exitCode) => done(exitCode)));
      expect(code).toBe(130);
      expect(stderr.trim().split('\n').at(-1)).toBe('Interrupted.');
      expect(stderr).not.toMatch(/at .*\.js:\d+/);
    } finally {
      await model.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});
