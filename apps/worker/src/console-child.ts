/**
 * With `console.enabled`, the worker also serves the web console (docs/console.md): the console app runs as a child
 * process (ADR 0084) on `console.host:console.port`, the worker logs its address and a one-time sign-in link, and
 * stops it when it stops. The child watches its stdin, which only the worker holds: if the worker dies without
 * stopping it, the pipe closes and the console exits too. A `console.host` other machines can reach needs
 * `console.allowRemote`, as `cos ui --host` needs `--allow-remote`: the console speaks plain HTTP.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isLoopbackHost, stopChildProcess } from '@chief-of-staff/core';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';

/** How long the console may take to start (it loads the libraries) before the worker gives up on it. */
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export interface ConsoleChild {
  readonly url: string;
  close(): Promise<void>;
}

export function consoleEntry(): string {
  return fileURLToPath(import.meta.resolve('@chief-of-staff/console'));
}

export async function startConsoleChild(cos: Pick<ChiefOfStaff, 'config' | 'logger'>): Promise<ConsoleChild | null> {
  const settings = cos.config.console;
  if (!settings.enabled) return null;
  const remote = !isLoopbackHost(settings.host);
  if (remote && !settings.allowRemote) {
    throw new Error(
      `The web console (console.enabled) would listen on console.host ${settings.host}, which other machines can reach, over plain ` +
        "HTTP: the owner's token (sign-in links, the sign-in form) and the session cookie would travel unencrypted. Set console.host " +
        'to 127.0.0.1 and reach it through an SSH tunnel, or put a TLS reverse proxy in front and set console.allowRemote: true.',
    );
  }
  const args = [consoleEntry(), '--port', String(settings.port), '--host', settings.host, '--with-parent', ...(remote ? ['--allow-remote'] : [])];
  const child = spawn(process.execPath, args, {
    // stderr is the worker's own: the console's log lines and errors land where the worker's do.
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  const started = await new Promise<{ url: string; link: string } | { failed: string }>((resolve) => {
    const timer = setTimeout(() => resolve({ failed: `it did not say it was ready within ${START_TIMEOUT_MS / 1000} s` }), START_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const url = /^Console: (\S+)$/m.exec(output)?.[1];
      const link = /(https?:\/\/\S+\/sign-in\?code=\S+)/.exec(output)?.[1];
      if (url && link) {
        clearTimeout(timer);
        resolve({ url, link });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ failed: `it exited with code ${code ?? 'none'} (its message is above)` });
    });
  });
  if ('failed' in started) {
    await stopChildProcess(child, STOP_TIMEOUT_MS);
    throw new Error(
      `The web console (console.enabled) could not start: ${started.failed}. If console.port ${settings.port} is in use, set console.port ` +
        'to a free port; or set console.enabled to false to run the worker without it.',
    );
  }
  cos.logger.info({ console: started.url, signIn: started.link }, 'web console started; open the one-time sign-in link (valid 15 minutes; `cos ui --link` prints a new one)');
  let stopping = false;
  child.on('exit', (code, signal) => {
    if (!stopping) cos.logger.error({ code, signal }, 'the web console stopped unexpectedly; restart the worker to serve it again');
  });
  return {
    url: started.url,
    async close() {
      stopping = true;
      await stopChildProcess(child, STOP_TIMEOUT_MS);
    },
  };
}
