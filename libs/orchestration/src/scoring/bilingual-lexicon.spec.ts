import { describe, expect, it } from '@jest/globals';
import { buildBilingualLexicon } from './bilingual-lexicon.js';

const lexicon = buildBilingualLexicon();

describe('bilingual lexicon', () => {
  it('maps Hebrew domain words onto the English words tools are described with, through prefixes and plural endings', () => {
    expect(lexicon.englishFor('ביומן')).toContain('calendar');
    expect(lexicon.englishFor('והפגישות')).toContain('meeting');
    expect(lexicon.englishFor('מקומות')).toContain('location');
  });

  it('meets future and imperative verbs on their base form', () => {
    expect(lexicon.englishFor('תכבה')).toContain('disable');
  });

  it("takes the domain signals' Hebrew keywords and the Hebrew ways of saying actions", () => {
    expect(lexicon.englishFor('החלטנו')).toContain('decision');
    expect(lexicon.englishFor('תייבא')).toContain('import');
  });

  it('maps English ways of saying an action onto the action word of tool names, and knows nothing else', () => {
    expect(lexicon.englishFor('archive')).toContain('move');
    expect(lexicon.englishFor('sourdough')).toEqual([]);
    expect(lexicon.englishFor('שקשוקה')).toEqual([]);
    expect(lexicon.size).toBeGreaterThan(200);
  });
});
