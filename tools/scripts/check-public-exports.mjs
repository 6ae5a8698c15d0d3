#!/usr/bin/env node
/**
 * Keeps each library's public face small: every name exported from `libs/<lib>/src/index.ts` must be imported by
 * another project (an app, another library, the benchmarks) or listed in the library README's "Public API" section
 * (what embedders may use although nothing here does). Run by `npm run lint`; exits 1 naming each export that is
 * neither, so a new export arrives together with its user or its documentation.
 *
 * The same holds for the subpaths listed in SUBPATHS (documented in the README section they name), and a library in
 * RUNTIME_LIMITS may export at most that many runtime names (values, functions, classes; types do not count) from its
 * root: what only the storage adapters share goes out through `@chief-of-staff/stores/adapter-kit` (ADR 0098).
 *
 * `--report` prints, per library, how many names the root exports and how many of them are used elsewhere.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

/** Subpath entries held to the same rule: the entry's source file and the README section that may document names. */
const SUBPATHS = [{ lib: 'stores', subpath: 'adapter-kit', source: 'src/adapter-kit.ts', section: 'Adapter kit' }];
/** At most this many runtime names from a library's root entry. */
const RUNTIME_LIMITS = { stores: 60 };
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

/** The exported names that exist at run time: not in an `export type { … }` list, not marked `type`, not a type declaration. */
function runtimeNames(indexFile) {
  const text = readFileSync(indexFile, 'utf8');
  const names = new Set();
  for (const match of text.matchAll(/export\s+\{([^}]*)\}/g)) {
    for (const part of match[1].split(',')) {
      const item = part.replace(/\/\/.*$/gm, '').trim();
      if (item && !/^type\s/.test(item)) names.add(item.split(/\s+as\s+/).pop().trim());
    }
  }
  for (const match of text.matchAll(/export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|class|enum)\s+([A-Za-z_$][\w$]*)/g)) names.add(match[1]);
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

/** Backticked names in the README's "Public API" section (or another `## ` section). */
function documentedNames(readme, section = 'Public API') {
  let text;
  try {
    text = readFileSync(readme, 'utf8');
  } catch {
    return new Set();
  }
  const heading = new RegExp(`^##\\s+${section}\\s*$([\\s\\S]*?)(?=^##\\s|(?![\\s\\S]))`, 'm');
  const body = heading.exec(text)?.[1] ?? '';
  return new Set([...body.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((match) => match[1]));
}

const libs = readdirSync(join(root, 'libs')).filter((name) => statSync(join(root, 'libs', name, 'src', 'index.ts'), { throwIfNoEntry: false }));
const everyFile = [...sourceFiles(join(root, 'apps')), ...sourceFiles(join(root, 'libs')), ...sourceFiles(join(root, 'tools'))];
const report = process.argv.includes('--report');
let failures = 0;

/** Checks one entry: each exported name is imported by another project or documented in `section` of the README. */
function checkEntry({ libDir, importName, source, section }) {
  const exported = exportedNames(join(libDir, source));
  const used = new Set();
  for (const file of everyFile) {
    if (file.startsWith(`${libDir}/`)) continue;
    for (const name of importedNames(file, importName)) used.add(name);
  }
  const documented = documentedNames(join(libDir, 'README.md'), section);
  const everything = used.has('*');
  const unused = [...exported].filter((name) => !everything && !used.has(name) && !documented.has(name));
  if (report) {
    const usedCount = [...exported].filter((name) => everything || used.has(name)).length;
    console.log(`${importName}: ${exported.size} exports, ${usedCount} used by other projects, ${documented.size} documented`);
  }
  for (const name of unused) {
    failures += 1;
    console.log(`${relative(root, join(libDir, source))}: \`${name}\` is exported but no other project imports it and README.md's "${section}" does not list it`);
  }
}

for (const lib of libs) {
  const libDir = join(root, 'libs', lib);
  const packageName = JSON.parse(readFileSync(join(libDir, 'package.json'), 'utf8')).name;
  checkEntry({ libDir, importName: packageName, source: join('src', 'index.ts'), section: 'Public API' });
  for (const entry of SUBPATHS.filter((candidate) => candidate.lib === lib)) {
    checkEntry({ libDir, importName: `${packageName}/${entry.subpath}`, source: entry.source, section: entry.section });
  }
  const limit = RUNTIME_LIMITS[lib];
  const runtime = limit === undefined ? undefined : runtimeNames(join(libDir, 'src', 'index.ts'));
  if (runtime && runtime.size > limit) {
    failures += 1;
    console.log(`${relative(root, join(libDir, 'src', 'index.ts'))}: ${runtime.size} runtime exports, more than ${limit}; what only adapters share belongs in a subpath`);
  }
}
console.log(failures === 0 ? 'public exports: every root export is used or documented' : `public exports: ${failures} export(s) neither used nor documented`);
process.exit(failures === 0 ? 0 : 1);
