/**
 * The text analyser behind document keyword search. It lives in the core library, shared with the tool catalogue's
 * index, so both index and query the same way; this module keeps the documents library's own import path.
 */
export { foldedWords, lexicalText, queryTermGroups, searchTerms, wordTerms } from '@chief-of-staff/core';
