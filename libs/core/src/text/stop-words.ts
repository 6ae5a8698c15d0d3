/**
 * English function words dropped from full-text queries (documents, facts and the tool catalogue). They match
 * unrelated text and push noise into the keyword lists, and in a large store they match most rows, each of which
 * BM25 must then score.
 */
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing done down during each few for from further get gets getting got had has have having he her ' +
    'here hers herself him himself his how i if in into is it its itself just me might more most must my myself no nor not ' +
    'now of off on once only or other ought our ours ourselves out over own same shall she should so some such than that ' +
    'the their theirs them themselves then there these they this those through to too under until up very was we were what ' +
    'when where which while who whom why will with would you your yours yourself yourselves ' +
    // Contractions as people type them without the apostrophe ("whats", "dont"); with it they split into a stop word
    // and a lone letter.
    'whats whos hows wheres whens whys thats theres heres dont doesnt didnt isnt arent wasnt werent cant wont couldnt ' +
    'wouldnt shouldnt ive youre theyre weve lets'
  ).split(' '),
);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase());
}

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
