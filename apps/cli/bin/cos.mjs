#!/usr/bin/env node
/**
 * The `cos` command as npm links it (`npx cos …` in this checkout, or `npm link` for your PATH). It runs the built CLI;
 * when this checkout has not been built yet it builds the CLI once first, saying so, instead of failing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(main)) {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  process.stderr.write('cos has not been built in this checkout yet; building it now (once, about a minute)…\n');
  const built = spawnSync('npx', ['nx', 'bundle', '@chief-of-staff/cli', '--output-style=static'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0 || !existsSync(main)) {
    process.stderr.write('The build failed. Run `npm run build` in the repository to see why.\n');
    process.exit(1);
  }
}
await import(main.href);
