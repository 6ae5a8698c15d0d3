/**
 * `orchestration.summarize`: an oversized answer from an external tool whose metadata asks for summaries is
 * condensed on the cheap model tier (sent as untrusted data); when the model fails, the answer is shortened instead.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import { overloadedTurn, startFakeMessagesServer, textTurn, type FakeMessagesServer } from '@chief-of-staff/agents/testing';
import { scriptedServerEntry } from '@chief-of-staff/orchestration/testing';
import { createChiefOfStaff, type ChiefOfStaff } from '../index.js';

describe('summaries of oversized external answers', () => {
  let dir: string;
  let model: FakeMessagesServer;
  let cos: ChiefOfStaff;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cos-summaries-'));
    writeFileSync(
      join(dir, 'mcp-servers.json'),
      JSON.stringify({
        mcpServers: {
          research: scriptedServerEntry('research', { report: { mode: 'big' } }, { control: join(dir, 'control.json'), calls: join(dir, 'calls') }, {
            toolOverrides: { report: { response: { requiresSummarization: true } } },
          }),
        },
      }),
    );
    model = await startFakeMessagesServer({ script: [textTurn('8,000 results about solar; the top three are A, B and C.'), overloadedTurn(), overloadedTurn(), overloadedTurn()] });
    cos = await createChiefOfStaff({
      dataDir: join(dir, 'data'),
      config: { mcpServersFile: join(dir, 'mcp-servers.json'), orchestration: { reexportExternal: true, summarize: true } },
      env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url },
      logger: createSilentLogger(),
      semanticRecall: false,
    });
  }, 30_000);

  afterAll(async () => {
    await cos.close();
    await model.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('condenses the answer on the cheap tier, then shortens it when the model fails', async () => {
    const first = await cos.callTool('research__report', { query: 'solar' });
    expect(first).toMatchObject({ ok: true, value: { text: '8,000 results about solar; the top three are A, B and C.', summarized: true, truncated: false } });
    const request = model.messageRequests()[0];
    expect(request?.model).toBe(cos.config.models.tiers.haiku);
    expect(JSON.stringify(request?.messages)).toContain('untrusted');

    const second = await cos.callTool('research__report', { query: 'solar' });
    expect(second).toMatchObject({ ok: true, value: { truncated: true } });
    expect(second.ok && second.value['summarized']).toBeFalsy();
    expect(() => JSON.parse(second.ok ? String(second.value['text']) : '')).not.toThrow();
  });
});
