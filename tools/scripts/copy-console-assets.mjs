#!/usr/bin/env node
/**
 * `node tools/scripts/copy-console-assets.mjs <console app dir>`: copies the console's static files into
 * `dist/assets/` after bundling: its stylesheet and island script from `src/assets/`, and uPlot's script and
 * stylesheet from the installed package. The console serves them itself, so it works offline (no CDN).
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const appDir = resolve(process.argv[2] ?? '.');
const target = join(appDir, 'dist', 'assets');
mkdirSync(target, { recursive: true });
const source = join(appDir, 'src', 'assets');
for (const name of readdirSync(source)) copyFileSync(join(source, name), join(target, name));
const require = createRequire(join(appDir, 'package.json'));
for (const name of ['uPlot.iife.min.js', 'uPlot.min.css']) copyFileSync(require.resolve(`uplot/dist/${name}`), join(target, name));
console.log(`copied the console's assets to ${target}`);
