/** Marking a search's words in a passage: escaped text always, `<mark>` the only markup, any script's letters. */
import { describe, expect, it } from '@jest/globals';
import { highlightPassage, queryTerms, splitAtTerms } from './highlight-passage.js';

async function render(passage: string, query: string): Promise<string> {
  return (await highlightPassage(passage, query)).toString();
}

describe('highlightPassage', () => {
  it('marks every occurrence of the query words, whatever their case', async () => {
    expect(await render('Invoice 1042 from Acme; ACME pays invoices late.', 'acme invoice')).toBe(
      '<mark>Invoice</mark> 1042 from <mark>Acme</mark>; <mark>ACME</mark> pays <mark>invoice</mark>s late.',
    );
  });

  it('escapes the passage and the query, so a file cannot inject markup', async () => {
    expect(await render('<script>alert(1)</script> Acme & co', 'script acme')).toBe(
      '&lt;<mark>script</mark>&gt;alert(1)&lt;/<mark>script</mark>&gt; <mark>Acme</mark> &amp; co',
    );
    expect(await render('a <b>bold</b> claim', '<b>bold')).toBe('a &lt;b&gt;<mark>bold</mark>&lt;/b&gt; claim');
  });

  it('treats regular-expression characters in the query as text', async () => {
    expect(queryTerms('(a+b)* [x] c++ .*')).toEqual([]);
    // One-character words (`5`) are left unmarked: they would mark half a passage.
    expect(await render('cost is $5.00 (approx)', '5.00 approx)')).toBe('cost is $5.<mark>00</mark> (<mark>approx</mark>)');
  });

  it('marks Hebrew words too', async () => {
    expect(await render('הפגישה עם דנה נדחתה', 'דנה')).toBe('הפגישה עם <mark>דנה</mark> נדחתה');
  });

  it('keeps the passage whole when nothing matches or the query has no words', () => {
    expect(splitAtTerms('nothing here', queryTerms('zebra'))).toEqual([{ text: 'nothing here', marked: false }]);
    expect(splitAtTerms('a b', [])).toEqual([{ text: 'a b', marked: false }]);
  });
});
