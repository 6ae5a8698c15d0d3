/**
 * Which fallback chain a connected external tool follows: the first chain in which a connected tool comes after it,
 * so a tool that is last in one default chain still falls back along another.
 */
import { describe, expect, it } from '@jest/globals';
import { externalToolOverrides } from './default-chains.js';
import type { ExternalToolInfo } from './mcp-server-pool.js';
import type { ExternalServerConfig } from './servers-file.js';

const tool = (server: string, remoteName: string): ExternalToolInfo => ({
  name: `${server}__${remoteName}`,
  server,
  remoteName,
  title: remoteName,
  description: `Searches with ${remoteName}.`,
  inputSchema: { type: 'object' },
  readOnly: true,
});
const server = (name: string): ExternalServerConfig => ({ name, transport: { kind: 'stdio', command: 'node', args: [], env: {} }, disabled: false, toolOverrides: {} });

describe('default fallback chains of external tools', () => {
  it('lets tavily_search fall back to perplexity_search when datagov is not connected', () => {
    const overrides = externalToolOverrides([tool('tavily', 'tavily_search'), tool('perplexity', 'perplexity_search')], [server('tavily'), server('perplexity')]);
    expect(overrides['tavily__tavily_search']?.hierarchy).toEqual(['perplexity__perplexity_search']);
    expect(overrides['perplexity__perplexity_search']?.hierarchy).toEqual(['tavily__tavily_search']);
  });

  it('keeps the official-data chain for the tools that have successors in it', () => {
    const overrides = externalToolOverrides(
      [tool('datagov', 'datagov_query'), tool('perplexity', 'perplexity_search'), tool('tavily', 'tavily_search')],
      [server('datagov'), server('perplexity'), server('tavily')],
    );
    expect(overrides['datagov__datagov_query']?.hierarchy).toEqual(['perplexity__perplexity_search', 'tavily__tavily_search']);
    expect(overrides['datagov__datagov_query']?.domain).toBe('official_data');
  });

  it('gives a tool with no connected successor an empty chain', () => {
    const overrides = externalToolOverrides([tool('tavily', 'tavily_search')], [server('tavily')]);
    expect(overrides['tavily__tavily_search']?.hierarchy).toEqual([]);
  });

  it('never falls back between file tools', () => {
    const overrides = externalToolOverrides([tool('files', 'read_file'), tool('files', 'read_text_file')], [server('files')]);
    expect(overrides['files__read_file']?.hierarchy).toEqual([]);
  });
});
