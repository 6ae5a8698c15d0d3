/**
 * Keyword queries for full-text search: the query's words minus English function words (the list lives in the core
 * library's text analyser, shared with document and tool-catalogue search). Only the query side is filtered: the
 * indexes are unchanged.
 */
import { isStopWord } from '@chief-of-staff/core';

export { isStopWord };

/**
 * The query's words minus stop words, joined by spaces; empty when nothing searchable is left (document search
 * then runs no keyword search).
 */
export function keywordQuery(query: string): string {
  return query
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((word) => word !== '' && !isStopWord(word))
    .join(' ');
}
