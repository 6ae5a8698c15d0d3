/**
 * Keeps heavy dependencies off the path to the first answer. The bundle step records every module and what it imports
 * (`dist/bundle-meta.json`). In the one-file bundle a module reached only through a lazy `import()` is still in the
 * file but runs only when that import does, so this test follows static imports (and `require` calls) only — what runs
 * before any lazy `import()` — from the entry (what a start costs) and from the libraries' index (what the first
 * tool call costs). The one exception is a module whose `require` calls sit inside a function that runs on first use
 * (listed below, and checked to be so).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';

interface Metafile {
  inputs: Record<string, { imports: Array<{ path: string; kind: string; external?: boolean }> }>;
  outputs: Record<string, { entryPoint?: string }>;
}

const dist = resolve(import.meta.dirname, '..', '..', 'dist');
const meta = JSON.parse(readFileSync(resolve(dist, 'bundle-meta.json'), 'utf8')) as Metafile;

/** The bundle requires the early start from its own file (`dist/early.cjs`), which the entry runs first. */
const EARLY_START = meta.outputs['dist/early.cjs']?.entryPoint;

/** Modules that `require` their heavy dependencies inside the named function, so the bundle bundles them lazily. */
const REQUIRES_ON_FIRST_USE: Record<string, string> = { '../../libs/lancedb/dist/tables/load-lance.js': 'loadLance' };

/** Every module that runs when `input` does (bundled modules and external packages), following static imports. */
function staticallyLoaded(input: string): string[] {
  const seen = new Set<string>();
  const externals = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !meta.inputs[file]) return;
    seen.add(file);
    for (const imported of meta.inputs[file].imports) {
      if (imported.kind === 'dynamic-import' || (imported.kind === 'require-call' && file in REQUIRES_ON_FIRST_USE)) continue;
      if (imported.external && imported.path === './early.cjs' && EARLY_START) visit(EARLY_START);
      else if (imported.external) externals.add(imported.path);
      else visit(imported.path);
    }
  };
  visit(input);
  return [...seen, ...externals];
}

const HEAVY_ON_FIRST_CALL = ['@anthropic-ai/sdk', '@modelcontextprotocol/sdk/dist/esm/client', 'mailparser', '@lancedb', 'apache-arrow', 'pdf-parse', 'mammoth', 'html-to-text'];

describe('the start path of the bundled server', () => {
  it("knows which modules require their dependencies only on first use (no require before that function's body)", () => {
    for (const [file, loader] of Object.entries(REQUIRES_ON_FIRST_USE)) {
      const source = readFileSync(resolve(dist, '..', file), 'utf8');
      const body = source.indexOf(`function ${loader}(`);
      expect(body).toBeGreaterThan(0);
      expect(source.slice(0, body)).not.toMatch(/\brequire\(/);
      expect(meta.inputs[file]?.imports.some((imported) => imported.kind === 'require-call')).toBe(true);
    }
  });

  it('loads no library code at start, only the protocol layer and the early embedder starter', () => {
    expect(meta.inputs['out-tsc/lib/main.js']).toBeDefined();
    expect(EARLY_START).toBe('out-tsc/lib/early-start.js');
    const loaded = staticallyLoaded('out-tsc/lib/main.js');
    // The starter (a few small modules) decides whether a model worker starts; the model loads in that worker.
    expect(loaded.filter((input) => input.includes('libs/sdk/') || input.includes('libs/stores/'))).toEqual(['../../libs/sdk/dist/early-embedder.js']);
    expect(loaded.filter((input) => input.includes('libs/documents/')).map((input) => input.replace(/.*\/dist\//, ''))).toEqual(
      expect.arrayContaining(['embedding/early-embedder.js', 'embedding/worker-pool-embedder.js']),
    );
    for (const heavy of ['@energetic-ai', ...HEAVY_ON_FIRST_CALL]) expect(loaded.filter((input) => input.includes(heavy))).toEqual([]);
  });

  it('loads no model SDK, MCP client, vector store or file parsers for the first tool call', () => {
    expect(meta.inputs['../../libs/sdk/dist/index.js']).toBeDefined();
    const loaded = staticallyLoaded('../../libs/sdk/dist/index.js');
    for (const heavy of HEAVY_ON_FIRST_CALL) expect({ heavy, modules: loaded.filter((input) => input.includes(heavy)) }).toEqual({ heavy, modules: [] });
  });
});
