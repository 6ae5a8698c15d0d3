/**
 * The one text analyser behind keyword search (documents, and the tool catalogue), used on both sides: the full-text index stores the terms of each
 * chunk (joined by spaces, indexed by LanceDB's whitespace tokenizer), and a query is turned into terms the same way,
 * so the two always agree.
 *
 * - Words are split on anything that is not a letter, digit or underscore, lower-cased, and stripped of diacritics
 *   (Latin accents, Hebrew vowel points).
 * - English function words are dropped; English words are reduced to their Porter stem ("meetings" → "meet").
 * - Hebrew words have their final letters normalised (ך ם ן ף ץ → כ מ נ פ צ) and are indexed with the variants that
 *   drop up to three one-letter prefixes (ו ה ב ל מ ש כ) plus a light stem without the plural or feminine ending, so
 *   "והפגישה", "בפגישות" and "פגישה" meet (see hebrew-prefixes.ts). The bundled embedder reads
 *   English only, so for Hebrew this is the path that finds things.
 */
import { stemmer } from 'stemmer';
import { hebrewVariants, isHebrewWord } from './hebrew-prefixes.js';
import { isStopWord } from './stop-words.js';

const WORD_SPLIT = /[^\p{L}\p{N}_]+/u;
const COMBINING_MARKS = /\p{M}+/gu;
const LATIN_WORD = /^[a-z]+$/;
/** The words of a text, folded (lower case, no diacritics), in order; no stemming or stop-word removal. */
export function foldedWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .split(WORD_SPLIT)
    .filter((word) => word !== '');
}

/**
 * The index terms of one word (empty for a stop word or a lone Latin letter); a Hebrew word yields its variants,
 * most specific first.
 */
export function wordTerms(word: string): string[] {
  if (isHebrewWord(word)) return hebrewVariants(word);
  if (LATIN_WORD.test(word)) {
    if (word.length < 2 || isStopWord(word)) return [];
    return [stemOf(word)];
  }
  return [word];
}

/**
 * Porter stems, remembered: a text's words repeat (a catalogue's descriptions and example requests, a document's
 * chunks), and the stemmer's regular expressions cost more than a look-up. Bounded, so unusual text cannot grow it
 * without limit.
 */
const stems = new Map<string, string>();
const MAX_REMEMBERED_STEMS = 50_000;

function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= MAX_REMEMBERED_STEMS) stems.clear();
    stem = stemmer(word);
    stems.set(word, stem);
  }
  return stem;
}

/** Index terms of a text, in order (a Hebrew word contributes all its variants at its position). */
export function searchTerms(text: string): string[] {
  return foldedWords(text).flatMap(wordTerms);
}

/** The text stored in the full-text column: the terms joined by single spaces. */
export function lexicalText(text: string): string {
  return searchTerms(text).join(' ');
}

/**
 * A query's terms, one group per query word (a Hebrew word's variants form one group); words that yield no terms
 * (stop words) are left out. Empty when nothing searchable is left.
 */
export function queryTermGroups(query: string): string[][] {
  return foldedWords(query)
    .map(wordTerms)
    .filter((group) => group.length > 0);
}
