/**
 * The assembled catalogue against the capability registry: every tool a capability grants must exist, except the
 * tools of domains whose library has not landed yet (listed here by name so the list can only shrink), and every
 * catalogue tool an agent could need must be reachable through some capability.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger, toolInputJsonSchema } from '@chief-of-staff/core';
import { CAPABILITY_DEFINITIONS, HOST_ONLY_TOOLS, IMPLICIT_AGENT_TOOLS, capabilitiesGrantingTool } from '@chief-of-staff/capabilities';
import { createToolIntelligenceRegistry } from '@chief-of-staff/orchestration';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

describe('assembled catalogue', () => {
  let dataDir: string;
  let cos: ChiefOfStaff;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-catalogue-'));
    cos = await createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger(), semanticRecall: false });
  });

  afterAll(async () => {
    await cos.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has every tool a capability grants', () => {
    const names = new Set(cos.tools.map((tool) => tool.name));
    const granted = [...new Set([...CAPABILITY_DEFINITIONS.flatMap((capability) => [...capability.tools]), ...IMPLICIT_AGENT_TOOLS])];
    const missing = granted.filter((tool) => !names.has(tool)).sort();
    expect(missing).toEqual([]);
  });

  it('exposes the host-only tools and grants them to no capability', () => {
    const names = new Set(cos.tools.map((tool) => tool.name));
    for (const tool of HOST_ONLY_TOOLS) {
      expect(names.has(tool)).toBe(true);
      expect(capabilitiesGrantingTool(tool)).toEqual([]);
    }
  });

  it('reaches every catalogue tool through a capability, the implicit agent tools or the host-only list', () => {
    const reachable = new Set<string>([...HOST_ONLY_TOOLS, ...IMPLICIT_AGENT_TOOLS]);
    const orphans = cos.tools
      .map((tool) => tool.name)
      .filter((name) => !reachable.has(name) && capabilitiesGrantingTool(name).length === 0);
    expect(orphans).toEqual([]);
  });

  it('gives every tool with inputs an example call that its own schema accepts', () => {
    const registry = createToolIntelligenceRegistry({
      tools: cos.tools.map((tool) => ({ name: tool.name, title: tool.title, description: tool.description, inputSchema: toolInputJsonSchema(tool) as { properties?: Record<string, unknown> } })),
    });
    const problems: string[] = [];
    for (const tool of cos.tools) {
      const hints = registry.get(tool.name)?.parameterHints;
      if (hints === undefined || hints.required.length + hints.optional.length === 0) continue;
      if (hints.examples.length === 0) problems.push(`${tool.name}: no example`);
      for (const example of hints.examples) if (!tool.input.safeParse(example).success) problems.push(`${tool.name}: ${JSON.stringify(example)} is rejected`);
    }
    expect(problems).toEqual([]);
  });

  it('answers an unknown tool with UNKNOWN_TOOL and records every call in the usage log', async () => {
    const unknown = await cos.callTool('no_such_tool', {});
    expect(unknown).toMatchObject({ ok: false, error: { code: 'UNKNOWN_TOOL' } });
    const stored = await cos.callTool('store_fact', { category: 'work', key: 'team', value: 'Platform' });
    expect(stored.ok).toBe(true);
    const stats = await cos.callTool('get_tool_statistics', { tool_name: 'store_fact' });
    expect(stats.ok).toBe(true);
    expect(JSON.stringify(stats.ok && stats.value)).toContain('"calls":1');
    // A call records what orchestration expected it to take only once that is learned from this machine's calls; a
    // first call has the fast tier's 200 ms, which is no forecast, so none is recorded (ADR 0097).
    const row = new Database(join(dataDir, 'cos.db'), { readonly: true }).prepare("SELECT estimated_ms FROM tool_usage_log WHERE tool_name = 'store_fact'").get();
    expect(row).toEqual({ estimated_ms: null });
  });

  it('exposes only the groups an embedder chooses and rejects unknown group names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cos-groups-'));
    const small = await createChiefOfStaff({ dataDir: dir, env: {}, logger: createSilentLogger(), toolGroups: ['memory'], semanticRecall: false });
    expect(small.tools.some((tool) => tool.name === 'store_fact')).toBe(true);
    expect(small.tools.some((tool) => tool.name === 'search_documents')).toBe(false);
    await small.close();
    await expect(createChiefOfStaff({ dataDir: dir, env: {}, logger: createSilentLogger(), toolGroups: ['nope'] })).rejects.toThrow(
      /Unknown tool group\(s\): nope/,
    );
    rmSync(dir, { recursive: true, force: true });
  });
});
