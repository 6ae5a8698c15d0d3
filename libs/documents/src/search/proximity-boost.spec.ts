import { describe, expect, it } from '@jest/globals';
import type { ChunkHit } from '../store/chunk-store.js';
import { queryTermGroups } from '../lexical/search-terms.js';
import { boostProximity, proximityShare } from './proximity-boost.js';

function hit(id: string, score: number, text: string): ChunkHit {
  return { id, documentId: Number(id), chunkIndex: 0, kind: 'chunk', path: `/d/${id}.md`, sourceName: `${id}.md`, docType: 'markdown', text, score };
}

describe('phrase boost', () => {
  const query = queryTermGroups('notice period');

  it('counts query words that stand next to each other in the passage', () => {
    expect(proximityShare(query, 'The notice period is sixty days.')).toBe(1);
    expect(proximityShare(query, 'Give notice in writing. The trial period lasts a month.')).toBe(0);
  });

  it('lets the passage with the phrase overtake an equal BM25 score without it', () => {
    const ranked = boostProximity(query, [hit('1', 5, 'notice was given; the period ended'), hit('2', 5, 'the notice period is sixty days')]);
    expect(ranked.map((h) => h.id)).toEqual(['2', '1']);
  });

  it('finds Hebrew phrases whatever prefixes the words carry', () => {
    expect(proximityShare(queryTermGroups('חופשת לידה'), 'מדיניות: בחופשת לידה מגיעים עשרים שבועות')).toBe(1);
  });
});
