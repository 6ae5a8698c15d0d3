import { describe, expect, it } from '@jest/globals';
import { chunkBlocks, countWords } from './chunker.js';
import type { TextBlock } from './text-blocks.js';

const words = (count: number, word = 'word'): string => Array.from({ length: count }, (_, i) => `${word}${i}`).join(' ');
const sentences = (count: number, prefix: string): string =>
  Array.from({ length: count }, (_, i) => `${prefix} sentence number ${i} has exactly eight words.`).join(' ');

describe('chunkBlocks', () => {
  it('gives no chunks for no text', () => {
    expect(chunkBlocks([])).toEqual([]);
  });

  it('keeps a document of headings alone as one chunk, so a note that is only its title is found', () => {
    expect(chunkBlocks([{ kind: 'heading', level: 1, text: 'Only a title' }])).toEqual(['Only a title']);
    expect(chunkBlocks([{ kind: 'heading', level: 1, text: 'Trip' }, { kind: 'heading', level: 2, text: 'Packing list' }])).toEqual(['Trip\n\nPacking list']);
  });

  it('keeps a short document in one chunk with its heading', () => {
    const chunks = chunkBlocks([
      { kind: 'heading', level: 1, text: 'Hiring' },
      { kind: 'paragraph', text: 'Two engineers join in March.' },
    ]);
    expect(chunks).toEqual(['Hiring\n\nTwo engineers join in March.']);
  });

  it('keeps every chunk near the target size and repeats the overlap in the next chunk', () => {
    const blocks: TextBlock[] = [{ kind: 'heading', level: 1, text: 'Report' }, { kind: 'paragraph', text: sentences(100, 'Alpha') }];
    const chunks = chunkBlocks(blocks, { chunkWords: 200, overlapWords: 30 });
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    for (const chunk of chunks) expect(countWords(chunk)).toBeLessThanOrEqual(200);
    const firstTail = (chunks[0] as string).split(/\s+/).slice(-30).join(' ');
    expect(chunks[1]).toContain(firstTail);
    // Continuation chunks carry the section heading for context.
    expect((chunks[1] as string).startsWith('Report')).toBe(true);
  });

  it('starts a new chunk at a heading once the current one has substance, without overlap across sections', () => {
    const chunks = chunkBlocks(
      [
        { kind: 'heading', level: 1, text: 'Budget' },
        { kind: 'paragraph', text: words(80, 'budget') },
        { kind: 'heading', level: 1, text: 'Travel' },
        { kind: 'paragraph', text: words(40, 'travel') },
      ],
      { chunkWords: 200, overlapWords: 30 },
    );
    expect(chunks).toHaveLength(2);
    expect(chunks[1]).toMatch(/^Travel/);
    expect(chunks[1]).not.toContain('budget');
  });

  it('merges tiny sections instead of emitting tiny chunks', () => {
    const chunks = chunkBlocks([
      { kind: 'heading', level: 2, text: 'A' },
      { kind: 'paragraph', text: 'short.' },
      { kind: 'heading', level: 2, text: 'B' },
      { kind: 'paragraph', text: 'also short.' },
    ]);
    expect(chunks).toEqual(['A\n\nshort.\n\nB\n\nalso short.']);
  });

  it('splits verbatim blocks at line ends, never inside a line', () => {
    const lines = Array.from({ length: 120 }, (_, i) => `row ${i}: alpha beta gamma`).join('\n');
    const chunks = chunkBlocks([{ kind: 'verbatim', text: lines }], { chunkWords: 100, overlapWords: 0 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      for (const line of chunk.split('\n')) expect(line).toMatch(/^row \d+: alpha beta gamma$/);
    }
  });

  it('splits a single overlong run of words', () => {
    const chunks = chunkBlocks([{ kind: 'paragraph', text: words(500) }], { chunkWords: 100, overlapWords: 10 });
    expect(chunks.length).toBeGreaterThanOrEqual(5);
    for (const chunk of chunks) expect(countWords(chunk)).toBeLessThanOrEqual(100);
  });
});
