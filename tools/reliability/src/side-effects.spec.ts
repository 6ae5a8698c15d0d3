import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { changesBetween, snapshot } from './side-effects.js';

const dataDir = mkdtempSync(join(tmpdir(), 'cos-side-effects-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('side effects between two snapshots', () => {
  it('reports a file a tool wrote, but not what the server process keeps for itself', () => {
    const before = snapshot(dataDir);
    // A code cache written by the entry's timer in the middle of a scenario, and the socket for cos.
    mkdirSync(join(dataDir, '.cache', 'chief-of-staff', 'code'), { recursive: true });
    writeFileSync(join(dataDir, '.cache', 'chief-of-staff', 'code', 'mcp-server-0123456789abcdef-v8-11-x64.bin'), 'bytecode');
    writeFileSync(join(dataDir, 'cos.sock'), '');
    expect(changesBetween(before, snapshot(dataDir))).toEqual([]);

    mkdirSync(join(dataDir, 'documents'));
    writeFileSync(join(dataDir, 'documents', 'exfiltrated.txt'), 'secret');
    writeFileSync(join(dataDir, '.cache', 'elsewhere.bin'), 'not the code cache');
    expect(changesBetween(before, snapshot(dataDir)).sort()).toEqual(['files .cache/elsewhere.bin', 'files documents/exfiltrated.txt']);
  });
});
