import { describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { chunkSearchTerms, factSearchTerms, mailMessageSearchTerms, messageSearchTerms, unicode61Tokens } from './search-terms.js';

/** The distinct terms SQLite's own FTS5 tokenizer (as `facts_fts` is configured) makes of a text. */
function fts5Terms(text: string): string[] {
  const sqlite = new Database(':memory:');
  try {
    sqlite.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize='unicode61 remove_diacritics 2'); CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row');`);
    sqlite.prepare('INSERT INTO t(x) VALUES (?)').run(text);
    return (sqlite.prepare('SELECT term FROM v ORDER BY term').all() as { term: string }[]).map((row) => row.term);
  } finally {
    sqlite.close();
  }
}

const SAMPLES = [
  'Project.Atlas_owner: Renée Müller, café',
  'people.dana — Dana leads the Q3 launch (2026-03-01)',
  'הַפְּגִישָׁה מחר ב-10:00 עם דנה',
  'naïve façade coöperate Ångström Øre Łódź',
  'cafe\u0301 decomposed',
  'ﬁle № ½ ß Straße ΣΊΣΥΦΟΣ',
  'x@example.com +1 (555) 010-2030',
];

describe('search terms written for PostgreSQL', () => {
  it.each(SAMPLES)('splits and folds fact text exactly as FTS5 unicode61 remove_diacritics 2 does: %s', (text) => {
    expect([...new Set(unicode61Tokens(text))].sort()).toEqual(fts5Terms(text));
  });

  it('joins a fact key, value and category', () => {
    expect(factSearchTerms({ key: 'people.dana', value: 'Dana leads the Q3 launch', category: 'work' })).toBe('people dana dana leads the q3 launch work');
  });

  it('joins the columns SQLite indexes for mail and messages, `to` as its stored JSON text', () => {
    const to = [{ name: 'Dana Levi', address: 'dana@example.com' }];
    expect(mailMessageSearchTerms({ subject: 'Q3 plan', fromName: 'Omer', fromAddress: 'omer@example.com', to, bodyText: 'See you' })).toBe(
      'q3 plan é omer é omer example com é name dana levi address dana example com é see you',
    );
    const onlyTo = mailMessageSearchTerms({ subject: '', fromName: '', fromAddress: '', to, bodyText: '' }).split(' ');
    expect([...new Set(onlyTo.filter((term) => term !== 'é'))].sort()).toEqual(fts5Terms(JSON.stringify(to)));
    // The field break is never a query term: unicode61 drops the diacritic of a typed é.
    expect(unicode61Tokens('é')).toEqual(['e']);
    expect(messageSearchTerms({ text: 'On my way', senderHandle: '+15550100', senderName: null })).toBe('on my way é 15550100 é');
  });

  it('gives chunks the analysed terms of the documents (stems, no stop words, Hebrew prefix variants)', () => {
    expect(chunkSearchTerms('The meetings were scheduled')).toBe('meet schedul');
    expect(chunkSearchTerms('בפגישות').split(' ')).toEqual(expect.arrayContaining(['פגישות']));
  });
});
