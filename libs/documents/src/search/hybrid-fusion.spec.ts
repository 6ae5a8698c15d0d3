import { describe, expect, it } from '@jest/globals';
import type { ChunkHit } from '../lance/document-chunk-table.js';
import { queryTermGroups } from '../lexical/search-terms.js';
import { bestChunkPerDocument, fuseHybrid, keywordCoverage, keywordWeight, semanticShare } from './hybrid-fusion.js';

function hit(documentId: number, chunkIndex: number, score: number, text = ''): ChunkHit {
  return { id: `${documentId}:${chunkIndex}`, documentId, chunkIndex, kind: 'chunk', path: `/d/${documentId}.md`, sourceName: `${documentId}.md`, docType: 'markdown', text, score };
}

describe('hybrid fusion', () => {
  it('keeps one chunk per document, its best', () => {
    const kept = bestChunkPerDocument([hit(1, 0, 9), hit(1, 1, 8), hit(2, 0, 7)]);
    expect(kept.map((h) => h.id)).toEqual(['1:0', '2:0']);
  });

  it('leans on keywords for long queries and full matches, on meaning for short loose ones', () => {
    const long = queryTermGroups('time sharing operating system scheduling memory paging performance measurement virtual machines');
    const short = queryTermGroups('where do we keep spare keys');
    const loose = [hit(1, 0, 3, 'the keys to success')];
    const full = [hit(1, 0, 3, 'spare keys are kept in the hall cupboard; where we keep them')];
    expect(keywordWeight(long, 0.5, 1)).toBeGreaterThan(keywordWeight(short, keywordCoverage(short, loose), 1));
    expect(keywordWeight(short, keywordCoverage(short, full), 1)).toBeGreaterThan(keywordWeight(short, keywordCoverage(short, loose), 1));
  });

  it('answers from keywords alone when the embedder cannot read the query', () => {
    expect(semanticShare(['פגישה', 'תקציב'])).toBe(0);
    expect(keywordWeight(queryTermGroups('פגישה תקציב'), 0, 0)).toBe(1);
  });

  it('a document found by both lists beats one found by either alone', () => {
    const fused = fuseHybrid([hit(1, 0, 10), hit(2, 0, 9)], [hit(3, 0, 0.6), hit(2, 0, 0.55), hit(4, 0, 0.3)], 0.5);
    expect(fused[0]?.hit.documentId).toBe(2);
    expect(new Set(fused.map((f) => f.hit.documentId)).size).toBe(fused.length);
  });

  it('with weight 1 the keyword order is kept', () => {
    const fused = fuseHybrid([hit(1, 0, 10), hit(2, 0, 5)], [hit(2, 0, 0.9), hit(3, 0, 0.8)], 1);
    expect(fused.slice(0, 2).map((f) => f.hit.documentId)).toEqual([1, 2]);
  });
});
