/**
 * Re-exported external servers join in the background: start-up never waits for them. On a fresh data directory their
 * tools arrive when they have joined (announced through `orchestration.onToolsChanged`), `tool_search` says which
 * servers are still starting, and a call to one of their tools waits for its server; on later starts the tools kept
 * from the last one are offered from the first moment.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import { scriptedServerEntry } from '@chief-of-staff/orchestration/testing';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

const TRACKER_TOOL = 'tracker__open_ticket';

describe('re-exported servers joining in the background', () => {
  let dir: string;
  const open: ChiefOfStaff[] = [];
  const start = async (): Promise<ChiefOfStaff> => {
    const cos = await createChiefOfStaff({
      dataDir: join(dir, 'data'),
      config: { mcpServersFile: join(dir, 'mcp-servers.json'), orchestration: { reexportExternal: true } },
      env: {},
      logger: createSilentLogger(),
      semanticRecall: false,
    });
    open.push(cos);
    return cos;
  };
  const names = (cos: ChiefOfStaff) => cos.tools.map((tool) => tool.name);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cos-joining-'));
    const tracker = scriptedServerEntry('tracker', { open_ticket: { description: 'Opens a ticket in the issue tracker.' } }, { control: join(dir, 'tracker.control.json'), calls: join(dir, 'tracker.calls') });
    // The server takes a second and a half to answer its handshake, as one fetched by npx may.
    const slow = { ...tracker, env: { ...tracker.env, SCRIPT_START_DELAY_MS: '1500' } };
    writeFileSync(join(dir, 'mcp-servers.json'), JSON.stringify({ mcpServers: { tracker: slow } }));
  });

  afterAll(async () => {
    for (const cos of open) await cos.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts without waiting, says which server is still starting, and announces its tools when it has joined', async () => {
    const cos = await start();
    const changed = new Promise<void>((resolve) => cos.orchestration.onToolsChanged(resolve));
    expect(names(cos)).not.toContain(TRACKER_TOOL);
    expect(cos.orchestration.joining()).toEqual(['tracker']);
    const search = await cos.callTool('tool_search', { query: 'zorblax the quuxes' });
    expect(search).toMatchObject({ ok: true, value: { items: [], note: expect.stringContaining('"tracker"') } });
    await changed;
    expect(names(cos)).toContain(TRACKER_TOOL);
    expect(cos.orchestration.joining()).toEqual([]);
    await cos.close();
  }, 30_000);

  it('waits for a server still joining when one of its tools is called by name', async () => {
    // The first start kept the server's list: a fresh list is forced by starting on a new data directory.
    rmSync(join(dir, 'data', 'external-tools'), { recursive: true, force: true });
    const cos = await start();
    expect(names(cos)).not.toContain(TRACKER_TOOL);
    const result = await cos.callTool(TRACKER_TOOL, { query: 'printer on fire' });
    expect(result).toMatchObject({ ok: true, value: { text: 'open_ticket answered: printer on fire' } });
    await cos.close();
  }, 30_000);

  it('offers the tools kept from the last start at once, and a call waits for the server', async () => {
    const cos = await start();
    expect(names(cos)).toContain(TRACKER_TOOL);
    expect(cos.orchestration.joining()).toEqual([]);
    const search = await cos.callTool('tool_search', { query: 'open a ticket in the issue tracker' });
    expect(search).toMatchObject({ ok: true, value: { items: expect.arrayContaining([expect.objectContaining({ name: TRACKER_TOOL })]) } });
    const result = await cos.callTool(TRACKER_TOOL, { query: 'printer on fire' });
    expect(result).toMatchObject({ ok: true, value: { text: 'open_ticket answered: printer on fire' } });
  }, 30_000);
});
