/**
 * Structural evidence applied on top of a fused relevance, the same way for every kind of text: a share `m` (0..1) of
 * something the query asks for that an item carries — the names the query mentions, the date it names — keeps
 * `r · (1 + w · m) / (1 + w)`. An item carrying all of it keeps its relevance; one carrying none is divided by
 * `1 + w`, so the evidence reorders items of like relevance without lifting an item that matched nothing.
 */
import { isStopWord } from '@chief-of-staff/core';

/** Scales every value of `relevance` in place by its share of the evidence. A weight of 0 or less changes nothing. */
export function boostByShare<K>(relevance: Map<K, number>, shareOf: (key: K) => number | undefined, weight: number): void {
  if (weight <= 0) return;
  for (const [key, value] of relevance) {
    const share = shareOf(key);
    if (share === undefined) continue;
    relevance.set(key, (value * (1 + weight * share)) / (1 + weight));
  }
}

/** Words of the query written with a capital that are not function words: the people and places it names, folded. */
export function queryNames(query: string): string[] {
  const names = new Set<string>();
  for (const match of query.matchAll(/\p{Lu}[\p{L}\p{M}\p{N}]*/gu)) {
    const word = match[0];
    if (word.length > 1 && !isStopWord(word)) names.add(word.toLocaleLowerCase());
  }
  return [...names];
}

/** The share of `names` among a text's words (`words`: lower-cased). */
export function nameShare(names: readonly string[], words: ReadonlySet<string>): number {
  return names.length === 0 ? 0 : names.filter((name) => words.has(name)).length / names.length;
}
