/**
 * Retrieval quality on a labelled corpus of 50 documents: mean reciprocal rank (top 10) of the answering document
 * per mode, for 32 paraphrased questions (no words in common with the answer, the hard case for keywords) and 12
 * exact-term questions (names, numbers, codes, the hard case for meaning). Hybrid has to do well on both; the
 * figures of every mode are printed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDatabase, type CosDatabase } from '@chief-of-staff/stores';
import { DocumentService } from '../document-service.js';
import { WorkerPoolEmbedder } from '../embedding/worker-pool-embedder.js';
import type { SearchMode } from '../search/search-types.js';
import { EXACT_TERM_QUERIES, RETRIEVAL_DOCUMENTS, RETRIEVAL_QUERIES, type LabelledQuery } from './retrieval-corpus.js';

const base = mkdtempSync(join(tmpdir(), 'cos-retrieval-'));
const root = join(base, 'documents');
const embedder = new WorkerPoolEmbedder();
let database: CosDatabase;
let service: DocumentService;

async function meanReciprocalRank(queries: readonly LabelledQuery[], mode: SearchMode): Promise<number> {
  let total = 0;
  for (const { query, answer } of queries) {
    const { items } = await service.search(query, { mode, topK: 10 });
    const rank = items.findIndex((item) => item.sourceName === answer);
    total += rank < 0 ? 0 : 1 / (rank + 1);
  }
  return total / queries.length;
}

beforeAll(async () => {
  mkdirSync(root, { recursive: true });
  for (const doc of RETRIEVAL_DOCUMENTS) writeFileSync(join(root, doc.file), doc.text);
  database = openDatabase({ dataDir: base });
  service = new DocumentService({ database, vectorsDir: join(base, 'vectors'), allowedRoots: [root], embedder });
  await service.ingest(root);
});

afterAll(async () => {
  await service.close();
  await embedder.close();
  database.close();
  rmSync(base, { recursive: true, force: true });
});

async function figures(queries: readonly LabelledQuery[]) {
  const result = {
    hybrid: await meanReciprocalRank(queries, 'hybrid'),
    vector: await meanReciprocalRank(queries, 'vector'),
    fts: await meanReciprocalRank(queries, 'fts'),
  };
  return Object.fromEntries(Object.entries(result).map(([mode, mrr]) => [mode, Math.round(mrr * 1000) / 1000])) as typeof result;
}

describe('retrieval quality (MRR@10)', () => {
  it('hybrid does well on paraphrases and on exact terms, and best over both', async () => {
    expect(RETRIEVAL_DOCUMENTS).toHaveLength(50);
    expect(RETRIEVAL_QUERIES.length).toBeGreaterThanOrEqual(30);
    const paraphrased = await figures(RETRIEVAL_QUERIES);
    const exact = await figures(EXACT_TERM_QUERIES);
    const all = await figures([...RETRIEVAL_QUERIES, ...EXACT_TERM_QUERIES]);
    process.stderr.write(`retrieval MRR@10 paraphrased=${JSON.stringify(paraphrased)} exact=${JSON.stringify(exact)} all=${JSON.stringify(all)}\n`);
    expect(paraphrased.hybrid).toBeGreaterThanOrEqual(0.8);
    expect(exact.hybrid).toBeGreaterThanOrEqual(0.95);
    expect(all.hybrid).toBeGreaterThanOrEqual(0.8);
    expect(all.hybrid).toBeGreaterThan(all.vector);
    expect(all.hybrid).toBeGreaterThan(all.fts);
  });
});
