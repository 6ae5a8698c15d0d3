/**
 * The structure every extractor produces and the chunker consumes: headings (with their level), prose
 * paragraphs and verbatim blocks (code, records). Keeping structure until chunking lets chunks start at
 * section boundaries and carry their heading trail.
 */

export type TextBlock =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  /** Line-oriented content (source code, CSV records, YAML): split at line boundaries, never re-flowed. */
  | { kind: 'verbatim'; text: string };

const ATX_HEADING = /^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const FENCE = /^\s*(```|~~~)/;

/** Splits plain text into paragraphs at blank lines. */
export function paragraphBlocks(text: string): TextBlock[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => ({ kind: 'paragraph' as const, text: part }));
}

/** Splits line-oriented text into verbatim blocks at blank lines (lines inside a block are kept as they are). */
export function verbatimBlocks(text: string): TextBlock[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((part) => part.replace(/^\n+|\s+$/g, ''))
    .filter((part) => part.trim() !== '')
    .map((part) => ({ kind: 'verbatim' as const, text: part }));
}

/**
 * Markdown to blocks: ATX and setext headings, fenced code kept whole, everything else as paragraphs split at
 * blank lines. Inline markup is left as written; the embedder and full-text index cope with it.
 */
export function markdownBlocks(markdown: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flushParagraph = (): void => {
    const text = paragraph.join('\n').trim();
    if (text !== '') blocks.push({ kind: 'paragraph', text });
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    const fence = FENCE.exec(line);
    if (fence) {
      flushParagraph();
      const code: string[] = [];
      index++;
      while (index < lines.length && !(lines[index] as string).trimStart().startsWith(fence[1] as string)) {
        code.push(lines[index] as string);
        index++;
      }
      const text = code.join('\n').replace(/\s+$/, '');
      if (text.trim() !== '') blocks.push({ kind: 'verbatim', text });
      continue;
    }
    const heading = ATX_HEADING.exec(line);
    if (heading) {
      flushParagraph();
      const text = (heading[2] as string).trim();
      if (text !== '') blocks.push({ kind: 'heading', level: (heading[1] as string).length, text });
      continue;
    }
    const next = lines[index + 1];
    if (paragraph.length === 0 && line.trim() !== '' && next !== undefined && /^(=+|-+)\s*$/.test(next)) {
      blocks.push({ kind: 'heading', level: next.trim().startsWith('=') ? 1 : 2, text: line.trim() });
      index++;
      continue;
    }
    if (line.trim() === '') flushParagraph();
    else paragraph.push(line);
  }
  flushParagraph();
  return blocks;
}
