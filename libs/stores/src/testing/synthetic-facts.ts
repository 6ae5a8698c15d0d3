/**
 * Synthetic facts shaped like real memory, for benchmarks: a Zipf-distributed vocabulary with English letter
 * frequencies (so words and their trigrams are distributed like real text), people's names, short values. Seeded, so
 * every run and every adapter sees the same data and queries.
 */
import { FACT_CATEGORIES } from '../db/enums.js';

export interface SyntheticFact {
  category: (typeof FACT_CATEGORIES)[number];
  key: string;
  value: string;
  confidence: number;
  pinned: boolean;
  /** Created and updated at (ISO). */
  at: string;
}

/** Deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** English letter frequencies (per mille). */
const LETTERS = 'etaoinshrdlcumwfgypbvkjxqz';
const LETTER_WEIGHTS = [127, 91, 82, 75, 70, 67, 63, 61, 60, 43, 40, 28, 28, 24, 24, 22, 20, 20, 19, 15, 10, 8, 2, 2, 1, 1];
const NAMES = ['Noa', 'Ben', 'Maya', 'Omar', 'Lena', 'Ravi', 'Sofia', 'Yuki', 'Tom', 'Ada', 'Ivan', 'Zara', 'Leo', 'Mia', 'Sam', 'Eli'];
const VOCABULARY_SIZE = 20_000;

function pickLetter(rand: () => number): string {
  let r = rand() * 1000;
  for (let i = 0; i < LETTERS.length; i += 1) {
    r -= LETTER_WEIGHTS[i] as number;
    if (r <= 0) return LETTERS[i] as string;
  }
  return 'e';
}

/** Zipf-like pick: low ranks far more often than high ones. */
function zipfPick<T>(items: readonly T[], rand: () => number): T {
  const index = Math.min(items.length - 1, Math.floor(Math.pow(rand(), 2.5) * items.length));
  return items[index] as T;
}

let words: string[] | undefined;

/** The vocabulary every synthetic fact and query draws from (built once, when first asked for). */
export function syntheticFactWords(): readonly string[] {
  if (!words) {
    const rand = random(1);
    const found = new Set<string>();
    while (found.size < VOCABULARY_SIZE) {
      const length = 2 + Math.floor(rand() * 5) + Math.floor(rand() * 5);
      let word = '';
      for (let i = 0; i < length; i += 1) word += pickLetter(rand);
      found.add(word);
    }
    words = [...found];
  }
  return words;
}

/** `count` facts (the same ones for the same count), dated within the year before `now`. */
export function syntheticFacts(count: number, now: Date): SyntheticFact[] {
  const vocabulary = syntheticFactWords();
  const rand = random(count);
  return Array.from({ length: count }, (_, i) => {
    const name = NAMES[i % NAMES.length] as string;
    const length = 6 + Math.floor(rand() * 20);
    const value = [name, ...Array.from({ length }, () => zipfPick(vocabulary, rand))].join(' ');
    const at = new Date(now.getTime() - Math.floor(rand() * 365) * 86_400_000).toISOString();
    const category = FACT_CATEGORIES[i % FACT_CATEGORIES.length] as SyntheticFact['category'];
    return { category, key: `${name.toLowerCase()}_${zipfPick(vocabulary, rand)}_${i}`, value, confidence: 0.3 + rand() * 0.7, pinned: rand() < 0.05, at };
  });
}

/** 64 queries over the same vocabulary: a quarter a name and a word, the rest two words. */
export function syntheticFactQueries(): string[] {
  const vocabulary = syntheticFactWords();
  const rand = random(42);
  return Array.from({ length: 64 }, (_, i) =>
    i % 4 === 0 ? `${NAMES[i % NAMES.length]} ${zipfPick(vocabulary, rand)}` : `${zipfPick(vocabulary, rand)} ${zipfPick(vocabulary, rand)}`,
  );
}
