/**
 * An English gloss of a request written mostly in Hebrew: each Hebrew word replaced by the English words the bilingual
 * lexicon gives it (words it does not know are dropped, Latin words and numbers kept). The sentence embedder reads
 * English only, so a Hebrew request is compared with tool descriptions and example requests through its gloss, which
 * carries what the request is about ("remind pay Monday") if not how it is said.
 */
import { foldedWords, isHebrewWord } from '@chief-of-staff/core';
import { sharedBilingualLexicon, type BilingualLexicon } from './bilingual-lexicon.js';

/** English words kept per Hebrew word: the lexicon's first are its closest. */
const WORDS_PER_TERM = 2;

export function isMostlyHebrew(text: string): boolean {
  const hebrew = text.match(/[\u0590-\u05FF]/g)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return hebrew > latin;
}

/** The gloss of a mostly-Hebrew request, or undefined for any other text and for one the lexicon knows no word of. */
export function englishGlossOf(request: string, lexicon: BilingualLexicon = sharedBilingualLexicon()): string | undefined {
  if (!isMostlyHebrew(request)) return undefined;
  const words: string[] = [];
  let translated = 0;
  for (const word of foldedWords(request)) {
    if (!isHebrewWord(word)) {
      words.push(word);
      continue;
    }
    const english = lexicon.englishFor(word).slice(0, WORDS_PER_TERM);
    if (english.length === 0) continue;
    translated += 1;
    for (const term of english) if (!words.includes(term)) words.push(term);
  }
  return translated === 0 ? undefined : words.join(' ');
}
