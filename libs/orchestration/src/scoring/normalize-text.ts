/**
 * Text normalisation shared by queries and keywords, so both sides meet in one form: NFKC, Hebrew points and
 * cantillation removed, Hebrew final letters folded (ך→כ, ם→מ, ן→נ, ף→פ, ץ→צ), Latin lower-cased, quotes and geresh
 * dropped, tokens of letters and digits. Hebrew tokens also yield variants without one or two leading prefix
 * letters (ו ה ב ל מ ש כ) while at least two letters remain ("ובפגישה" → "בפגישה", "פגישה"); English tokens yield a
 * light stem (plural -s, -es, -ing, -ed), so "meetings" meets "meeting".
 */
import { mayStripHebrewPrefix } from '@chief-of-staff/core';

const HEBREW_POINTS = /[\u0591-\u05C7]/g;
const FINALS: Record<string, string> = { ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' };
const HEBREW_PREFIXES = new Set(['ו', 'ה', 'ב', 'ל', 'מ', 'ש', 'כ']);
const HEBREW_LETTER = /[\u05D0-\u05EA]/;

/** NFKC, points stripped, finals folded, lower-cased, quotes and geresh removed. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(HEBREW_POINTS, '')
    .replace(/[ךםןףץ]/g, (letter) => FINALS[letter] ?? letter)
    .toLowerCase()
    .replace(/['"`\u05F3\u05F4\u2018\u2019\u201C\u201D]/g, '');
}

/** Tokens of letters and digits, in order. */
export function tokenize(text: string): string[] {
  return normalizeText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A Hebrew token without up to two leading prefix letters, keeping at least two letters. */
function hebrewVariants(token: string): string[] {
  const out: string[] = [];
  let rest = token;
  for (let i = 0; i < 2; i += 1) {
    const first = rest[0];
    if (first === undefined || !HEBREW_PREFIXES.has(first) || rest.length - 1 < 2 || !mayStripHebrewPrefix(first, i, token[i - 1])) break;
    rest = rest.slice(1);
    out.push(rest);
  }
  return out;
}

const NOT_PLURAL = new Set(['news', 'series', 'status', 'analysis', 'always', 'this', 'his', 'us', 'bus', 'gas', 'yes', 'ios', 'whatsapp']);

/**
 * Light English stems: enough to meet plural and verb forms ("meetings" → "meeting", "scheduled" → "schedul" and
 * "schedule"), never shorter than three letters. Returns the token itself when nothing applies.
 */
export function englishStems(token: string): string[] {
  if (NOT_PLURAL.has(token) || token.length < 4) return [token];
  const ending = /(ies|sses|shes|ches|xes|s|ing|ed)$/.exec(token)?.[1];
  if (ending === undefined || (ending === 's' && token.endsWith('ss'))) return [token];
  if (ending === 'ies') return [token, `${token.slice(0, -3)}y`];
  if (ending === 'sses' || ending === 'shes' || ending === 'ches' || ending === 'xes') return [token, token.slice(0, -2)];
  if (ending === 's') return [token, token.slice(0, -1)];
  const stem = token.slice(0, -ending.length);
  if (stem.length < 3) return [token];
  // "scheduled" → "schedul", "schedule"; "booking" → "book", "booke" (harmless: it matches nothing).
  return [token, stem, `${stem}e`];
}

/** The main stem (for tests and callers that need one form). */
export function englishStem(token: string): string {
  return englishStems(token)[1] ?? token;
}

/** Every form a token may match in: itself, its Hebrew prefix-less variants, its English stem. */
export function tokenForms(token: string): string[] {
  if (HEBREW_LETTER.test(token)) return [token, ...hebrewVariants(token)];
  return englishStems(token);
}

/**
 * The forms a keyword word matches in: itself and its English stems. Hebrew keywords are written in their base form,
 * so they get no prefix variants (stripping "הו" from "הוטל" would leave "טל", which "בטל" also reduces to).
 */
export function keywordForms(token: string): string[] {
  return HEBREW_LETTER.test(token) ? [token] : englishStems(token);
}

/** The set of every form of every token of `text`. */
export function formsOf(text: string): Set<string> {
  const forms = new Set<string>();
  for (const token of tokenize(text)) for (const form of tokenForms(token)) forms.add(form);
  return forms;
}
