/**
 * Guards the 2,000-tool external server the `tool_search` speed benchmarks join: 2,000 distinct tools, each with a
 * description of its own, named as the server pool keeps them, and a data directory whose servers file joins that one
 * server, re-exported — so the 2,000-tool figures are about 2,000 tools.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { readServersFile } from '@chief-of-staff/orchestration';
import { HUGE_SERVER_NAME, HUGE_SERVER_TOOLS, hugeServerTools, prepareHugeServerDataDir } from './huge-tool-server.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('hugeServerTools', () => {
  it('gives 2,000 distinct tools named as the pool keeps them, each described in words of its own', () => {
    const tools = hugeServerTools();
    const names = Object.keys(tools);
    expect(names).toHaveLength(HUGE_SERVER_TOOLS);
    for (const name of names) expect(name).toMatch(/^[a-z0-9_]{1,55}$/);
    expect(new Set(Object.values(tools)).size).toBe(HUGE_SERVER_TOOLS);
    expect(Object.values(tools).every((description) => description.trim().length > 0)).toBe(true);
  });
});

describe('prepareHugeServerDataDir', () => {
  it('joins one server serving the 2,000 tools from a file beside the servers file, re-exported', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cos-huge-server-spec-'));
    dirs.push(dir);
    prepareHugeServerDataDir(dir);
    const file = readServersFile(join(dir, 'mcp-servers.json'));
    expect(file.problems).toEqual([]);
    expect(file.servers.map((server) => server.name)).toEqual([HUGE_SERVER_NAME]);
    const transport = file.servers[0]?.transport;
    const catalogue = transport?.kind === 'stdio' ? transport.env.METATOOL_CATALOGUE : undefined;
    expect(Object.keys(JSON.parse(readFileSync(catalogue as string, 'utf8')) as Record<string, string>)).toHaveLength(HUGE_SERVER_TOOLS);
    expect(readFileSync(join(dir, 'cos.config.yaml'), 'utf8')).toContain('reexportExternal: true');
  });
});
