/**
 * `cos ui [--port N] [--host H] [--allow-remote] [--open] [--link]`: runs the web console (docs/console.md). The
 * console is its own app; this command starts it as a child process, passes its output through (the address and the
 * one-time sign-in link) and, with `--open`, opens the link in the default browser. `--link` only prints a new sign-in
 * link for a console already running (the worker's, with `console.enabled`). A `--host` other machines can reach is
 * refused by the console unless `--allow-remote` is given.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';

export function consoleEntry(): string {
  return fileURLToPath(import.meta.resolve('@chief-of-staff/console'));
}

const SIGN_IN_LINK = /https?:\/\/\S+\/sign-in\?code=\S+/;

/** The desktop's "open this URL" command; nothing is installed for it, so a failure only prints how to go on. */
function openInBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const opener = spawn(command, [url], { stdio: 'ignore', detached: true });
  opener.on('error', () => process.stderr.write(`Could not start ${command} to open a browser; open the sign-in link above yourself.\n`));
  opener.unref();
}

export function registerUiCommand(program: Command): void {
  program
    .command('ui')
    .description('Run the web console on 127.0.0.1 and print a one-time sign-in link (--open opens it in your browser).')
    .option('--port <port>', 'HTTP port (default console.port, 8767; 0 picks a free one)')
    .option('--host <host>', 'bind address (default console.host, 127.0.0.1)')
    .option('--allow-remote', 'allow a --host other machines can reach (plain HTTP: only with a TLS reverse proxy in front)')
    .option('--open', 'open the sign-in link in the default browser')
    .option('--link', 'only print a new sign-in link for the console already running on that port')
    .action((options: { port?: string; host?: string; allowRemote?: boolean; open?: boolean; link?: boolean }) => {
      const args = [consoleEntry()];
      if (options.port) args.push('--port', options.port);
      if (options.host) args.push('--host', options.host);
      if (options.allowRemote) args.push('--allow-remote');
      if (options.link) args.push('--link');
      const child = spawn(process.execPath, args, { stdio: ['inherit', 'pipe', 'inherit'] });
      let opened = !options.open;
      child.stdout.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        const link = opened ? null : SIGN_IN_LINK.exec(chunk.toString('utf8'));
        if (link) {
          opened = true;
          openInBrowser(link[0]);
        }
      });
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
      child.on('exit', (code, signal) => {
        process.exitCode = code ?? (signal ? 1 : 0);
      });
    });
}
