import { describe, expect, it } from '@jest/globals';
import { buildBilingualLexicon } from './bilingual-lexicon.js';
import { createCatalogueIndex, lexicalOrder, nameInitials, queryGroupsOf, withinOneEdit, type IndexedToolText } from './catalogue-index.js';
import { firstPlaces } from './evidence.js';

const tools: IndexedToolText[] = [
  { name: 'get_calendar_events', title: 'Calendar events', description: 'Lists the events of your calendar in a date range.' },
  { name: 'list_webhook_events', title: 'Webhook events', description: 'Lists received webhook deliveries, including the ones that failed to process.' },
  { name: 'files__readTextFile', description: 'Read the complete contents of a file as text.', parameters: [{ name: 'path', description: 'Absolute path of the file' }] },
  { name: 'notes__append', title: 'Append note', description: 'Appends a line to a note.', parameters: [{ name: 'folder', description: 'Notebook folder to write into' }] },
  { name: 'heb__hafatsa', title: 'הפצה', description: 'שולח הודעה לכל אנשי הקשר ברשימת התפוצה' },
];
const index = () => createCatalogueIndex(tools);
const ranked = (query: string, catalogue = index()) => catalogue.search(query).map((match) => match.tool);

describe('catalogue index', () => {
  it('splits server__tool, snake_case and camelCase names into words', () => {
    expect(ranked('read a text file')[0]).toBe('files__readTextFile');
    expect(ranked('webhook events')[0]).toBe('list_webhook_events');
  });

  it('matches stemmed forms and weighs the words that set a tool apart ("failed" over "events")', () => {
    expect(ranked('show webhook events that failed')[0]).toBe('list_webhook_events');
    expect(ranked('which events failed')[0]).toBe('list_webhook_events');
  });

  it('finds the first places of the ranking without sorting every match, ties in score by name', () => {
    // Editions of one tool under other names score alike for most requests: ties are the common case at scale.
    const editions = tools.flatMap((tool) => ['', '_pro', '_eu', '_lite'].map((suffix) => ({ ...tool, name: `${tool.name}${suffix}` })));
    const catalogue = createCatalogueIndex(editions);
    for (const query of ['show webhook events that failed', 'read a text file', 'events', 'notebook folder events', 'nothing like this']) {
      const sorted = catalogue.search(query);
      const unsorted = catalogue.search(query, undefined, { sorted: false });
      expect([...unsorted].sort(lexicalOrder)).toEqual(sorted);
      for (const count of [1, 3, 6, 50]) expect(firstPlaces(unsorted, count)).toEqual(sorted.slice(0, count));
    }
  });

  it('indexes parameter names and descriptions', () => {
    expect(ranked('notebook folder')[0]).toBe('notes__append');
  });

  it('analyses Hebrew descriptions with the Hebrew rules (prefixes and plural endings)', () => {
    expect(ranked('הודעות לתפוצה')[0]).toBe('heb__hafatsa');
  });

  it('maps Hebrew request words onto the English words of tool descriptions', () => {
    expect(ranked('מה יש ביומן שלי')[0]).toBe('get_calendar_events');
    const groups = queryGroupsOf('תמצא את הקובץ', buildBilingualLexicon());
    expect(groups.find((group) => group.word === 'הקובצ' || group.word === 'הקובץ')?.translated).toEqual(expect.arrayContaining(['file']));
  });

  it('tells which request words no tool uses, in order, with fillers known and near spellings counted as known', () => {
    expect(index().requestWords('tell me a joke about my calender')).toEqual([
      { word: 'tell', known: true },
      { word: 'joke', known: false },
      { word: 'calender', known: true },
    ]);
    expect(index().requestWords('מה יש ביומן').map((word) => word.known)).toEqual([true]);
  });

  it('gives a request with nothing in common low coverage and words it shares full coverage', () => {
    expect(index().search('how do I bake sourdough bread')).toEqual([]);
    const [match] = index().search('webhook deliveries');
    expect(match?.coverage).toBeCloseTo(1, 5);
    const [partial] = index().search('webhook recipes for sourdough');
    expect(partial?.coverage).toBeLessThan(0.5);
  });

  it('adds, replaces and removes tools one at a time, without a rebuild', () => {
    const catalogue = index();
    catalogue.add({ name: 'scheduler__list_jobs', title: 'Scheduled jobs', description: 'Lists the scheduled jobs, such as nightly backups.' });
    expect(ranked('which scheduled jobs do I have', catalogue)[0]).toBe('scheduler__list_jobs');
    expect(ranked('nightly backups', catalogue)).toEqual(['scheduler__list_jobs']);
    catalogue.add({ name: 'scheduler__list_jobs', title: 'Scheduled jobs', description: 'Lists the cron entries.' });
    expect(ranked('nightly backups', catalogue)).toEqual([]);
    expect(ranked('cron entries', catalogue)[0]).toBe('scheduler__list_jobs');
    catalogue.remove('scheduler__list_jobs');
    expect(catalogue.has('scheduler__list_jobs')).toBe(false);
    expect(ranked('cron entries', catalogue)).toEqual([]);
    expect(catalogue.size).toBe(tools.length);
    // The remaining tools score as in a fresh index of the same catalogue.
    expect(catalogue.search('webhook events that failed')).toEqual(index().search('webhook events that failed'));
  });

  it('indexes example requests, in English and Hebrew, beside the description', () => {
    const catalogue = index();
    expect(ranked('check it off, the printer ink is bought', catalogue)).not.toContain('notes__append');
    catalogue.add({ ...(tools[3] as IndexedToolText), examples: ['jot down that the printer ink is bought', 'תרשום שקניתי דיו למדפסת'] });
    expect(ranked('printer ink is bought', catalogue)[0]).toBe('notes__append');
    expect(ranked('קניתי דיו', catalogue)[0]).toBe('notes__append');
  });

  it('searches only the tools available to the caller', () => {
    const available = new Set(['get_calendar_events']);
    expect(index().search('webhook events', available).map((match) => match.tool)).toEqual(['get_calendar_events']);
  });

  it('ignores numbers and filler words in requests', () => {
    expect(queryGroupsOf('please show 17 files', buildBilingualLexicon()).map((group) => group.word)).toEqual(['files']);
  });

  it('reads an unknown word of five letters or more as the catalogue words one edit away, below a direct match', () => {
    expect(ranked('whats on my calender')[0]).toBe('get_calendar_events');
    expect(index().corrections('calender')).toEqual(['calendar']);
    expect(index().corrections('webhok')).toEqual(['webhook']);
    // Known words, short words, Hebrew and words with nothing one edit away are left as they are.
    expect(index().corrections('calendar')).toEqual([]);
    expect(index().corrections('evnt')).toEqual([]);
    expect(index().corrections('ביומנן')).toEqual([]);
    expect(index().corrections('sourdough')).toEqual([]);
    const [typo] = index().search('calender');
    const [exact] = index().search('calendar');
    expect(typo?.score).toBeLessThan(exact?.score ?? 0);
  });

  it('counts one edit as a letter inserted, deleted or replaced, or two neighbours swapped', () => {
    expect(withinOneEdit('remnd', 'remind')).toBe(true);
    expect(withinOneEdit('cleanning', 'cleaning')).toBe(true);
    expect(withinOneEdit('calender', 'calendar')).toBe(true);
    expect(withinOneEdit('calednar', 'calendar')).toBe(true);
    expect(withinOneEdit('weather', 'whether')).toBe(false);
    expect(withinOneEdit('weather', 'watcher')).toBe(false);
  });

  it('indexes the initials of word pairs of a tool name after its verb, so "PRs" meets pull_request', () => {
    expect(nameInitials('github__create_pull_request')).toEqual(['pr']);
    expect(nameInitials('get_pull_request_status')).toEqual(['pr', 'rs']);
    expect(nameInitials('list_commits')).toEqual([]);
    const catalogue = createCatalogueIndex([
      ...tools,
      { name: 'github__list_pull_requests', description: 'List and filter repository pull requests.' },
      { name: 'github__list_issues', description: 'List issues in a repository.' },
    ]);
    expect(ranked('any open PRs on the repo?', catalogue)[0]).toBe('github__list_pull_requests');
  });
});
