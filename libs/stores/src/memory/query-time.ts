/**
 * The calendar dates a question names ("on October 13, 2023", "in July 2023", "in 2023"), as day spans a fact's
 * observed time can fall in (docs/reference/algorithms.md#fact-ranking). Only absolute dates: a month without a year
 * or "last week" would need a reference time the question does not carry, and a guess would bury the right fact.
 */
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const YEAR = String.raw`((?:19|20)\d\d)`;

/** Days `from` (inclusive) to `before` (exclusive), both `YYYY-MM-DD`. */
export interface DaySpan {
  from: string;
  before: string;
}

function monthNumber(name: string): number {
  const lower = name.toLowerCase();
  return MONTHS.findIndex((month) => month.startsWith(lower.slice(0, 3))) + 1;
}

function day(year: number, month: number, date: number): string | undefined {
  const value = new Date(Date.UTC(year, month - 1, date));
  if (value.getUTCFullYear() !== year || value.getUTCMonth() !== month - 1 || value.getUTCDate() !== date) return undefined;
  return value.toISOString().slice(0, 10);
}

function plusDays(first: string, days: number): string {
  const value = new Date(`${first}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

type Reader = (match: RegExpMatchArray) => DaySpan | undefined;

const oneDay = (first: string | undefined): DaySpan | undefined => (first === undefined ? undefined : { from: first, before: plusDays(first, 1) });

/** Most precise first: a span's text is blanked once read, so "October 13, 2023" is not also read as "2023". */
const READERS: readonly [RegExp, Reader][] = [
  [/\b(\d{4})-(\d{2})-(\d{2})\b/g, (m) => oneDay(day(Number(m[1]), Number(m[2]), Number(m[3])))],
  [new RegExp(String.raw`\b${MONTH}\s+${DAY},?\s+${YEAR}\b`, 'gi'), (m) => oneDay(day(Number(m[3]), monthNumber(m[1] ?? ''), Number(m[2])))],
  [new RegExp(String.raw`\b${DAY}\s+(?:of\s+)?${MONTH},?\s+${YEAR}\b`, 'gi'), (m) => oneDay(day(Number(m[3]), monthNumber(m[2] ?? ''), Number(m[1])))],
  [
    new RegExp(String.raw`\b${MONTH},?\s+(?:of\s+)?${YEAR}\b`, 'gi'),
    (m) => {
      const month = monthNumber(m[1] ?? '');
      const first = day(Number(m[2]), month, 1);
      return first === undefined ? undefined : { from: first, before: month === 12 ? `${Number(m[2]) + 1}-01-01` : (day(Number(m[2]), month + 1, 1) as string) };
    },
  ],
  [new RegExp(String.raw`\b${YEAR}\b`, 'g'), (m) => ({ from: `${m[1]}-01-01`, before: `${Number(m[1]) + 1}-01-01` })],
];

export function queryDaySpans(query: string): DaySpan[] {
  let text = query;
  const spans: DaySpan[] = [];
  for (const [pattern, read] of READERS) {
    let blanked = text;
    for (const match of text.matchAll(pattern)) {
      const span = read(match);
      if (span !== undefined) spans.push(span);
      const at = match.index ?? 0;
      blanked = blanked.slice(0, at) + ' '.repeat(match[0].length) + blanked.slice(at + match[0].length);
    }
    text = blanked;
  }
  return spans;
}

/** Whether a time (a day or a moment) falls on a day of one of the spans. */
export function withinDaySpans(time: string, spans: readonly DaySpan[]): boolean {
  const dayOf = time.slice(0, 10);
  return spans.some((span) => dayOf >= span.from && dayOf < span.before);
}
