#!/usr/bin/env node
/**
 * Keeps the sources self-contained: comments and strings in libs/, apps/ and tools/ must not cite documents that are
 * not in the repository (a "SPEC §" section, or the design notes kept beside the checkout in a sibling `shared`
 * folder). Cite docs/ or an ADR instead. Run by `npm run lint`; exits 1 naming each file and line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const SKIP = new Set(['node_modules', 'dist', 'out-tsc', '.nx', 'tmp', 'coverage']);
const SOURCE = /\.(ts|mts|cts|mjs|cjs|js|sh)$/;
// `../shared/…` imports of a library's own `src/shared` folder are fine; the outside notes are DESIGN/TOOLCHAIN/SPEC files.
const FORBIDDEN = [
  { pattern: /SPEC\s*§/, why: 'cites a spec section outside the repository' },
  { pattern: /(?:\.\.\/)+shared\/(?:DESIGN|TOOLCHAIN|SPEC)\b|\/work\/shared\b/, why: 'points at notes outside the repository' },
];
const SELF = relative(root, import.meta.filename);

function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const problems = [];
for (const top of ['libs', 'apps', 'tools']) {
  for (const file of sourceFiles(join(root, top))) {
    const where = relative(root, file);
    if (where === SELF) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const { pattern, why } of FORBIDDEN) if (pattern.test(line)) problems.push(`${where}:${index + 1}: ${why}: ${line.trim().slice(0, 120)}`);
      });
  }
}

if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n\nCite docs/ or an ADR (docs/adr/) instead; the sources must stand on their own.\n`);
  process.exit(1);
}
