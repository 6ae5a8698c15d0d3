/**
 * Hebrew attaches one-letter words to the word that follows: ו (and), ה (the), ב (in), ל (to), מ (from), ש (that),
 * כ (as), and combinations ("וכשהפגישה"). Keyword search strips them so "בפגישה", "והפגישה" and "פגישה" meet, and
 * normalises the final letter forms (ך ם ן ף ץ), which change when a word is inflected. A light stem also drops the
 * commonest plural and feminine endings (ים, ות, ה), so "פגישות" meets "פגישה" and "ספקים" meets "ספק".
 */
const FINAL_LETTERS: Record<string, string> = { 'ך': 'כ', 'ם': 'מ', 'ן': 'נ', 'ף': 'פ', 'ץ': 'צ' };
const FINAL_LETTER = /[ךםןףץ]/g;
const PREFIX_LETTERS = new Set(['ו', 'ה', 'ב', 'ל', 'מ', 'ש', 'כ']);
const HEBREW_LETTER = /[\u05d0-\u05ea]/;
/** A prefix is only split off while at least this many letters remain (so "בית" stays a word). */
const MIN_STEM_LETTERS = 3;
const MAX_PREFIXES = 3;

export function isHebrewWord(word: string): boolean {
  return HEBREW_LETTER.test(word);
}

export function normaliseFinalLetters(word: string): string {
  return word.replace(FINAL_LETTER, (letter) => FINAL_LETTERS[letter] ?? letter);
}

/**
 * Whether the prefix letter `next` may follow the prefixes already split off (`dropped` of them, the last `previous`).
 * Prefixes come in a fixed order: ו (and) only first, ה (the) only last. So "המשוואה" (the equation) is not read as
 * ה+מ+"שוואה", which would meet "השוואה" (comparison), and "והפגישה" still loses ו and ה.
 */
export function mayStripHebrewPrefix(next: string, dropped: number, previous: string | undefined): boolean {
  if (previous === 'ה') return false;
  return next !== 'ו' || dropped === 0;
}

/** The forms of a word without 0, 1, 2 or 3 leading prefix letters, longest first (final letters left as they are). */
export function withoutHebrewPrefixes(word: string): string[] {
  const forms = [word];
  let rest = word;
  for (let dropped = 0; dropped < MAX_PREFIXES; dropped += 1) {
    const next = rest[0] as string;
    if (rest.length - 1 < MIN_STEM_LETTERS || !PREFIX_LETTERS.has(next) || !mayStripHebrewPrefix(next, dropped, word[dropped - 1])) break;
    rest = rest.slice(1);
    forms.push(rest);
  }
  return forms;
}

const SUFFIXES = ['ים', 'ות', 'ה'];

/** The word without its prefixes and its plural or feminine ending, as long as three letters remain. */
export function hebrewStem(word: string): string {
  const bare = withoutHebrewPrefixes(word).at(-1) as string;
  const suffix = SUFFIXES.find((ending) => bare.endsWith(ending) && bare.length - ending.length >= MIN_STEM_LETTERS);
  return suffix ? bare.slice(0, -suffix.length) : bare;
}

/**
 * The forms a Hebrew word is indexed and searched under, final letters normalised: the word, the word without each
 * number of prefixes, and its light stem.
 */
export function hebrewVariants(word: string): string[] {
  const forms = withoutHebrewPrefixes(word).map(normaliseFinalLetters);
  const stem = normaliseFinalLetters(hebrewStem(word));
  return forms.includes(stem) ? forms : [...forms, stem];
}
