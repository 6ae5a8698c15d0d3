/**
 * Gives each body cell of a page's tables its column's heading as `data-label`, so that on a narrow screen, where the
 * stylesheet turns each row into a stacked card and hides the heading row, every value still says what it is. Done
 * once on the rendered page rather than in each section, so no table can be left without it; a cell that already has
 * a `data-label` keeps its own. Row headings (`<th>`) are the card's title and are left as they are.
 */

const TABLE = /<table\b[\s\S]*?<\/table>/g;
const HEAD = /<thead\b[^>]*>([\s\S]*?)<\/thead>/;
const HEADING = /<th\b[^>]*>([\s\S]*?)<\/th>/g;
const ROW = /<tr\b[^>]*>[\s\S]*?<\/tr>/g;
const CELL = /<(td|th)\b([^>]*)>/g;
const TAG = /<[^>]*>/g;

/** A heading's text as it appears in the page (already escaped there, so it can go into an attribute as it is). */
function headingText(markup: string): string {
  return markup.replace(TAG, '').replace(/\s+/g, ' ').replace(/"/g, '&quot;').trim();
}

function labelRow(row: string, labels: readonly string[]): string {
  let column = 0;
  return row.replace(CELL, (cell: string, name: string, attributes: string) => {
    const label = labels[column] ?? '';
    column += 1;
    if (name === 'th' || label === '' || /\sdata-label=/.test(attributes)) return cell;
    return `<td${attributes} data-label="${label}">`;
  });
}

function labelTable(table: string): string {
  const head = HEAD.exec(table);
  if (!head) return table;
  const labels = Array.from((head[1] ?? '').matchAll(HEADING), (match) => headingText(match[1] ?? ''));
  const bodyStart = head.index + head[0].length;
  return table.slice(0, bodyStart) + table.slice(bodyStart).replace(ROW, (row) => labelRow(row, labels));
}

export function labelTableCells(markup: string): string {
  return markup.includes('<table') ? markup.replace(TABLE, labelTable) : markup;
}
