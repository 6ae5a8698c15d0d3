#!/usr/bin/env node
/**
 * Keeps each library's public face small: every name exported from `libs/<lib>/src/index.ts` must be imported by
 * another project (an app, another library, the benchmarks) or listed in the library README's "Public API" section
 * (what embedders may use although nothing here does). Run by `npm run lint`; exits 1 naming each export that is
 * neither, so a new export arrives together with its user or its documentation.
 *
 * `--report` prints, per library, how many names the root exports and how many of them are used elsewhere.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const SKIP = new Set(['node_modules', 'dist', 'out-tsc', '.nx', 'tmp', 'coverage']);

function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|mts|mjs|js)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Names in an export or import list: `a, type B, c as d` → the names as the module exports them. */
function listNames(list) {
  return list
    .split(',')
    .map((part) => part.replace(/\/\/.*$/gm, '').trim())
    .filter(Boolean)
    .map((part) => part.replace(/^type\s+/, '').split(/\s+as\s+/)[0].trim());
}

function exportedNames(indexFile) {
  const text = readFileSync(indexFile, 'utf8');
  const names = new Set();
  for (const match of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) for (const name of listNames(match[1])) names.add(name);
  for (const match of text.matchAll(/export\s+(?:declare\s+)?(?:const|let|function|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g)) names.add(match[1]);
  return names;
}

/** Names each file imports (or re-exports) from `@chief-of-staff/<lib>` (the root, not subpaths). */
function importedNames(file, packageName) {
  const text = readFileSync(file, 'utf8');
  const quoted = `['"]${packageName.replace('/', '\\/')}['"]`;
  const names = new Set();
  const patterns = [
    new RegExp(`(?:import|export)\\s+(?:type\\s+)?\\{([^}]*)\\}\\s+from\\s+${quoted}`, 'g'),
    new RegExp(`\\{([^}]*)\\}\\s*=\\s*await\\s+import\\(\\s*${quoted}\\s*\\)`, 'g'),
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) for (const name of listNames(match[1])) names.add(name);
  // `typeof import('@chief-of-staff/x')` or a namespace import uses the whole module: count every export as used.
  if (new RegExp(`(?:import\\s+\\*\\s+as\\s+\\w+\\s+from\\s+${quoted})|(?:typeof\\s+import\\(\\s*${quoted}\\s*\\))`).test(text)) names.add('*');
  return names;
}

/** Backticked names in the README's "Public API" section. */
function documentedNames(readme) {
  let text;
  try {
    text = readFileSync(readme, 'utf8');
  } catch {
    return new Set();
  }
  const section = /^##\s+Public API\s*$([\s\S]*?)(?=^##\s|(?![\s\S]))/m.exec(text)?.[1] ?? '';
  return new Set([...section.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((match) => match[1]));
}

const libs = readdirSync(join(root, 'libs')).filter((name) => statSync(join(root, 'libs', name, 'src', 'index.ts'), { throwIfNoEntry: false }));
const everyFile = [...sourceFiles(join(root, 'apps')), ...sourceFiles(join(root, 'libs')), ...sourceFiles(join(root, 'tools'))];
const report = process.argv.includes('--report');
let failures = 0;

for (const lib of libs) {
  const libDir = join(root, 'libs', lib);
  const packageName = JSON.parse(readFileSync(join(libDir, 'package.json'), 'utf8')).name;
  const exported = exportedNames(join(libDir, 'src', 'index.ts'));
  const used = new Set();
  for (const file of everyFile) {
    if (file.startsWith(`${libDir}/`)) continue;
    for (const name of importedNames(file, packageName)) used.add(name);
  }
  const documented = documentedNames(join(libDir, 'README.md'));
  const everything = used.has('*');
  const unused = [...exported].filter((name) => !everything && !used.has(name) && !documented.has(name));
  if (report) {
    const usedCount = [...exported].filter((name) => everything || used.has(name)).length;
    console.log(`${packageName}: ${exported.size} root exports, ${usedCount} used by other projects, ${documented.size} documented`);
  }
  for (const name of unused) {
    failures += 1;
    console.log(`${relative(root, join(libDir, 'src', 'index.ts'))}: \`${name}\` is exported but no other project imports it and README.md's "Public API" does not list it`);
  }
}
console.log(failures === 0 ? 'public exports: every root export is used or documented' : `public exports: ${failures} export(s) neither used nor documented`);
process.exit(failures === 0 ? 0 : 1);
