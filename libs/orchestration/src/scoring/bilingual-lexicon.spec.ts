import { describe, expect, it } from '@jest/globals';
import { buildBilingualLexicon } from './bilingual-lexicon.js';
import { englishGlossOf } from './request-gloss.js';

const lexicon = buildBilingualLexicon();

describe('bilingual lexicon', () => {
  it('maps Hebrew domain words onto the English words tools are described with, through prefixes and plural endings', () => {
    expect(lexicon.englishFor('ביומן')).toContain('calendar');
    expect(lexicon.englishFor('והפגישות')).toContain('meeting');
    expect(lexicon.englishFor('מקומות')).toContain('location');
  });

  it("never reads an entry's own first letter as a prefix: the equation is no comparison", () => {
    expect(lexicon.englishFor('השוואה')).toContain('compare');
    expect(lexicon.englishFor('בהשוואה')).toContain('compare');
    expect(lexicon.englishFor('המשוואה')).not.toContain('compare');
    expect(lexicon.englishFor('משוואות')).not.toContain('compare');
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

  it('knows everyday request verbs in their feminine, plural and past forms, behind prefixes', () => {
    expect(lexicon.englishFor('ושתעבירי')).toContain('forward');
    expect(lexicon.englishFor('תשלחו')).toContain('send');
    expect(lexicon.englishFor('כששלחתי')).toContain('sent');
    expect(lexicon.englishFor('תזמיני')).toContain('book');
    expect(lexicon.englishFor('תתאמי')).toContain('schedule');
    expect(lexicon.englishFor('תטפלי')).toContain('task');
  });

  it('knows the nouns of work life, time, people, files and code', () => {
    expect(lexicon.englishFor('לספקים')).toContain('supplier');
    expect(lexicon.englishFor('והחשבונית')).toContain('invoice');
    expect(lexicon.englishFor('בכוננות')).toContain('on-call');
    expect(lexicon.englishFor('חודשי')).toContain('monthly');
    expect(lexicon.englishFor('לאמא')).toContain('mother');
    expect(lexicon.englishFor('בפולדר')).toContain('folder');
    expect(lexicon.englishFor('לרפו')).toContain('repository');
    expect(lexicon.englishFor('בגיטהאב')).toContain('github');
  });

  it('keeps both senses of a two-sense word and does not let a short form swallow a longer one', () => {
    // "מזג" alone is weather ("מזג אוויר"), so a weather request's gloss says nothing of merging; the imperative is merge.
    expect(lexicon.englishFor('מזג')).toEqual(['weather']);
    expect(englishGlossOf('מה מזג האוויר מחר')).not.toContain('merge');
    expect(lexicon.englishFor('תמזגי')).toEqual(['merge']);
    // "שלישי" must not be read as "ישי" (what is left of "שישי" without its ש).
    expect(lexicon.englishFor('בשלישי')).toEqual(['tuesday']);
  });

  it('glosses a hyphenated loanword through its parts', () => {
    expect(englishGlossOf('תמזגי את הפי-אר ברפו')).toMatch(/merge.*pull request.*repository/);
  });
});
