/**
 * `--link`: prints a new one-time sign-in link for a console already running on this machine (the worker's, or
 * another `cos ui`). The link is minted from the HTTP token, which the running console checks it against; nothing is
 * started and the libraries are not loaded.
 */
import { loadConfig, loadOrCreateHttpToken } from '@chief-of-staff/core';
import { mintSignInCode } from './console-auth.js';

/** Whether anything answers HTTP at `url` within a second (the link is useless without a running console). */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

export async function printSignInLink(options: { port?: number; host?: string }): Promise<void> {
  const config = loadConfig();
  const token = loadOrCreateHttpToken(config);
  const host = options.host ?? config.console.host;
  const port = options.port ?? config.console.port;
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const base = `http://${hostPart}:${port}`;
  process.stdout.write(`Sign in (one-time link, valid 15 minutes): ${base}/sign-in?code=${mintSignInCode(token.token)}\n`);
  if (!(await answers(`${base}/sign-in`))) {
    process.stderr.write(`Nothing answers at ${base} yet: start the console with \`cos ui\` (or the worker with console.enabled), then use the link.\n`);
  }
}
