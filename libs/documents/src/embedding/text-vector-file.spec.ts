import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTextVectorFile, textContentHash, writeTextVectorFile } from './text-vector-file.js';

const root = mkdtempSync(join(tmpdir(), 'cos-text-vectors-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const embedder = { id: 'test-3', dims: 3 };
let next = 0;
const freshFile = () => join(root, `case-${next++}`, 'vectors.json');

describe('the text vector file', () => {
  it('reads back exactly what was written, and a missing file as empty without a problem', async () => {
    const file = freshFile();
    expect(await readTextVectorFile(file, embedder)).toEqual({ vectors: new Map() });
    await writeTextVectorFile(file, embedder, new Map([['a', Float32Array.of(0.5, -1, 2)]]));
    const read = await readTextVectorFile(file, embedder);
    expect(read.problem).toBeUndefined();
    expect([...read.vectors.entries()].map(([hash, vector]) => [hash, [...vector]])).toEqual([['a', [0.5, -1, 2]]]);
  });

  it('reads a damaged file as empty with the reason, and the next write replaces it', async () => {
    const file = freshFile();
    await writeTextVectorFile(file, embedder, new Map([['a', Float32Array.of(1, 2, 3)]]));
    writeFileSync(file, '{"format":"cos-text-vectors","vers');
    const read = await readTextVectorFile(file, embedder);
    expect(read.vectors.size).toBe(0);
    expect(read.problem).toMatch(/not valid JSON.*computed again/);
    await writeTextVectorFile(file, embedder, new Map([['b', Float32Array.of(4, 5, 6)]]));
    expect([...(await readTextVectorFile(file, embedder)).vectors.keys()]).toEqual(['b']);
  });

  it("ignores another embedder's vectors and entries of the wrong length", async () => {
    const file = freshFile();
    await writeTextVectorFile(file, embedder, new Map([['a', Float32Array.of(1, 2, 3)]]));
    expect((await readTextVectorFile(file, { id: 'other', dims: 3 })).problem).toMatch(/holds vectors of test-3, not other/);
    await writeTextVectorFile(file, embedder, new Map([['short', Float32Array.of(1)]]));
    expect([...(await readTextVectorFile(file, embedder)).vectors.keys()]).toEqual(['a']);
  });

  it('merges with what another writer stored meanwhile, keeps the entries asked for first, and leaves no temporary files', async () => {
    const file = freshFile();
    await writeTextVectorFile(file, embedder, new Map([['theirs', Float32Array.of(1, 1, 1)]]));
    await writeTextVectorFile(file, embedder, new Map([['mine', Float32Array.of(2, 2, 2)]]));
    expect(new Set((await readTextVectorFile(file, embedder)).vectors.keys())).toEqual(new Set(['theirs', 'mine']));
    await writeTextVectorFile(file, embedder, new Map([['new', Float32Array.of(3, 3, 3)]]), { keep: new Set(['mine']), maxEntries: 2 });
    expect([...(await readTextVectorFile(file, embedder)).vectors.keys()]).toEqual(['mine', 'new']);
    await Promise.all([1, 2, 3, 4].map((n) => writeTextVectorFile(file, embedder, new Map([[`w${n}`, Float32Array.of(n, n, n)]]))));
    expect((await readTextVectorFile(file, embedder)).problem).toBeUndefined();
    expect(readdirSync(join(file, '..')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('keys a text by the embedder and the exact text', () => {
    expect(textContentHash('e1', 'create delegation')).toBe(textContentHash('e1', 'create delegation'));
    expect(textContentHash('e1', 'create delegation')).not.toBe(textContentHash('e2', 'create delegation'));
    expect(textContentHash('e1', 'create delegation')).not.toBe(textContentHash('e1', 'create delegations'));
  });
});
