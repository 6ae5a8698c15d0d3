#!/usr/bin/env node
/**
 * An app's entry (`dist/main.js`), written by `tools/scripts/bundle-app.mjs` from this template: it runs the app's
 * bundle (`dist/app.cjs`) with a V8 code cache, so a start reuses the bytecode the previous start compiled instead of
 * compiling ~5 MB of JavaScript again (docs/adr/0024-code-cache.md).
 *
 * The cache lives in the user's cache directory (`$XDG_CACHE_HOME/chief-of-staff/code`, else `~/.cache/…`, or the
 * directory `COS_CODE_CACHE` names; `COS_CODE_CACHE=off` turns it off). V8 runs the bytecode it finds there, so only a
 * directory this user owns and nobody else can write to is used. V8 itself refuses a cache made by another V8 version,
 * with other flags or for other source; a refused or missing cache is written anew, atomically.
 *
 * A cache holds only the functions compiled by the runs that wrote it (V8 compiles a function when it first runs), and
 * one V8 accepts is never compiled again. So the app names the parts of itself it runs
 * (`globalThis[Symbol.for(PART_RUN)](name)`; today one part, `libraries`, named when the CLI or the server loads them),
 * the file records the parts its code covers, and a run of a part it does not cover writes it again with that part
 * added: otherwise a cache written by `cos --help` would leave every later command compiling the libraries again.
 * Parts stay coarse on purpose: every start reads the whole cache (~15 ms per MB on the benchmark machine), so code
 * only one command runs is left to that command.
 */
'use strict';
const { isAscii } = require('node:buffer');
const { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { homedir } = require('node:os');
const { isAbsolute, join, resolve } = require('node:path');
const { Script } = require('node:vm');

/** The app's name and a hash of its bundle, filled in at build time: a new build never reads an old build's cache. */
const BUNDLE_ID = '__COS_BUNDLE_ID__';
const APP = BUNDLE_ID.slice(0, BUNDLE_ID.lastIndexOf('-') + 1);
/**
 * A cache is written this long after it became out of date (at start, or when a part it does not cover ran), or when
 * the process exits, whichever comes first: a long-running server writes while it runs, a command when it is done.
 */
const WRITE_AFTER_MS = 3_000;
/** The global (a registered symbol) the app calls with the name of each part of itself it runs. */
const PART_RUN = 'chief-of-staff.app-loader.part-run';

const bundle = join(__dirname, 'app.cjs');

function cacheDirectory() {
  const setting = process.env.COS_CODE_CACHE;
  if (setting === 'off') return undefined;
  const xdg = process.env.XDG_CACHE_HOME;
  const directory = setting ? resolve(setting) : join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'chief-of-staff', 'code');
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const stat = lstatSync(directory);
    if (!stat.isDirectory()) return undefined;
    if (process.platform !== 'win32' && (stat.uid !== process.getuid() || (stat.mode & 0o022) !== 0)) return undefined;
    return directory;
  } catch {
    return undefined;
  }
}

/** A cache file is one line of JSON, the names of the parts whose code it holds, and then V8's data. */
function readCache(file) {
  try {
    const bytes = readFileSync(file);
    const end = bytes.indexOf(0x0a);
    const parts = end < 0 ? undefined : JSON.parse(bytes.subarray(0, end).toString('utf8'));
    if (!Array.isArray(parts)) return undefined;
    return { parts: parts.filter((part) => typeof part === 'string'), data: bytes.subarray(end + 1) };
  } catch {
    return undefined;
  }
}

/**
 * Writes the cache unless V8's data came out smaller than `atLeast` bytes: V8 drops the bytecode of functions that have
 * not run for a while (start-up code first), and a cache that lost them would be worse than the one it replaces.
 */
function writeCache(script, directory, file, parts, atLeast) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const data = script.createCachedData();
    if (data.length < atLeast) return;
    writeFileSync(temporary, Buffer.concat([Buffer.from(`${JSON.stringify([...parts].sort())}\n`), data]), { mode: 0o600 });
    renameSync(temporary, file);
    // Caches of earlier builds of this app are never read again.
    for (const name of readdirSync(directory)) {
      if (name.startsWith(APP) && name.endsWith('.bin') && join(directory, name) !== file) rmSync(join(directory, name), { force: true });
    }
  } catch {
    // Without a cache the next start compiles again; nothing else depends on it.
    rmSync(temporary, { force: true });
  }
}

const directory = cacheDirectory();
// The embedding thread keeps its ML core's compiled code here too (libs/documents, code-cached-require.cjs).
if (directory) process.env.COS_CODE_CACHE_DIR = directory;
else delete process.env.COS_CODE_CACHE_DIR;
// The app's early start (dist/early.cjs, built from its early-start module) runs before the bundle is read and compiled:
// a model it starts loads in its worker on another core meanwhile. The bundle requires the same file and so gets what
// it started. Should it fail here, the bundle's own require runs it again and reports the error as the app does.
const early = join(__dirname, 'early.cjs');
if (existsSync(early)) {
  try {
    require(early);
  } catch {
    // The bundle requires it again, and the app reports the error.
  }
}
const cacheFile = directory && join(directory, `${BUNDLE_ID}-v8-${process.versions.v8}-${process.arch}.bin`);
const cached = cacheFile ? readCache(cacheFile) : undefined;
const bytes = readFileSync(bundle);
// The build escapes everything outside ASCII, and an ASCII file decodes ~6 times faster as Latin-1 than as UTF-8.
let source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
// A hashbang is only valid as a file's first line; kept as a comment so line numbers in stack traces stay right.
if (source.startsWith('#!')) source = `//${source.slice(2)}`;
// No `importModuleDynamically`: the bundle has no `import()` (bundle-app.mjs turns them into `require`), and one that
// slipped in should fail loudly rather than resolve from the working directory as Node's fallback loader does.
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData: cached?.data });
if (cacheFile) {
  const usable = cached !== undefined && !script.cachedDataRejected;
  const covered = new Set(usable ? cached.parts : []);
  const atLeast = usable ? cached.data.length : 0;
  let stale = false;
  let timer;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!stale) return;
    stale = false;
    writeCache(script, directory, cacheFile, covered, atLeast);
  };
  const outOfDate = () => {
    stale = true;
    timer ??= setTimeout(write, WRITE_AFTER_MS).unref();
  };
  if (!usable) outOfDate();
  globalThis[Symbol.for(PART_RUN)] = (part) => {
    if (covered.has(part)) return;
    covered.add(part);
    outOfDate();
  };
  process.once('exit', write);
}
const app = { exports: {} };
script.runInThisContext()(app.exports, require('node:module').createRequire(bundle), app, bundle, __dirname);
