#!/usr/bin/env node
/**
 * `node tools/scripts/bundle-app.mjs <app dir>`: bundles an app's compiled entry (`out-tsc/lib/main.js`, from `tsc`)
 * with the workspace libraries and most dependencies into one CommonJS file, `dist/app.cjs`, and writes the entry
 * `dist/main.js` from `app-loader.cjs`, which runs that file with a V8 code cache.
 *
 * Why: loading ~600 small ES modules cost the MCP server ~550 ms before it could answer anything, most of it in module
 * resolution and file reads; one bundle loads in ~200 ms, and compiling it was then the largest cost left. Node 20 keeps
 * no compile cache for ES modules, but a script compiled through `vm.Script` can be given the bytecode of an earlier
 * run (issue: time to first answer; docs/adr/0024-code-cache.md). Lazy `import()`s stay lazy: their modules are in the
 * file but run only on first use.
 *
 * Kept outside the bundle: native modules, packages that find their own files at run time (worker scripts, model
 * weights), and heavy ones that are only ever imported lazily. Workspace modules that locate files next to themselves
 * (`import.meta.url`: the SQLite migrations, the built-in agents, the embedder's worker script) are given the URL of
 * their original file in the installed package, so those files are found wherever the bundle runs.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

const EXTERNAL = [
  // Native addons, and packages that load files relative to themselves. LanceDB's JavaScript and Apache Arrow are
  // bundled (libs/lancedb, load-lance.ts); its native part is found at run time as before.
  'better-sqlite3',
  '@lancedb/lancedb-*',
  '*.node',
  '@energetic-ai/*',
  // The PostgreSQL driver: loaded only with PostgreSQL storage; its CommonJS classes do not survive bundling.
  'pg',
  // Only imported lazily, for one kind of file each.
  'mammoth',
  'pdf-parse',
  'mailparser',
];

const workspaceRoot = resolve(import.meta.dirname, '..', '..');
const appDir = resolve(process.argv[2] ?? '.');

/** `libs/<name>/dist/...js` → its package name and the path inside the package. */
function workspaceModule(file) {
  const rel = relative(workspaceRoot, file).split(sep);
  if (rel[0] !== 'libs' || rel[2] !== 'dist') return undefined;
  const packageRoot = join(workspaceRoot, 'libs', rel[1]);
  const { name } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
  return { name, path: rel.slice(2).join('/') };
}

const moduleUrlPlugin = {
  name: 'workspace-module-url',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]libs[\\/][^\\/]+[\\/]dist[\\/].*\.js$/ }, (args) => {
      const contents = readFileSync(args.path, 'utf8');
      const owner = workspaceModule(args.path);
      if (!owner || !contents.includes('import.meta.url')) return { contents, loader: 'js' };
      const url = `__cosModuleUrl(${JSON.stringify(owner.name)}, ${JSON.stringify(owner.path)})`;
      return { contents: contents.replace(/\bimport\.meta\.url\b/g, url), loader: 'js' };
    });
  },
};

// What the bundled modules need of an ES module's surroundings: `import.meta.url`/`resolve` (defined below as these
// names) and the module-URL helper. `require`, `__filename` and `__dirname` are the CommonJS ones of `dist/app.cjs`.
const banner = [
  "const { dirname: __cosDirname, join: __cosJoin } = require('node:path');",
  "const { pathToFileURL: __cosPathToFileURL } = require('node:url');",
  'const __cosImportMetaUrl = __cosPathToFileURL(__filename).href;',
  'const __cosImportMetaResolve = (specifier) => __cosPathToFileURL(require.resolve(specifier)).href;',
  'const __cosPackageRoots = new Map();',
  'function __cosModuleUrl(name, path) {',
  "  if (!__cosPackageRoots.has(name)) __cosPackageRoots.set(name, __cosDirname(require.resolve(name + '/package.json')));",
  '  return __cosPathToFileURL(__cosJoin(__cosPackageRoots.get(name), path)).href;',
  '}',
].join('\n');

/**
 * An app's `early-start` module (what its entry imports first, to start work that takes long on another thread) is
 * also built on its own, as `dist/early.cjs`, which the entry runs before it reads and compiles the bundle: the
 * embedding model's worker then starts ~40 ms sooner. The bundle requires that same file instead of carrying its own
 * copy, so the module runs once and the bundle gets what it started.
 */
const earlyStart = join(appDir, 'out-tsc', 'lib', 'early-start.js');
const hasEarlyStart = existsSync(earlyStart);
const earlyStartPlugin = {
  name: 'early-start-file',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\/early-start\.js$/ }, (args) =>
      args.kind !== 'entry-point' && resolve(args.resolveDir, args.path) === earlyStart ? { path: './early.cjs', external: true } : undefined,
    );
  },
};

const started = performance.now();
rmSync(join(appDir, 'dist'), { recursive: true, force: true });
const result = await build({
  entryPoints: { app: join(appDir, 'out-tsc', 'lib', 'main.js'), ...(hasEarlyStart ? { early: earlyStart } : {}) },
  outdir: join(appDir, 'dist'),
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  // Packages publish their ESM build under these conditions; the workspace source condition is for tests only.
  conditions: ['import', 'node', 'default'],
  mainFields: ['module', 'main'],
  banner: { js: banner },
  // Less text to read and hash at every start; names stay, so stack traces still say which function failed.
  minifyWhitespace: true,
  minifySyntax: true,
  charset: 'ascii',
  // `import()` of an external package becomes `require()`: a script run through `vm.Script` has no module loader of
  // its own for `import()` (Node's stand-in for one is experimental and warns on stderr).
  supported: { 'dynamic-import': false },
  define: { 'import.meta.url': '__cosImportMetaUrl', 'import.meta.resolve': '__cosImportMetaResolve' },
  plugins: [moduleUrlPlugin, ...(hasEarlyStart ? [earlyStartPlugin] : [])],
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
/**
 * esbuild's `charset: 'ascii'` leaves regular-expression literals as written (`/[ךםןףץ]/`). One such character makes
 * the whole file a two-byte string, which took ~35 ms to decode at every start against ~6 ms for ASCII: each
 * remaining non-ASCII code unit becomes a `\uXXXX` escape, which means the same in strings, regular expressions and
 * identifiers.
 */
function escapeNonAscii(file) {
  const text = readFileSync(file, 'utf8');
  // eslint-disable-next-line no-control-regex -- the pattern is "anything outside ASCII"
  const escaped = text.replace(/[^\x00-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (escaped !== text) writeFileSync(file, escaped);
  return escaped;
}
const bundleText = escapeNonAscii(join(appDir, 'dist', 'app.cjs'));
const earlyText = hasEarlyStart ? escapeNonAscii(join(appDir, 'dist', 'early.cjs')) : '';
// What went where: the start-path test reads it to keep heavy dependencies out of the first answer's path.
writeFileSync(join(appDir, 'dist', 'bundle-meta.json'), JSON.stringify(result.metafile));
const appName = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')).name.replace(/^@[^/]+\//, '');
const bundleHash = createHash('sha256').update(bundleText).update(earlyText).digest('hex').slice(0, 16);
const loader = readFileSync(join(workspaceRoot, 'tools', 'scripts', 'app-loader.cjs'), 'utf8').replace('__COS_BUNDLE_ID__', `${appName}-${bundleHash}`);
writeFileSync(join(appDir, 'dist', 'main.js'), loader, { mode: 0o755 });
// `dist/main.js` keeps its name (clients' configurations point at it) but is CommonJS: an ES module entry costs ~20 ms
// more to start.
writeFileSync(join(appDir, 'dist', 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
/**
 * The MCP server's tool list with the default configuration, written next to its entry (`dist/tool-list.json`) so a
 * first start on a new data directory answers `tools/list` without loading the libraries. Produced by starting the
 * bundle just built on an empty data directory, which also proves the bundle starts.
 */
async function writeShippedToolList() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cos-bundle-'));
  try {
    const child = spawn(process.execPath, [join(appDir, 'dist', 'main.js')], {
      env: { PATH: process.env.PATH ?? '', HOME: dataDir, COS_DATA_DIR: dataDir, COS_LOG_LEVEL: 'error', COS_SCHEDULER_RUN_IN_SERVER: 'never' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    await new Promise((resolveList, rejectList) => {
      const timer = setTimeout(() => rejectList(new Error('the bundled server did not list its tools within 30 s')), 30_000);
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
        if (output.includes('"id":2')) {
          clearTimeout(timer);
          resolveList();
        }
      });
      child.on('exit', (code) => rejectList(new Error(`the bundled server exited (${code}) before listing its tools`)));
      send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bundle', version: '1' } } });
      send({ method: 'notifications/initialized' });
      send({ id: 2, method: 'tools/list' });
    });
    child.kill();
    copyFileSync(join(dataDir, 'mcp-tool-list.json'), join(appDir, 'dist', 'tool-list.json'));
    chmodSync(join(appDir, 'dist', 'tool-list.json'), 0o644);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--tool-list')) await writeShippedToolList();

const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`bundled ${relative(workspaceRoot, appDir)}: ${(bytes / 1e6).toFixed(1)} MB, ${Math.round(performance.now() - started)} ms`);
