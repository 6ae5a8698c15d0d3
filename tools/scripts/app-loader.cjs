#!/usr/bin/env node
/**
 * An app's entry (`dist/main.js`), written by `tools/scripts/bundle-app.mjs` from this template: it runs the app's
 * bundle (`dist/app.cjs`) with a V8 code cache, so a start reuses the bytecode the previous start compiled instead of
 * compiling ~5 MB of JavaScript again (docs/adr/0024-code-cache.md).
 *
 * The cache lives in the user's cache directory (`$XDG_CACHE_HOME/chief-of-staff/code`, else `~/.cache/…`, or the
 * directory `COS_CODE_CACHE` names; `COS_CODE_CACHE=off` turns it off). V8 runs the bytecode it finds there, so only a
 * directory this user owns and nobody else can write to is used. V8 itself refuses a cache made by another V8 version,
 * with other flags or for other source; a refused or missing cache is written anew, atomically, once per process.
 *
 * A cache holds only what the run that wrote it compiled. An app whose commands may answer without its libraries
 * (`cos --help`) announces when it loads them (`globalThis[Symbol.for(LIBRARIES_LOADED)]()`); a cache written by a run
 * that did not is then replaced once by one that has them, or every later command would compile the libraries again.
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
/** A long-running process writes its cache this long after start (a short one when it exits, whichever is first). */
const WRITE_AFTER_MS = 3_000;
/** The global (a registered symbol) the app calls when it loads its libraries. */
const LIBRARIES_LOADED = 'chief-of-staff.app-loader.libraries-loaded';

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

function readCache(file) {
  try {
    return file === undefined ? undefined : readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeCache(script, directory, file) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
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
// Two names: a cache that has the libraries' code (preferred) and one written by a run that did not load them.
const cacheName = (withLibraries) => `${BUNDLE_ID}${withLibraries ? '-libraries' : ''}-v8-${process.versions.v8}-${process.arch}.bin`;
const librariesCacheFile = directory && join(directory, cacheName(true));
let cacheFile = librariesCacheFile;
let cachedData = readCache(cacheFile);
if (directory && cachedData === undefined) {
  cacheFile = join(directory, cacheName(false));
  cachedData = readCache(cacheFile);
}
const bytes = readFileSync(bundle);
// The build escapes everything outside ASCII, and an ASCII file decodes ~6 times faster as Latin-1 than as UTF-8.
let source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
// A hashbang is only valid as a file's first line; kept as a comment so line numbers in stack traces stay right.
if (source.startsWith('#!')) source = `//${source.slice(2)}`;
// No `importModuleDynamically`: the bundle has no `import()` (bundle-app.mjs turns them into `require`), and one that
// slipped in should fail loudly rather than resolve from the working directory as Node's fallback loader does.
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData });
if (directory) {
  const usable = cachedData !== undefined && !script.cachedDataRejected;
  let librariesLoaded = false;
  globalThis[Symbol.for(LIBRARIES_LOADED)] = () => {
    librariesLoaded = true;
  };
  let decided = false;
  const write = () => {
    if (decided) return;
    decided = true;
    if (!usable) writeCache(script, directory, join(directory, cacheName(librariesLoaded)));
    else if (librariesLoaded && cacheFile !== librariesCacheFile) writeCache(script, directory, librariesCacheFile);
  };
  setTimeout(write, WRITE_AFTER_MS).unref();
  process.once('exit', write);
}
const app = { exports: {} };
script.runInThisContext()(app.exports, require('node:module').createRequire(bundle), app, bundle, __dirname);
