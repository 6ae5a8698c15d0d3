/**
 * The docs run as written: every `cos …` / `npx cos …` command in a sh/bash block of README.md and docs/*.md is run
 * against a fresh data directory (one per page, in page order) and must exit 0. Usage synopses, commands that run
 * until stopped, and commands that need a model key or the reader's own files are skipped, each with its reason; a
 * command that runs until stopped is still started for a moment, so an option the docs show that does not exist fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { CLI_MAIN } from './run-cli.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => join('docs', name))];

const SKIPS: Array<[RegExp, string]> = [
  [/<[a-z][^>]*>|\s\[-|\s\[[a-z]/i, 'a usage synopsis, not a command'],
  [/^cos (serve|worker)\b/, 'runs until stopped'],
  [/^cos ui(?! --link)\b/, 'runs until stopped'],
  [/^cos (ask|agents (run|create))\b/, 'needs a model API key'],
  // A run that fails exits 1; the documented example runs an agent.
  [/^cos schedule run weekly_review\b/, 'runs an agent task: needs a model API key'],
  [/~\/Documents\//, "needs the reader's own export files"],
];

/** The commands of one page: continuation lines joined, `npx cos` read as `cos`. */
function commandsOf(markdown: string): string[] {
  const commands: string[] = [];
  for (const block of markdown.matchAll(/```(?:sh|bash)\n([^]*?)```/g)) {
    const joined = (block[1] ?? '').replace(/\\\n\s*/g, ' ');
    for (const line of joined.split('\n')) {
      const command = line.trim().replace(/^npx cos\b/, 'cos');
      if (/^cos\b/.test(command)) commands.push(command);
    }
  }
  return commands;
}

/** Options or commands the CLI does not know, as commander words its refusal. */
const UNKNOWN_USAGE = /error: (unknown option|unknown command|too many arguments|option '[^']*' argument missing)/;

function run(command: string, home: string, stopAfterSeconds?: number): { status: number | null; output: string } {
  const launcher = stopAfterSeconds === undefined ? '' : `timeout -s TERM ${stopAfterSeconds} `;
  const result = spawnSync('bash', ['-c', `set -o pipefail; cos() { ${launcher}"${process.execPath}" "${CLI_MAIN}" "$@"; }; ${command}`], {
    cwd: home,
    env: { PATH: process.env['PATH'] ?? '', HOME: home, COS_DATA_DIR: join(home, 'data'), COS_TIMEZONE: 'UTC' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`.slice(-1_500) };
}

describe('commands in the docs', () => {
  it('run as written', () => {
    const failures: string[] = [];
    let ran = 0;
    for (const page of PAGES) {
      const commands = commandsOf(readFileSync(join(ROOT, page), 'utf8'));
      if (commands.length === 0) continue;
      const home = mkdtempSync(join(tmpdir(), 'cos-doc-'));
      mkdirSync(join(home, '.config', 'fish', 'completions'), { recursive: true });
      try {
        for (const command of commands) {
          const skip = SKIPS.find(([pattern]) => pattern.test(command));
          if (skip?.[1] === 'runs until stopped') {
            // Started on a free port for three seconds: only a refusal of the command line itself is a failure here.
            const onFreePort = /^cos (serve|ui)\b/.test(command) && !/\s--port\b/.test(command);
            const started = run(onFreePort ? `${command} --port 0` : command, home, 3);
            if (UNKNOWN_USAGE.test(started.output)) failures.push(`${page}: \`${command}\` is refused: ${started.output}`);
            continue;
          }
          if (skip) continue;
          ran += 1;
          const { status, output } = run(command, home);
          if (status !== 0) failures.push(`${page}: \`${command}\` exited ${status}\n${output}`);
        }
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    }
    expect(ran).toBeGreaterThan(15);
    expect(failures).toEqual([]);
  }, 600_000);
});
