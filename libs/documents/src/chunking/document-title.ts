/**
 * The text a document's title column holds: its file name as words, its first heading, and its section headings
 * (levels 1–3), without repeats and capped in length. Keyword search weighs a query word found here above one found
 * only in the body, because a title or heading says what a whole document or section is about.
 */
import { basename, extname } from 'node:path';
import type { TextBlock } from './text-blocks.js';

const MAX_TITLE_HEADING_LEVEL = 3;
const MAX_TITLE_WORDS = 40;

/** "board-minutes_march.md" → "board minutes march". */
export function fileNameWords(file: string): string {
  const name = basename(file, extname(file));
  return name
    .replace(/[-_.]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
}

export function documentTitle(file: string, blocks: readonly TextBlock[]): string {
  const parts = [fileNameWords(file)];
  for (const block of blocks) {
    if (block.kind === 'heading' && block.level <= MAX_TITLE_HEADING_LEVEL && !parts.includes(block.text)) parts.push(block.text);
  }
  const words = parts.join(' · ').split(/\s+/).filter((word) => word !== '');
  return words.slice(0, MAX_TITLE_WORDS).join(' ');
}
