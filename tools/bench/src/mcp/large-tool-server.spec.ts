/**
 * Guards the large external server the MCP speed benchmarks join: 200 distinct tools with real descriptions, names the
 * server pool accepts as they are, and a data directory whose servers file and configuration the server reads as
 * meant (one server joined and re-exported, or none), so the 300-tool figures are about 300 tools.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { readServersFile } from '@chief-of-staff/orchestration';
import { LARGE_SERVER_NAME, LARGE_SERVER_TOOLS, largeServerTools, prepareLargeServerDataDir } from './large-tool-server.js';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cos-large-server-spec-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('largeServerTools', () => {
  it('gives 200 distinct tools named as the pool keeps them, each with a description of its own', () => {
    const tools = largeServerTools();
    const names = Object.keys(tools);
    expect(names).toHaveLength(LARGE_SERVER_TOOLS);
    for (const name of names) expect(name).toMatch(/^[a-z0-9_]{1,55}$/);
    const descriptions = Object.values(tools).map((tool) => tool.description ?? '');
    expect(descriptions.every((text) => text.trim().length > 0)).toBe(true);
    // The look-alikes are reworded, not copies: the padding does not duplicate what the recordings hold.
    expect(new Set(descriptions).size).toBeGreaterThan(LARGE_SERVER_TOOLS * 0.9);
    expect(tools['gitlab_create_merge_request']?.description).toContain('GitLab');
  });

  it('takes the first tools for a smaller server', () => {
    expect(Object.keys(largeServerTools(1))).toEqual([Object.keys(largeServerTools())[0]]);
  });
});

describe('prepareLargeServerDataDir', () => {
  it('joins one server serving the tools and re-exports external tools', () => {
    const dir = newDir();
    prepareLargeServerDataDir(dir);
    const file = readServersFile(join(dir, 'mcp-servers.json'));
    expect(file.problems).toEqual([]);
    expect(file.servers.map((server) => server.name)).toEqual([LARGE_SERVER_NAME]);
    const transport = file.servers[0]?.transport;
    const served = transport?.kind === 'stdio' ? (JSON.parse(transport.env.SCRIPT_TOOLS ?? '{}') as Record<string, unknown>) : {};
    expect(Object.keys(served)).toHaveLength(LARGE_SERVER_TOOLS);
    expect(readFileSync(join(dir, 'cos.config.yaml'), 'utf8')).toContain('reexportExternal: true');
  });

  it('with no tools, joins no server and keeps the same configuration', () => {
    const dir = newDir();
    prepareLargeServerDataDir(dir, 0);
    expect(readServersFile(join(dir, 'mcp-servers.json'))).toEqual({ servers: [], problems: [] });
    expect(readFileSync(join(dir, 'cos.config.yaml'), 'utf8')).toContain('reexportExternal: true');
  });
});
