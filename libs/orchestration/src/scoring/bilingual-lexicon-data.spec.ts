import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { DOMAIN_PROFILES } from '../registry/domain-signals.js';
import { ENGLISH_WORDS, HEBREW_WORD, parseBilingualLexicon, shippedBilingualLexicon } from './bilingual-lexicon-data.js';

const file = (name: string): unknown => JSON.parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8'));

/** A small valid lexicon, changed by each case below. */
const valid = () => ({
  domainWords: { calendar: 'calendar event meeting' },
  groups: [{ group: 'Calendar and time', terms: [['פגישה', 'meeting event calendar'], ['ספק', 'supplier vendor', 'Also "doubt", which names no tool.']] }],
});

describe('bilingual lexicon data', () => {
  it('loads the shipped file: every group, in order, and English words for every domain of the signals', () => {
    const data = shippedBilingualLexicon();
    expect(data.terms.length).toBeGreaterThan(800);
    expect(data.terms[0]).toEqual(['פגישה', 'meeting event calendar']);
    expect(data.terms.at(-1)).toEqual(['ביצועים', 'performance statistics']);
    expect(DOMAIN_PROFILES.map((profile) => profile.domain).filter((domain) => data.domainWords[domain] === undefined)).toEqual([]);
  });

  it('checks the rules its JSON schema states', () => {
    const schema = file('bilingual-lexicon.schema.json') as { $defs: Record<string, { pattern: string }> };
    expect(schema.$defs['hebrewWord']?.pattern).toBe(HEBREW_WORD.source);
    expect(schema.$defs['englishWords']?.pattern).toBe(ENGLISH_WORDS.source);
    expect((file('bilingual-lexicon.json') as { $schema: string }).$schema).toBe('./bilingual-lexicon.schema.json');
  });

  it('reads a valid lexicon, notes left out', () => {
    expect(parseBilingualLexicon(valid())).toEqual({
      domainWords: { calendar: 'calendar event meeting' },
      terms: [['פגישה', 'meeting event calendar'], ['ספק', 'supplier vendor']],
    });
  });

  it('names the malformed term: its group, its place and what it holds', () => {
    const latin = valid();
    latin.groups[0]?.terms.push(['meeting', 'meeting']);
    expect(() => parseBilingualLexicon(latin)).toThrow('bilingual-lexicon.json: group "Calendar and time", term 3 ["meeting","meeting"]: the first item must be one Hebrew word');
    const upper = valid();
    upper.groups[0]?.terms.push(['יומן', 'Calendar']);
    expect(() => parseBilingualLexicon(upper, 'lexicon.json')).toThrow('lexicon.json: group "Calendar and time", term 3 ["יומן","Calendar"]: the second item must be English words');
    const lone = valid();
    lone.groups[0]?.terms.push(['יומן']);
    expect(() => parseBilingualLexicon(lone)).toThrow('term 3 ["יומן"]: a term is [hebrew, english] or [hebrew, english, note]');
  });

  it('names a malformed group, domain or field', () => {
    expect(() => parseBilingualLexicon({ ...valid(), groups: [{ group: 'Empty', terms: [] }] })).toThrow('group "Empty": "terms" must be a non-empty list');
    expect(() => parseBilingualLexicon({ ...valid(), groups: [{ terms: [['יומן', 'calendar']] }] })).toThrow('group 1: a group is');
    expect(() => parseBilingualLexicon({ ...valid(), domainWords: { calendar: '' } })).toThrow('domainWords "calendar": English words');
    expect(() => parseBilingualLexicon({ ...valid(), terms: [] })).toThrow('unknown field "terms"');
  });
});
