import { describe, expect, it } from '@jest/globals';
import { labelTableCells } from './table-cell-labels.js';

describe('labelTableCells', () => {
  it("labels each body cell with its column's heading, leaving row headings and given labels alone", () => {
    const page = `<p>before</p><table><caption>Facts</caption>
<thead><tr><th scope="col">Task</th><th scope="col">Delegated <span class="visually-hidden">to</span></th><th scope="col">Status</th></tr></thead>
<tbody><tr><th scope="row">Send the budget</th><td class="x">Noa</td><td data-label="Now">active</td></tr></tbody></table>`;
    expect(labelTableCells(page)).toBe(`<p>before</p><table><caption>Facts</caption>
<thead><tr><th scope="col">Task</th><th scope="col">Delegated <span class="visually-hidden">to</span></th><th scope="col">Status</th></tr></thead>
<tbody><tr><th scope="row">Send the budget</th><td class="x" data-label="Delegated to">Noa</td><td data-label="Now">active</td></tr></tbody></table>`);
  });

  it('leaves a table without a heading row, and a page without tables, as they are', () => {
    const page = '<table><tr><td>a</td></tr></table><p>x</p>';
    expect(labelTableCells(page)).toBe(page);
    expect(labelTableCells('<p>no tables</p>')).toBe('<p>no tables</p>');
  });

  it('labels every table of the page by its own headings', () => {
    const page = '<table><thead><tr><th>A</th></tr></thead><tr><td>1</td></tr></table><table><thead><tr><th>B &amp; C</th></tr></thead><tbody><tr><td>2</td></tr></tbody></table>';
    expect(labelTableCells(page)).toBe(
      '<table><thead><tr><th>A</th></tr></thead><tr><td data-label="A">1</td></tr></table><table><thead><tr><th>B &amp; C</th></tr></thead><tbody><tr><td data-label="B &amp; C">2</td></tr></tbody></table>',
    );
  });
});
