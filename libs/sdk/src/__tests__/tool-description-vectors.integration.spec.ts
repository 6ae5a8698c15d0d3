/**
 * Tool description vectors with the real embedder: computed in the background while tool_search keeps answering
 * (by words) at once, cached in the data directory so the next start embeds nothing, and off with
 * COS_ORCHESTRATION_SEMANTIC=false.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import { scriptedServerEntry } from '@chief-of-staff/orchestration/testing';
import { createChiefOfStaff } from '../index.js';

const dataDir = mkdtempSync(join(tmpdir(), 'cos-tool-description-vectors-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('tool description vectors', () => {
  it('are embedded in the background without holding up tool_search, and a restart embeds nothing', async () => {
    const first = await createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger() });
    try {
      let finished = false;
      const pass = first.orchestration.embedToolDescriptions().then((status) => {
        finished = true;
        return status;
      });
      const search = await first.callTool('tool_search', { query: 'show webhook events that failed', limit: 5 });
      expect(search.ok).toBe(true);
      // Answered by words while the model was still loading or embedding.
      expect(finished).toBe(false);
      const status = await pass;
      expect(status.problem).toBeUndefined();
      expect(status.tools).toBeGreaterThan(50);
      expect(status.embedded).toBe(status.tools);
      // Each tool's description, and the English example requests of the built-in ones.
      expect(status.computed).toBeGreaterThan(status.tools);
      expect(readdirSync(join(dataDir, 'tool-vectors'))).toEqual([expect.stringMatching(/^use-lite.*\.json$/)]);
      // Searching with the request's vector in play still answers.
      expect((await first.callTool('tool_search', { query: 'which scheduled jobs do I have' })).ok).toBe(true);
    } finally {
      await first.close();
    }

    const second = await createChiefOfStaff({ dataDir, env: {}, logger: createSilentLogger() });
    try {
      const status = await second.orchestration.embedToolDescriptions();
      expect(status).toMatchObject({ computed: 0, embedded: status.tools });
    } finally {
      await second.close();
    }
  }, 180_000);

  it("embed an external server's tools when it joins, without being asked again", async () => {
    const serversFile = join(dataDir, 'mcp-servers.json');
    const control = { control: join(dataDir, 'weather.control.json'), calls: join(dataDir, 'weather.calls') };
    writeFileSync(
      serversFile,
      JSON.stringify({
        mcpServers: {
          weather: scriptedServerEntry('weather', { forecast: { description: 'Weather forecast for a city, by day.' }, alerts: { description: 'Severe weather alerts for a region.' } }, control),
        },
      }),
    );
    const cos = await createChiefOfStaff({ dataDir, config: { mcpServersFile: serversFile }, env: {}, logger: createSilentLogger() });
    const cached = () => {
      const file = readdirSync(join(dataDir, 'tool-vectors')).find((name) => name.endsWith('.json')) as string;
      return Object.keys((JSON.parse(readFileSync(join(dataDir, 'tool-vectors', file), 'utf8')) as { vectors: object }).vectors).length;
    };
    try {
      const before = await cos.orchestration.embedToolDescriptions();
      expect(before.computed).toBe(0);
      const entries = cached();
      await cos.orchestration.prepare();
      const deadline = Date.now() + 60_000;
      while (cached() < entries + 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(cached()).toBe(entries + 2);
    } finally {
      await cos.close();
    }
  }, 120_000);

  it("find an external tool by the example requests its server's toolOverrides give it, in English and Hebrew", async () => {
    const exampleDir = mkdtempSync(join(tmpdir(), 'cos-tool-examples-'));
    const serversFile = join(exampleDir, 'mcp-servers.json');
    const control = { control: join(exampleDir, 'rota.control.json'), calls: join(exampleDir, 'rota.calls') };
    // The description says nothing people ask with; the examples say it the way they do.
    const examples = ['who is on call this weekend', 'whose turn is the pager tonight', 'מי בכוננות בסוף השבוע'];
    writeFileSync(
      serversFile,
      JSON.stringify({
        mcpServers: {
          rota: scriptedServerEntry('rota', { lookup: { description: 'Returns the rota entry for a slot.' } }, control, { toolOverrides: { lookup: { examples } } }),
        },
      }),
    );
    const cos = await createChiefOfStaff({
      dataDir: exampleDir,
      config: { mcpServersFile: serversFile, orchestration: { reexportExternal: true } },
      env: {},
      logger: createSilentLogger(),
    });
    const found = async (query: string) => {
      const result = await cos.callTool('tool_search', { query, limit: 5 });
      if (!result.ok) throw new Error(result.error.message);
      return (result.value['items'] as Array<{ name: string }>).map((item) => item.name);
    };
    try {
      await cos.orchestration.prepare();
      // By words first (no vectors yet), then by meaning once the examples are embedded.
      expect(await found('who is on call on the weekend?')).toContain('rota__lookup');
      expect(await found('מי בכוננות השבוע')).toContain('rota__lookup');
      await cos.orchestration.embedToolDescriptions();
      expect((await found('is it my turn to carry the pager tonight')).slice(0, 3)).toContain('rota__lookup');
    } finally {
      await cos.close();
      rmSync(exampleDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('are neither read nor computed when semantic selection is off', async () => {
    const offDir = mkdtempSync(join(tmpdir(), 'cos-tool-vectors-off-'));
    const cos = await createChiefOfStaff({ dataDir: offDir, env: { COS_ORCHESTRATION_SEMANTIC: 'false' }, logger: createSilentLogger() });
    try {
      const status = await cos.orchestration.embedToolDescriptions();
      expect(status).toMatchObject({ embedded: 0, computed: 0 });
      expect(status.problem).toMatch(/COS_ORCHESTRATION_SEMANTIC/);
      expect(existsSync(join(offDir, 'tool-vectors'))).toBe(false);
    } finally {
      await cos.close();
      rmSync(offDir, { recursive: true, force: true });
    }
  });
});
