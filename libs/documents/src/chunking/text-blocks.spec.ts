import { describe, expect, it } from '@jest/globals';
import { markdownBlocks, paragraphBlocks, verbatimBlocks } from './text-blocks.js';

describe('markdownBlocks', () => {
  it('keeps headings with their level, paragraphs, and fenced code whole', () => {
    const blocks = markdownBlocks(
      ['# Plan', '', 'First line', 'continues here.', '', '## Budget ##', '```ts', 'const a = 1;', '', 'const b = 2;', '```', 'Setext', '======', 'tail'].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Plan' },
      { kind: 'paragraph', text: 'First line\ncontinues here.' },
      { kind: 'heading', level: 2, text: 'Budget' },
      { kind: 'verbatim', text: 'const a = 1;\n\nconst b = 2;' },
      { kind: 'heading', level: 1, text: 'Setext' },
      { kind: 'paragraph', text: 'tail' },
    ]);
  });

  it('treats Windows line endings like Unix ones', () => {
    expect(markdownBlocks('# A\r\n\r\nbody\r\n')).toEqual([
      { kind: 'heading', level: 1, text: 'A' },
      { kind: 'paragraph', text: 'body' },
    ]);
  });
});

describe('paragraph and verbatim blocks', () => {
  it('split at blank lines and drop empty parts', () => {
    expect(paragraphBlocks('one\n\n \n\ntwo\nlines\n')).toEqual([
      { kind: 'paragraph', text: 'one' },
      { kind: 'paragraph', text: 'two\nlines' },
    ]);
    expect(verbatimBlocks('  indented: 1\n\n\nnext: 2')).toEqual([
      { kind: 'verbatim', text: '  indented: 1' },
      { kind: 'verbatim', text: 'next: 2' },
    ]);
  });
});
