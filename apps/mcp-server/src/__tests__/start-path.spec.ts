/**
 * Keeps heavy dependencies off the path to the first answer. The bundle step records which modules went into which
 * file (`dist/bundle-meta.json`); this test follows static imports only — what loads before any lazy `import()` runs —
 * from the entry (what a start costs) and from the libraries' chunk (what the first tool call costs).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';

interface Metafile {
  outputs: Record<string, { imports: Array<{ path: string; kind: string; external?: boolean }>; inputs: Record<string, unknown>; entryPoint?: string }>;
}

const dist = resolve(import.meta.dirname, '..', '..', 'dist');
const meta = JSON.parse(readFileSync(resolve(dist, 'bundle-meta.json'), 'utf8')) as Metafile;

/** Every module loaded with `output` (bundled inputs and external packages), following its static imports. */
function staticallyLoaded(output: string): string[] {
  const seen = new Set<string>();
  const externals = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !meta.outputs[file]) return;
    seen.add(file);
    for (const imported of meta.outputs[file].imports) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) externals.add(imported.path);
      else visit(imported.path);
    }
  };
  visit(output);
  return [...[...seen].flatMap((file) => Object.keys(meta.outputs[file]?.inputs ?? {})), ...externals];
}

const HEAVY_ON_FIRST_CALL = ['@anthropic-ai/sdk', '@modelcontextprotocol/sdk/dist/esm/client', 'mailparser', '@lancedb', 'apache-arrow', 'pdf-parse', 'mammoth', 'html-to-text'];

describe('the start path of the bundled server', () => {
  it('loads no library code at start, only the protocol layer and the early embedder starter', () => {
    const entry = Object.keys(meta.outputs).find((file) => meta.outputs[file]?.entryPoint?.endsWith('main.js')) as string;
    const loaded = staticallyLoaded(entry);
    // The starter (a few small modules) decides whether a model worker starts; the model loads in that worker.
    expect(loaded.filter((input) => input.includes('libs/sdk/') || input.includes('libs/stores/'))).toEqual(['../../libs/sdk/dist/early-embedder.js']);
    expect(loaded.filter((input) => input.includes('libs/documents/')).map((input) => input.replace(/.*\/dist\//, ''))).toEqual(
      expect.arrayContaining(['embedding/early-embedder.js', 'embedding/worker-pool-embedder.js']),
    );
    for (const heavy of ['@energetic-ai', ...HEAVY_ON_FIRST_CALL]) expect(loaded.filter((input) => input.includes(heavy))).toEqual([]);
  });

  it('loads no model SDK, MCP client, vector store or file parsers for the first tool call', () => {
    const libraries = Object.keys(meta.outputs).find((file) => Object.keys(meta.outputs[file]?.inputs ?? {}).some((input) => input.endsWith('libs/sdk/dist/index.js'))) as string;
    expect(libraries).toBeDefined();
    const loaded = staticallyLoaded(libraries);
    for (const heavy of HEAVY_ON_FIRST_CALL) expect({ heavy, modules: loaded.filter((input) => input.includes(heavy)) }).toEqual({ heavy, modules: [] });
  });
});
