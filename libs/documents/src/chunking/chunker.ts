/**
 * Structure-aware chunking (~100 words with a 20-word overlap: one 128-token window of the default embedder,
 * see ADR 0007 and docs/reference/tool-catalogue.md#documents). Chunks start at section boundaries when
 * the current chunk already has some substance, paragraphs are kept whole when they fit, long paragraphs are
 * split at sentence ends and verbatim blocks at line ends. A chunk that continues a section starts with the
 * section's heading trail and with the last `overlapWords` words of the previous chunk, so it reads on its own.
 */
import type { TextBlock } from './text-blocks.js';

/** About as many words of prose as USE-lite reads in one 128-token window. */
export const DEFAULT_CHUNK_WORDS = 100;
export const DEFAULT_OVERLAP_WORDS = 20;

export interface ChunkingOptions {
  /** Target and maximum words per chunk (default 100). */
  chunkWords?: number;
  /** Words repeated from the previous chunk of the same section (default 20). */
  overlapWords?: number;
}

interface Piece {
  text: string;
  words: number;
}

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

function lastWords(text: string, count: number): string {
  if (count <= 0) return '';
  const words = text.trim().split(/\s+/);
  return words.slice(Math.max(0, words.length - count)).join(' ');
}

/** Splits `text` into pieces of at most `max` words, preferring the given boundaries, then bare word counts. */
function splitToFit(text: string, max: number, boundary: RegExp, joiner: string): Piece[] {
  const words = countWords(text);
  if (words <= max) return [{ text, words }];
  const units = text.split(boundary).filter((unit) => unit.trim() !== '');
  const pieces: Piece[] = [];
  let current: string[] = [];
  let currentWords = 0;
  const flush = (): void => {
    if (current.length > 0) pieces.push({ text: current.join(joiner).trim(), words: currentWords });
    current = [];
    currentWords = 0;
  };
  for (const unit of units) {
    const unitWords = countWords(unit);
    if (unitWords > max) {
      flush();
      const tokens = unit.trim().split(/\s+/);
      for (let start = 0; start < tokens.length; start += max) {
        const slice = tokens.slice(start, start + max);
        pieces.push({ text: slice.join(' '), words: slice.length });
      }
      continue;
    }
    if (currentWords + unitWords > max) flush();
    current.push(unit);
    currentWords += unitWords;
  }
  flush();
  return pieces;
}

/** Turns blocks into chunk texts. Empty input gives no chunks; headings alone give one. */
export function chunkBlocks(blocks: readonly TextBlock[], options: ChunkingOptions = {}): string[] {
  const chunkWords = Math.max(20, options.chunkWords ?? DEFAULT_CHUNK_WORDS);
  const overlapWords = Math.min(Math.max(0, options.overlapWords ?? DEFAULT_OVERLAP_WORDS), Math.floor(chunkWords / 2));
  const minSectionWords = Math.floor(chunkWords / 4);
  const chunks: string[] = [];
  const trail: { level: number; text: string }[] = [];
  let parts: string[] = [];
  let words = 0;
  let hasBody = false;

  const emit = (): string => {
    const text = parts.join('\n\n').trim();
    if (hasBody && text !== '') chunks.push(text);
    parts = [];
    words = 0;
    hasBody = false;
    return text;
  };
  /** Starts a continuation chunk: heading trail for context plus the overlap from the chunk just emitted. */
  const continueFrom = (previous: string): void => {
    const heading = trail.map((entry) => entry.text).join(' › ');
    if (heading !== '') {
      parts.push(heading);
      words += countWords(heading);
    }
    const overlap = lastWords(previous, overlapWords);
    if (overlap !== '') {
      parts.push(overlap);
      words += countWords(overlap);
    }
  };

  for (const block of blocks) {
    if (block.kind === 'heading') {
      if (words >= minSectionWords && hasBody) emit();
      while (trail.length > 0 && (trail[trail.length - 1] as { level: number }).level >= block.level) trail.pop();
      trail.push({ level: block.level, text: block.text });
      parts.push(block.text);
      words += countWords(block.text);
      continue;
    }
    // Pieces leave room for the heading trail and overlap that a continuation chunk starts with.
    const pieces =
      block.kind === 'verbatim'
        ? splitToFit(block.text, chunkWords - overlapWords - 10, /\n/, '\n')
        : splitToFit(block.text, chunkWords - overlapWords - 10, /(?<=[.!?])\s+/, ' ');
    for (const piece of pieces) {
      if (hasBody && words + piece.words > chunkWords) continueFrom(emit());
      parts.push(piece.text);
      words += piece.words;
      hasBody = true;
    }
  }
  const rest = emit();
  // A document of headings alone (a note that is only its title) is still found by them.
  if (chunks.length === 0 && rest !== '') chunks.push(rest);
  return chunks;
}
