import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import type { Embedder } from '@chief-of-staff/documents';
import { createToolVectorIndex, toolEmbeddingText, type ToolDescriptionText } from './tool-vectors.js';

const root = mkdtempSync(join(tmpdir(), 'cos-tool-vectors-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let next = 0;
const freshFile = () => join(root, `case-${next++}`, 'tool-vectors', 'test.json');

/** A deterministic bag-of-words embedder that records every text it is asked to embed. */
class CountingEmbedder implements Embedder {
  readonly id = 'bag-of-words-32';
  readonly dims = 32;
  readonly seen: string[] = [];
  /** Requests (one text) whose answer waits this long, as a model still loading would. */
  queryDelayMs = 0;
  /** Batches with a text that matches wait for `release` (background work still under way). */
  hold: { match: RegExp; release: Promise<void> } | undefined;

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.seen.push(...texts);
    if (this.hold && texts.some((text) => this.hold?.match.test(text))) await this.hold.release;
    if (texts.length === 1 && this.queryDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.queryDelayMs));
    return texts.map((text) => {
      const vector = new Float32Array(this.dims);
      for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
        let hash = 0;
        for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) % this.dims;
        vector[hash] = (vector[hash] as number) + 1;
      }
      return vector;
    });
  }
}

const catalogue: ToolDescriptionText[] = [
  { name: 'list_webhook_events', title: 'List webhook events', description: 'Lists received webhook events, including failed deliveries.' },
  { name: 'create_delegation', title: 'Create delegation', description: 'Delegates a task to a person with a due date.' },
  { name: 'list_events', title: 'List calendar events', description: 'Lists calendar events in a date range.' },
];

function indexOver(file: string, embedder: CountingEmbedder, tools: () => readonly ToolDescriptionText[] = () => catalogue) {
  return createToolVectorIndex({ embedder, file, tools, logger: createSilentLogger(), batchSize: 2 });
}

describe('tool description vectors', () => {
  it('embeds each tool once; a second start reads the cache and embeds nothing', async () => {
    const file = freshFile();
    const first = new CountingEmbedder();
    expect(await indexOver(file, first).refresh()).toEqual({ tools: 3, embedded: 3, computed: 3 });
    expect(first.seen).toEqual(expect.arrayContaining(catalogue.map(toolEmbeddingText)));
    expect(first.seen).toHaveLength(3);

    const second = new CountingEmbedder();
    const restarted = indexOver(file, second);
    expect(await restarted.refresh()).toEqual({ tools: 3, embedded: 3, computed: 0 });
    expect(second.seen).toEqual([]);
  });

  it('re-embeds only the tool whose description changed', async () => {
    const file = freshFile();
    await indexOver(file, new CountingEmbedder()).refresh();
    const changed = catalogue.map((tool) => (tool.name === 'create_delegation' ? { ...tool, description: 'Hands a task to someone and tracks it until done.' } : tool));
    const embedder = new CountingEmbedder();
    expect(await indexOver(file, embedder, () => changed).refresh()).toMatchObject({ embedded: 3, computed: 1 });
    expect(embedder.seen).toEqual([toolEmbeddingText(changed[1] as ToolDescriptionText)]);
  });

  it('rebuilds a damaged cache file instead of failing', async () => {
    const file = freshFile();
    await indexOver(file, new CountingEmbedder()).refresh();
    writeFileSync(file, '\u0000\u0001 not json');
    const embedder = new CountingEmbedder();
    const status = await indexOver(file, embedder).refresh();
    expect(status).toMatchObject({ tools: 3, embedded: 3, computed: 3 });
    expect(status.problem).toMatch(/not valid JSON/);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'cos-text-vectors', embedder: 'bag-of-words-32' });
    expect(await indexOver(file, new CountingEmbedder()).refresh()).toEqual({ tools: 3, embedded: 3, computed: 0 });
  });

  it('answers a cosine for embedded tools and undefined for tools not embedded yet', async () => {
    const tools = [...catalogue];
    const embedder = new CountingEmbedder();
    const index = indexOver(freshFile(), embedder, () => tools);
    let release = (): void => undefined;
    embedder.hold = { match: /scheduled jobs/, release: new Promise((resolve) => (release = resolve)) };
    // Nothing embedded yet: no request is embedded either.
    expect(await index.similarity('show webhook events that failed')).toBeUndefined();
    await index.refresh();
    tools.push({ name: 'list_scheduled_tasks', title: 'List scheduled tasks', description: 'Lists scheduled jobs.' });
    index.catalogueChanged();
    const similarity = await index.similarity('show webhook events that failed', 1_000);
    expect(similarity).toBeDefined();
    const webhook = similarity?.('list_webhook_events') as number;
    expect(webhook).toBeGreaterThan(similarity?.('create_delegation') as number);
    expect(webhook).toBeLessThanOrEqual(1);
    expect(similarity?.('no_such_tool')).toBeUndefined();
    // The catalogue change is being embedded in the background; until then the new tool has no similarity.
    expect(similarity?.('list_scheduled_tasks')).toBeUndefined();
    release();
    await index.refresh();
    expect((await index.similarity('which scheduled jobs do I have', 1_000))?.('list_scheduled_tasks')).toBeGreaterThan(0);
  });

  it('reads nothing of the catalogue for a call made before any vector is at hand (a first call at start-up)', async () => {
    const embedder = new CountingEmbedder();
    let read = 0;
    const index = indexOver(freshFile(), embedder, () => {
      read += 1;
      return catalogue;
    });
    expect(await index.similarity('show webhook events that failed')).toBeUndefined();
    expect(index.similarityAtHand('show webhook events that failed')).toBeUndefined();
    expect(read).toBe(0);
    expect(embedder.seen).toEqual([]);
    await index.refresh();
    expect((await index.similarity('show webhook events that failed', 1_000))?.('list_webhook_events')).toBeGreaterThan(0);
  });

  it('scores without meaning when the request is not embedded within the budget, and has it at hand for the next call', async () => {
    const embedder = new CountingEmbedder();
    const index = indexOver(freshFile(), embedder);
    await index.refresh();
    embedder.queryDelayMs = 200;
    const started = performance.now();
    expect(await index.similarity('delegate the budget review to Noa', 20)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(150);
    expect(index.similarityAtHand('delegate the budget review to Noa')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(index.similarityAtHand('delegate the budget review to Noa')?.('create_delegation')).toBeGreaterThan(0);
  });

  it('waits long enough by default for a warm model on a busy machine (a request taking 100 ms still gets its meaning)', async () => {
    const embedder = new CountingEmbedder();
    const index = indexOver(freshFile(), embedder);
    await index.refresh();
    await index.similarity('warm the model up', 1_000);
    embedder.queryDelayMs = 100;
    expect((await index.similarity('delegate the budget review to Noa'))?.('create_delegation')).toBeGreaterThan(0);
  });

  it('does not wait for requests while the model is still loading after a start from the cache, nor twice for one request', async () => {
    const file = freshFile();
    await indexOver(file, new CountingEmbedder()).refresh();
    let loaded = (): void => undefined;
    const embedder = Object.assign(new CountingEmbedder(), { warmUp: () => new Promise<void>((resolve) => (loaded = resolve)) });
    embedder.queryDelayMs = 300;
    const index = createToolVectorIndex({ embedder, file, tools: () => catalogue, logger: createSilentLogger() });
    const pass = index.refresh();
    while (index.status().embedded < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    let started = performance.now();
    expect(await index.similarity('show webhook events that failed', 1_000)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(100);
    loaded();
    expect(await pass).toMatchObject({ computed: 0, embedded: 3 });
    started = performance.now();
    expect(await index.similarity('delegate the budget review to Noa', 50)).toBeUndefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    started = performance.now();
    expect(await index.similarity('delegate the budget review to Noa', 1_000)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(40);
  });

  it('compares a Hebrew request through its English gloss, and gives one the lexicon cannot read no similarity', async () => {
    const embedder = new CountingEmbedder();
    const index = indexOver(freshFile(), embedder);
    await index.refresh();
    const before = embedder.seen.length;
    // "a new delegation to Noa about the budget review": the gloss carries "delegation".
    const similarity = await index.similarity('האצלה חדשה לנועה על סקירת התקציב', 1_000);
    expect(embedder.seen.slice(before)).toHaveLength(1);
    expect(embedder.seen.at(-1)).toMatch(/delegat/);
    expect(similarity?.('create_delegation')).toBeGreaterThan(similarity?.('list_events') ?? 1);
    // Words the lexicon does not know give nothing to compare: no vector, no false signal.
    const unknown = embedder.seen.length;
    expect(await index.similarity('שקשוקה חריפה', 1_000)).toBeUndefined();
    expect(embedder.seen).toHaveLength(unknown);
  });

  it("embeds a tool's English examples beside its description and answers the closer of the description and the examples' centroid", async () => {
    const embedder = new CountingEmbedder();
    const withExamples = catalogue.map((tool) =>
      tool.name === 'create_delegation' ? { ...tool, examples: ['hand the quarterly numbers to Omer, due Friday', 'תעביר את זה לדנה עד מחר'] } : tool,
    );
    const index = indexOver(freshFile(), embedder, () => withExamples);
    expect(await index.refresh()).toEqual({ tools: 3, embedded: 3, computed: 4 });
    // The Hebrew example is left to the lexical index: the model reads English only.
    expect(embedder.seen).toContain('hand the quarterly numbers to Omer, due Friday');
    expect(embedder.seen.some((text) => /[\u0590-\u05FF]/.test(text))).toBe(false);
    const similarity = await index.similarity('hand the numbers to Omer', 1_000);
    // Nothing in the description says "hand" or "numbers": the example does.
    expect(similarity?.('create_delegation')).toBeGreaterThan(0.6);
    expect(similarity?.('create_delegation')).toBeGreaterThan(similarity?.('list_webhook_events') ?? 1);
  });

  it('runs each batch only when the process is between calls', async () => {
    const embedder = new CountingEmbedder();
    let pause = (): void => undefined;
    let quietNow = new Promise<void>((resolve) => (pause = resolve));
    const index = createToolVectorIndex({ embedder, file: freshFile(), tools: () => catalogue, logger: createSilentLogger(), batchSize: 2, quiet: () => quietNow });
    const pass = index.refresh();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(embedder.seen).toEqual([]);
    pause();
    expect(await pass).toMatchObject({ computed: 3 });
    quietNow = Promise.resolve();
  });

  it('starts no new batch after close', async () => {
    const embedder = new CountingEmbedder();
    const many = Array.from({ length: 20 }, (_, i) => ({ name: `tool_${i}`, description: `Does thing number ${i}.` }));
    const index = indexOver(freshFile(), embedder, () => many);
    const pass = index.refresh();
    index.close();
    await index.settled();
    expect((await pass).computed).toBeLessThanOrEqual(2);
  });
});

describe('toolEmbeddingText', () => {
  it('spells the name in words before the title and description', () => {
    expect(toolEmbeddingText({ name: 'github__createIssue', title: 'Create issue', description: 'Opens an issue.' })).toBe('github create Issue: Create issue. Opens an issue.');
    expect(toolEmbeddingText({ name: 'memory__read_graph', description: '  Reads   the graph. ' })).toBe('memory read graph. Reads the graph.');
  });
});
