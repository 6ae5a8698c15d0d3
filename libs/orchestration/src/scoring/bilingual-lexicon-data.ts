/**
 * The data of the bilingual lexicon, kept as data (`bilingual-lexicon.json`, one term per line; its schema is
 * `bilingual-lexicon.schema.json`) and checked against the same rules when the lexicon is first built: a malformed
 * term fails at start-up with the term named, instead of being quietly left out of every gloss. The file is imported,
 * not read from disk, so a bundle carries it inline. Checked by hand rather than through zod: ~1 ms instead of ~15 ms
 * for 800 terms, on the path of the first request that needs the catalogue index.
 */
import lexiconFile from './bilingual-lexicon.json' with { type: 'json' };

/** One Hebrew word as the dictionary writes it (letters, with ׳ ״ ' " or - inside). */
export const HEBREW_WORD = /^[\u05D0-\u05EA][\u05D0-\u05EA\u05F3\u05F4'"-]*$/u;
/** English words as tool names and descriptions use them: lower case, separated by single spaces. */
export const ENGLISH_WORDS = /^[a-z0-9'-]+( [a-z0-9'-]+)*$/;
export const DOMAIN_NAME = /^[a-z_]+$/;

export interface BilingualLexiconData {
  /** The English words each domain's Hebrew keywords (in the domain signals) stand for. */
  domainWords: Readonly<Record<string, string>>;
  /** Every group's terms in file order: Hebrew base form → English words, the first the closest. */
  terms: ReadonlyArray<readonly [string, string]>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function unexpectedKeys(value: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  return Object.keys(value).find((key) => !allowed.includes(key));
}

/** Why a term is malformed (`[hebrew, english, note?]`), or undefined. */
function termProblem(term: unknown): string | undefined {
  if (!Array.isArray(term) || term.length < 2 || term.length > 3) return 'a term is [hebrew, english] or [hebrew, english, note]';
  const [hebrew, english, note] = term as unknown[];
  if (typeof hebrew !== 'string' || !HEBREW_WORD.test(hebrew)) return 'the first item must be one Hebrew word';
  if (typeof english !== 'string' || !ENGLISH_WORDS.test(english)) return 'the second item must be English words in lower case, separated by single spaces';
  if (term.length === 3 && (typeof note !== 'string' || note.trim() === '')) return 'a note must be a non-empty string';
  return undefined;
}

function parseDomainWords(value: unknown, source: string): Record<string, string> {
  if (!isRecord(value)) throw new Error(`${source}: "domainWords" must be an object of domain → English words`);
  for (const [domain, words] of Object.entries(value)) {
    if (!DOMAIN_NAME.test(domain)) throw new Error(`${source}: domainWords "${domain}": not a domain name (lower case and _)`);
    if (typeof words !== 'string' || !ENGLISH_WORDS.test(words)) throw new Error(`${source}: domainWords "${domain}": English words in lower case, separated by single spaces`);
  }
  return value as Record<string, string>;
}

function parseGroup(group: unknown, index: number, source: string): Array<readonly [string, string]> {
  if (!isRecord(group) || typeof group.group !== 'string' || group.group.trim() === '') {
    throw new Error(`${source}: group ${index + 1}: a group is { "group": name, "note"?: text, "terms": [...] }`);
  }
  const name = `group "${group.group}"`;
  const extra = unexpectedKeys(group, ['group', 'note', 'terms']);
  if (extra !== undefined) throw new Error(`${source}: ${name}: unknown field "${extra}"`);
  if (group.note !== undefined && typeof group.note !== 'string') throw new Error(`${source}: ${name}: "note" must be a string`);
  if (!Array.isArray(group.terms) || group.terms.length === 0) throw new Error(`${source}: ${name}: "terms" must be a non-empty list`);
  return group.terms.map((term: unknown, at: number) => {
    const problem = termProblem(term);
    if (problem !== undefined) throw new Error(`${source}: ${name}, term ${at + 1} ${JSON.stringify(term)}: ${problem}`);
    const [hebrew, english] = term as [string, string];
    return [hebrew, english] as const;
  });
}

/** The lexicon's data from its file's contents; throws naming the first malformed entry. */
export function parseBilingualLexicon(data: unknown, source = 'bilingual-lexicon.json'): BilingualLexiconData {
  if (!isRecord(data)) throw new Error(`${source}: the lexicon must be an object`);
  const extra = unexpectedKeys(data, ['$schema', 'about', 'domainWords', 'groups']);
  if (extra !== undefined) throw new Error(`${source}: unknown field "${extra}"`);
  const domainWords = parseDomainWords(data.domainWords, source);
  if (!Array.isArray(data.groups)) throw new Error(`${source}: "groups" must be a list`);
  return { domainWords, terms: data.groups.flatMap((group: unknown, index: number) => parseGroup(group, index, source)) };
}

/** The lexicon data shipped with the library. */
export function shippedBilingualLexicon(): BilingualLexiconData {
  return parseBilingualLexicon(lexiconFile);
}
