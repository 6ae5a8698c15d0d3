/**
 * `ingest_documents {summarize: true}` with a model key: each document gets a short summary from the cheap model
 * tier (the real Anthropic SDK against the fake Messages API), stored beside its chunks and returned by
 * `search_documents {include_summaries: true}`. The document reaches the model only as untrusted data, and a
 * failing model call still indexes the document, with a warning.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectBuiltServer } from './connect-built-server.js';
import { startFakeMessagesServer, textTurn, type FakeMessagesServer } from '@chief-of-staff/agents/testing';

const SUMMARY = 'A travel plan for the Lisbon offsite in March, covering flights, the hotel in Alfama and the agenda.';

describe('document summaries', () => {
  let dataDir: string;
  let model: FakeMessagesServer;
  let client: Client;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cos-summaries-'));
    mkdirSync(join(dataDir, 'documents'), { recursive: true });
    writeFileSync(join(dataDir, 'documents', 'offsite.md'), '# Offsite\n\nFlights to Lisbon on 12 March. The hotel is in Alfama. Day one is strategy, day two is hiring.\n');
    writeFileSync(join(dataDir, 'documents', 'second.md'), '# Second\n\nA note about the quarterly budget review.\n');
    model = await startFakeMessagesServer({ script: [textTurn(SUMMARY)] });
    client = await connectBuiltServer({ dataDir, modelUrl: model.url, name: 'summaries-e2e' });
  });

  afterAll(async () => {
    await client.close();
    await model.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a summary from the cheap tier and returns it when asked', async () => {
    const ingested = await client.callTool({ name: 'ingest_documents', arguments: { path: join(dataDir, 'documents', 'offsite.md'), summarize: true } });
    expect(ingested.isError).toBeFalsy();
    const [request] = model.messageRequests();
    expect(request?.model).toBe('claude-haiku-4-5');
    expect(JSON.stringify(request?.messages)).toContain('<untrusted_data origin=\\"document ');

    const found = await client.callTool({ name: 'search_documents', arguments: { query: 'Lisbon offsite', include_summaries: true } });
    const content = found.structuredContent as { summaries?: Array<{ text: string }> };
    expect(content.summaries?.map((summary) => summary.text)).toContain(SUMMARY);
  });

  it('indexes the document without a summary, and says so, when the model call fails', async () => {
    // The script is used up: the fake API now answers with an error.
    const ingested = await client.callTool({ name: 'ingest_documents', arguments: { path: join(dataDir, 'documents', 'second.md'), summarize: true } });
    expect(ingested.isError).toBeFalsy();
    const content = ingested.structuredContent as { ingested: unknown[]; warnings?: string[] };
    expect(content.ingested).toHaveLength(1);
    expect(content.warnings?.join('\n')).toContain('No summary for second.md');
  });
});
