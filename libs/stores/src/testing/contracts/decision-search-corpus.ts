/**
 * Decisions whose text exercises case folding (Unicode letters, ligatures, decomposed accents, full-width letters,
 * Hebrew, emoji, LIKE and FTS5 operator characters) and the queries run over them: the decision search contract
 * (ADR 0063) and the SQLite adapter's trigram-index tests both search this corpus.
 */
import type { CreateDecisionInput } from '../../lifecycle/decisions-repository.js';

/** Created in this order, one second apart except every third, which shares the previous creation time. */
export const DECISION_SEARCH_CORPUS: readonly CreateDecisionInput[] = [
  { title: 'Adopt Postgres', owner: 'Noa Levi', decidedBy: 'CTO', tags: ['DB', 'infra'] },
  { title: 'adopt POSTGRES for analytics', description: 'Second try', tags: ['db'] },
  { title: 'Rename the Straße office', context: 'Berlin team asked', owner: 'Jürgen Groß' },
  { title: 'STRASSE signage', description: 'ordered from the printer' },
  { title: 'Budget 100% approved', description: 'a_b testing budget, 10% reserve' },
  { title: 'Path C:\\temp\\cos', description: 'backslash \\ in text' },
  { title: 'Quote the "final" price', context: 'He said "yes" * twice', tags: ['pricing', 'q"uote'] },
  { title: 'Co-op with partner (draft)', description: 'NEAR term AND long term OR never', owner: 'Dana' },
  { title: 'שלום עולם', description: 'החלטה על תקציב', owner: 'דנה כהן', tags: ['תקציב'] },
  { title: 'Café opening', description: 'Cafe\u0301 with decomposed accent', decidedBy: 'ÉCOLE board' },
  { title: 'ﬁle the taxes', description: 'ligature ﬁ in the title' },
  { title: 'ΣΟΦΙΑ meeting', description: 'σοφια in lower case, final ς' },
  { title: 'İstanbul trip', context: 'istanbul ISTANBUL' },
  { title: 'Ｆｕｌｌ width ＡＢＣ', description: 'abc plain' },
  { title: 'Launch 🚀 rocket', description: 'emoji in text' },
  { title: 'Tabs\tand\nnewlines', description: 'line one\nline two' },
  { title: 'It’s “curly” – dashes', description: "it's straight" },
  { title: 'µs latency goal', description: 'micro sign µ' },
  { title: 'title: column filter', tags: ['ops', 'a,b'] },
  { title: 'Plain decision', owner: 'noa levi', decidedBy: 'Board' },
  { title: 'Hire a designer', description: 'Open a role', tags: ['hiring'], owner: 'Dana' },
  { title: 'Short', description: 'ab' },
];

export const DECISION_SEARCH_QUERIES: readonly string[] = [
  'adopt', 'ADOPT', 'postgres', 'Straße', 'STRASSE', 'strasse', 'straße office', 'ss', 'ß', 'groß', 'GROSS',
  'שלום', 'של', 'ש', 'תקציב', 'café', 'CAFÉ', 'cafe\u0301', 'école', 'ﬁle', 'FILE', 'fi', '100%', '%', '10%', '_',
  'a_b', 'a%b', '\\', '\\temp', '"', '"final"', '"yes" *', '*', 'q"uote', '-', 'co-op', '(', '(draft)', 'NEAR', 'AND',
  'OR never', 'title:', 'σοφια', 'ΣΟΦΙΑ', 'ς', 'İstanbul', 'istanbul', 'ＡＢＣ', 'abc', 'full', '🚀', 'rocket',
  '\t', 'and\nnew', 'it’s', "it's", '“curly”', '–', 'µs', 'μs', 'db', '["db"', '","', 'ops', 'a,b', 'noa', 'NOA LEVI',
  'dana', 'board', 'cto', 'e', 'ab', 'xyz-not-there', 'a',
];
