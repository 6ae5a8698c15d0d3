/**
 * `require(file)` for one large CommonJS file through a V8 code cache: the embedding thread's ML core
 * (`@energetic-ai/core`, 1.7 MB) took ~40 ms to compile and more to compile its functions lazily during the first
 * graph run, on the path to the first semantic answer; with the bytecode of an earlier run the model is ready ~60 ms
 * sooner (docs/adr/0024-code-cache.md).
 *
 * The cache directory is the apps' (`COS_CODE_CACHE_DIR`, set by their entry once it has checked the directory).
 * V8 runs the bytecode it finds there, so a directory that is not this user's own, or that others can write to, is
 * never used. Without a usable directory this is a plain `require`.
 */
'use strict';
const { createHash } = require('node:crypto');
const { lstatSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { createRequire, wrap } = require('node:module');
const { basename, dirname, join } = require('node:path');
const { Script } = require('node:vm');
const { threadId } = require('node:worker_threads');

/** @param {string} directory */
function isPrivateDirectory(directory) {
  try {
    const stat = lstatSync(directory);
    if (!stat.isDirectory()) return false;
    return process.platform === 'win32' || (stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0);
  } catch {
    return false;
  }
}

/**
 * @param {string} file absolute path of a CommonJS file
 * @param {string | undefined} directory where code caches are kept, if anywhere
 * @returns {{ exports: any; save: () => void }} `save` writes the cache (once) when there was none or V8 refused it;
 *   call it after the code has done its first real work, so the functions that work compiled are in it. It writes
 *   synchronously (~10 ms, once): a process that exits right after its first answer still leaves the cache behind.
 */
function requireWithCodeCache(file, directory) {
  /** @param {any} exports */
  const withoutCacheToWrite = (exports) => ({ exports, save: () => undefined });
  if (!directory || require.cache[file] || !isPrivateDirectory(directory)) return withoutCacheToWrite(require(file));
  const stat = statSync(file);
  // A reinstalled package gets new times; V8 itself also refuses a cache made for source of another length.
  const key = createHash('sha256').update(`${file}\0${stat.size}\0${stat.mtimeMs}`).digest('hex').slice(0, 16);
  const prefix = `${basename(dirname(dirname(file)))}-${basename(file, '.js')}-`;
  const cacheFile = join(directory, `${prefix}${key}-v8-${process.versions.v8}-${process.arch}.bin`);
  /** @type {Buffer | undefined} */
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new Script(wrap(readFileSync(file, 'utf8')), { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  if (cachedData !== undefined && !script.cachedDataRejected) return withoutCacheToWrite(module.exports);
  let saved = false;
  const save = () => {
    if (saved) return;
    saved = true;
    writeCodeCache(script, directory, cacheFile, prefix);
  };
  return { exports: module.exports, save };
}

/**
 * Writes atomically (another process may be reading it) and removes caches of earlier versions of the same file.
 *
 * @param {import('node:vm').Script} script
 * @param {string} directory
 * @param {string} cacheFile
 * @param {string} prefix
 */
function writeCodeCache(script, directory, cacheFile, prefix) {
  // Unique per thread as well as per process: two embedding threads may both write.
  const temporary = `${cacheFile}.${process.pid}.${threadId}.tmp`;
  try {
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
    renameSync(temporary, cacheFile);
    for (const name of readdirSync(directory)) {
      if (name.startsWith(prefix) && name.endsWith('.bin') && join(directory, name) !== cacheFile) rmSync(join(directory, name), { force: true });
    }
  } catch {
    // Without a cache the next start compiles again; nothing else depends on it.
    rmSync(temporary, { force: true });
  }
}

module.exports = { requireWithCodeCache };
