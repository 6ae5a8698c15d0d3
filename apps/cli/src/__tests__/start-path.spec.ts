/**
 * Keeps `cos --help`, usage errors and every command's start free of the heavy dependencies: the libraries (through
 * the sdk's index), the model SDK, the MCP SDK, LanceDB/Arrow, the embedding model, the file parsers and the spinner
 * load when a command needs them. Reads the bundle's metafile (`dist/bundle-meta.json`) and follows what the entry imports
 * statically (a module reached only through `import()` is in the file but runs on first use).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';

interface Metafile {
  inputs: Record<string, { imports: Array<{ path: string; kind: string; external?: boolean }> }>;
  outputs: Record<string, { entryPoint?: string }>;
}

const meta = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'dist', 'bundle-meta.json'), 'utf8')) as Metafile;

/** The bundle requires the early start from its own file (`dist/early.cjs`), which the entry runs first. */
const EARLY_START = meta.outputs['dist/early.cjs']?.entryPoint;

const HEAVY = [
  'libs/sdk/dist/index.js',
  '@anthropic-ai/sdk',
  '@modelcontextprotocol/sdk',
  '@lancedb',
  'apache-arrow',
  '@energetic-ai',
  'mailparser',
  'pdf-parse',
  'mammoth',
  'html-to-text',
  'ical.js',
  // The spinner: with its string-width (an Intl.Segmenter, Unicode property tables) it took ~45 ms at every start.
  'node_modules/ora/',
];

describe('the start path of the bundled cos', () => {
  it('runs no library beyond core and the early starters, and none of the heavy dependencies', () => {
    const entry = 'out-tsc/lib/main.js';
    expect(meta.inputs[entry]).toBeDefined();
    expect(EARLY_START).toBe('out-tsc/lib/early-start.js');
    const runs = new Set<string>([entry]);
    for (const module of runs) {
      for (const imported of meta.inputs[module]?.imports ?? []) {
        if (imported.kind === 'dynamic-import') continue;
        runs.add(imported.external && imported.path === './early.cjs' && EARLY_START ? EARLY_START : imported.path);
      }
    }
    const libraries = new Set([...runs].filter((module) => module.includes('/libs/')).map((module) => /\/libs\/([^/]+)\//.exec(module)?.[1]));
    expect([...libraries].sort()).toEqual(['core', 'documents', 'sdk']);
    // From the sdk and documents only what starts the model early (its worker pool) and reaches a running server.
    const allowed = /sdk\/dist\/(early-embedder|local-calls\/)|documents\/dist\/embedding\//;
    expect([...runs].filter((module) => /\/libs\/(sdk|documents)\//.test(module) && !allowed.test(module))).toEqual([]);
    for (const heavy of HEAVY) expect({ heavy, modules: [...runs].filter((module) => module.includes(heavy)) }).toEqual({ heavy, modules: [] });
  });
});
