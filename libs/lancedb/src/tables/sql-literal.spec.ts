import { describe, expect, it } from '@jest/globals';
import { chunkWhere } from '../chunks/document-chunk-table.js';
import { andAll, sqlInteger, sqlIntegerList, sqlString } from './sql-literal.js';

describe('sql literals', () => {
  it('quotes strings by doubling single quotes and leaves backslashes as plain characters', () => {
    expect(sqlString("' OR 1=1 --")).toBe("''' OR 1=1 --'");
    expect(sqlString('C:\\docs\\')).toBe("'C:\\docs\\'");
    expect(() => sqlString('a\u0000b')).toThrow(RangeError);
  });

  it('accepts only safe integers', () => {
    expect(sqlInteger(42)).toBe('42');
    expect(sqlInteger(10n)).toBe('10');
    expect(() => sqlInteger(1.5)).toThrow(RangeError);
    expect(() => sqlInteger(Number.NaN)).toThrow(RangeError);
    expect(sqlIntegerList('document_id', [])).toBe('false');
    expect(sqlIntegerList('document_id', [1, 2])).toBe('document_id IN (1, 2)');
  });

  it('builds chunk filters from quoted values only', () => {
    expect(chunkWhere({ kind: 'chunk', pathPrefix: "/d/it's", docType: 'pdf', modifiedFromMs: 5, modifiedBeforeMs: 9 })).toBe(
      "(kind = 'chunk') AND (starts_with(path, '/d/it''s')) AND (doc_type = 'pdf') AND (modified_at_ms >= 5) AND (modified_at_ms < 9)",
    );
    expect(andAll([])).toBeUndefined();
  });
});
