#!/usr/bin/env node
/**
 * Starts the web console: `node apps/console/dist/main.js [--port N] [--host H] [--allow-remote]` (what `cos ui` and
 * the worker run). `COS_DATA_DIR` selects the data. Prints the console's address and a one-time sign-in link on
 * stdout; logs go to stderr. A host other machines can reach needs `--allow-remote` (or `console.allowRemote`) and
 * is warned about at every start. `--link` prints a new sign-in link for the console already running on that port
 * and exits; `--with-parent` (the worker) stops the console when its stdin closes.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

function parsePort(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port must be a whole number from 0 to 65535, got "${value}".`);
  return port;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      link: { type: 'boolean', default: false },
      'allow-remote': { type: 'boolean', default: false },
      // Started by the worker: stop when its end of our stdin closes, even if it died without stopping us.
      'with-parent': { type: 'boolean', default: false },
    },
  });
  const port = parsePort(values.port);
  if (values.link) {
    const { printSignInLink } = await import('./server/print-sign-in-link.js');
    await printSignInLink({ ...(port === undefined ? {} : { port }), ...(values.host === undefined ? {} : { host: values.host }) });
    return;
  }
  const [{ createChiefOfStaff }, { startConsoleServer }, { remoteBindWarning }, { consoleSections }] = await Promise.all([
    import('@chief-of-staff/sdk'),
    import('./server/start-console-server.js'),
    import('./server/remote-bind.js'),
    import('./sections.js'),
  ]);
  const cos = await createChiefOfStaff();
  const host = values.host ?? cos.config.console.host;
  let running;
  try {
    running = await startConsoleServer({
      cos,
      sections: consoleSections,
      assetsDir: join(dirname(fileURLToPath(import.meta.url)), 'assets'),
      port: port ?? cos.config.console.port,
      host,
      allowRemote: values['allow-remote'] || cos.config.console.allowRemote,
    });
  } catch (error) {
    await cos.close({ promptly: true });
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
      throw new Error(`port ${port ?? cos.config.console.port} is in use. If a console already runs there (the worker with console.enabled), run \`cos ui --link\` for a sign-in link; otherwise pick another with --port.`);
    }
    throw error;
  }
  const warning = remoteBindWarning(host);
  if (warning) {
    // At every start, whoever started it: nobody should serve the owner's token over the network by accident.
    process.stderr.write(warning);
    cos.logger.warn({ host }, 'web console bound to a non-loopback address; it speaks plain HTTP');
  }
  cos.logger.info({ url: running.url }, 'console ready');
  // The Documents page's first search would otherwise wait for the embedding model (about a third of a second):
  // loading it now, while the person signs in, keeps that page as quick as the others.
  cos.warmUpSemanticSearch().catch((error: unknown) => cos.logger.warn({ err: error }, 'could not warm up semantic search; the first document search loads it'));
  process.stdout.write(`Console: ${running.url}\nSign in (one-time link, valid 15 minutes): ${running.signInLink()}\n`);
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      process.stderr.write('chief-of-staff console: shutdown took longer than 5 s; exiting now.\n');
      process.exit(1);
    }, 5_000).unref();
    void running
      .close()
      .then(() => cos.close({ promptly: true }))
      .catch(() => undefined)
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  if (values['with-parent']) {
    process.stdin.on('close', shutdown);
    process.stdin.resume();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`chief-of-staff console: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
