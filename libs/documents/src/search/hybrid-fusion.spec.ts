import { describe, expect, it } from '@jest/globals';
import type { ChunkHit } from '../store/chunk-store.js';
import { queryTermGroups } from '../lexical/search-terms.js';
import { bestChunkPerDocument, fuseHybrid, fusionEvidence, listAgreement, semanticShare, semanticWeight } from './hybrid-fusion.js';

function hit(documentId: number, chunkIndex: number, score: number, text = ''): ChunkHit {
  return { id: `${documentId}:${chunkIndex}`, documentId, chunkIndex, kind: 'chunk', path: `/d/${documentId}.md`, sourceName: `${documentId}.md`, docType: 'markdown', text, score };
}

describe('hybrid fusion', () => {
  it('keeps one chunk per document, its best', () => {
    const kept = bestChunkPerDocument([hit(1, 0, 9), hit(1, 1, 8), hit(2, 0, 7)]);
    expect(kept.map((h) => h.id)).toEqual(['1:0', '2:0']);
  });

  it('leans on keywords for long queries and full matches, on meaning for short loose ones', () => {
    const evidence = { words: 3, coverage: 0.5, keywordHits: 3, agreement: 1, readable: 1 };
    expect(semanticWeight({ ...evidence, words: 12 })).toBeLessThan(semanticWeight(evidence));
    const short = queryTermGroups('where do we keep spare keys');
    const loose = [hit(1, 0, 3, 'the keys to success')];
    const full = [hit(1, 0, 3, 'spare keys are kept in the hall cupboard; where we keep them')];
    const semantic = [hit(1, 0, 0.5)];
    expect(semanticWeight(fusionEvidence(short, full, semantic, 1))).toBeLessThan(semanticWeight(fusionEvidence(short, loose, semantic, 1)));
  });

  it('answers from keywords alone when the embedder cannot read the query', () => {
    expect(semanticShare(['פגישה', 'תקציב'])).toBe(0);
    expect(semanticWeight(fusionEvidence(queryTermGroups('פגישה תקציב'), [], [hit(1, 0, 0.5)], 0))).toBe(0);
  });

  it('falls back to keywords when a confident keyword list and the semantic list share nothing', () => {
    const groups = queryTermGroups('boundary layer transition heated plate');
    const text = 'boundary layer transition on a heated flat plate';
    const keyword = Array.from({ length: 12 }, (_, index) => hit(index + 1, 0, 12 - index, text));
    const unrelated = Array.from({ length: 10 }, (_, index) => hit(100 + index, 0, 0.6 - index / 100));
    const related = Array.from({ length: 10 }, (_, index) => hit(index + 1, 0, 0.6 - index / 100));
    expect(listAgreement(keyword, unrelated)).toBe(0);
    expect(semanticWeight(fusionEvidence(groups, keyword, unrelated, 1))).toBe(0);
    expect(semanticWeight(fusionEvidence(groups, keyword, related, 1))).toBeGreaterThan(0);
    const fused = fuseHybrid(keyword, unrelated, semanticWeight(fusionEvidence(groups, keyword, unrelated, 1)));
    expect(fused.slice(0, 12).map((f) => f.hit.documentId)).toEqual(keyword.map((h) => h.documentId));
  });

  it('keeps a flat semantic list flat instead of stretching its noise over the whole scale', () => {
    const keyword = [hit(1, 0, 10), hit(2, 0, 9.5)];
    const flat = [hit(2, 0, 0.61), hit(1, 0, 0.6)];
    expect(fuseHybrid(keyword, flat, 0.5, 0.2)[0]?.hit.documentId).toBe(1);
    expect(fuseHybrid(keyword, flat, 0.5, 0)[0]?.hit.documentId).toBe(2);
  });

  it('a document found by both lists beats one found by either alone', () => {
    const fused = fuseHybrid([hit(1, 0, 10), hit(2, 0, 9)], [hit(3, 0, 0.6), hit(2, 0, 0.55), hit(4, 0, 0.3)], 0.5);
    expect(fused[0]?.hit.documentId).toBe(2);
    expect(new Set(fused.map((f) => f.hit.documentId)).size).toBe(fused.length);
  });

  it('with no semantic share the keyword order is kept', () => {
    const fused = fuseHybrid([hit(1, 0, 10), hit(2, 0, 5)], [hit(2, 0, 0.9), hit(3, 0, 0.8)], 0);
    expect(fused.slice(0, 2).map((f) => f.hit.documentId)).toEqual([1, 2]);
  });
});
