import { describe, expect, it } from '@jest/globals';
import { queryDaySpans, withinDaySpans } from './query-time.js';

describe('the dates a question names', () => {
  it('reads a day, a month and a year in the ways people write them, each once', () => {
    expect(queryDaySpans('What painting did Melanie show to Caroline on October 13, 2023?')).toEqual([{ from: '2023-10-13', before: '2023-10-14' }]);
    expect(queryDaySpans('What did Gina find for her clothing store on 1 February, 2023?')).toEqual([{ from: '2023-02-01', before: '2023-02-02' }]);
    expect(queryDaySpans('What did we decide on 2026-03-02?')).toEqual([{ from: '2026-03-02', before: '2026-03-03' }]);
    expect(queryDaySpans('Which class did Maria start in December 2023?')).toEqual([{ from: '2023-12-01', before: '2024-01-01' }]);
    expect(queryDaySpans('Trips in Sept. 2023')).toEqual([{ from: '2023-09-01', before: '2023-10-01' }]);
    expect(queryDaySpans('How many times has Melanie gone to the beach in 2023?')).toEqual([{ from: '2023-01-01', before: '2024-01-01' }]);
  });

  it('reads nothing it would have to guess: a month without a year, relative days, impossible dates', () => {
    expect(queryDaySpans('When did Melanie go camping in June?')).toEqual([]);
    expect(queryDaySpans('What did John do last weekend?')).toEqual([]);
    expect(queryDaySpans('What happened on 2023-02-29?')).toEqual([]);
    expect(queryDaySpans('May I ask what Noa drinks?')).toEqual([]);
  });

  it('matches a stored day or moment by its day', () => {
    const july = queryDaySpans('in July 2023');
    expect(withinDaySpans('2023-07-31', july)).toBe(true);
    expect(withinDaySpans('2023-07-02T13:56:00.000Z', july)).toBe(true);
    expect(withinDaySpans('2023-08-01T00:00:00.000Z', july)).toBe(false);
  });
});
