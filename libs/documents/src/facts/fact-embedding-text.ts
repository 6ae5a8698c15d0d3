/**
 * How a fact becomes text to embed, the same for every adapter of the memory store's `FactVectorIndex` port (the
 * LanceDB and the PostgreSQL fact vectors), so vectors copied from one to the other still match their facts.
 */
import type { FactToEmbed } from '@chief-of-staff/stores';

/** Facts are short, but values may reach 10,000 characters; the embedding covers the start. */
const MAX_EMBED_WORDS = 250;

/** The text a fact is embedded as: its key in words, then its value. */
export function factEmbeddingText(fact: Pick<FactToEmbed, 'key' | 'value'>): string {
  const key = fact.key.replace(/[_\-.]+/g, ' ').trim();
  const words = `${key}: ${fact.value}`.trim().split(/\s+/);
  return words.slice(0, MAX_EMBED_WORDS).join(' ');
}
