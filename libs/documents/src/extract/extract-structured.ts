/**
 * Record-like formats (CSV, JSON) to readable text: every CSV row becomes `column: value` pairs and every JSON
 * leaf a `path: value` line, so a chunk found by search still says what its numbers and names mean.
 */
import type { TextBlock } from '../chunking/text-blocks.js';

type CsvParseSync = typeof import('csv-parse/sync');
let csvParse: Promise<CsvParseSync> | undefined;

export async function csvToBlocks(text: string, delimiter: ',' | '\t'): Promise<TextBlock[]> {
  csvParse ??= import('csv-parse/sync');
  const { parse } = await csvParse;
  const rows = parse(text, {
    delimiter,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  }) as string[][];
  const [header, ...records] = rows;
  if (!header) return [];
  const lines = records.map((record) =>
    record
      .map((value, index) => (value === '' ? '' : `${header[index] ?? `column ${index + 1}`}: ${value}`))
      .filter((pair) => pair !== '')
      .join('; '),
  );
  const blocks: TextBlock[] = [{ kind: 'verbatim', text: `Columns: ${header.join(', ')}` }];
  // Rows are grouped ten to a block so a chunk holds several records rather than splitting one.
  for (let start = 0; start < lines.length; start += 10) {
    const text = lines.slice(start, start + 10).filter((line) => line !== '').join('\n');
    if (text !== '') blocks.push({ kind: 'verbatim', text });
  }
  return blocks;
}

function flattenJson(value: unknown, path: string, out: string[]): void {
  if (value === null || typeof value !== 'object') {
    out.push(`${path || '(root)'}: ${String(value)}`);
    return;
  }
  const entries = Array.isArray(value)
    ? value.map((item, index) => [`${path}[${index}]`, item] as const)
    : Object.entries(value).map(([key, item]) => [path ? `${path}.${key}` : key, item] as const);
  if (entries.length === 0) out.push(`${path || '(root)'}: ${Array.isArray(value) ? '[]' : '{}'}`);
  for (const [childPath, item] of entries) flattenJson(item, childPath, out);
}

/** Throws `SyntaxError` for invalid JSON; the caller reports the file as skipped. */
export function jsonToBlocks(text: string): TextBlock[] {
  const parsed: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
  const topLevel =
    parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? Object.entries(parsed).map(([key, item]) => ({ key, item }))
      : [{ key: '', item: parsed }];
  const blocks: TextBlock[] = [];
  for (const { key, item } of topLevel) {
    const lines: string[] = [];
    flattenJson(item, key, lines);
    if (lines.length > 0) blocks.push({ kind: 'verbatim', text: lines.join('\n') });
  }
  return blocks;
}
