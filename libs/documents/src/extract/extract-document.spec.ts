import { describe, expect, it } from '@jest/globals';
import { makeDocx, makePdf } from '../testing/fixture-files.js';
import { docTypeForPath } from './doc-types.js';
import { ExtractionError, extractBlocks } from './extract-document.js';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('docTypeForPath', () => {
  it('maps extensions case-insensitively and leaves unknown ones out', () => {
    expect(docTypeForPath('/a/Notes.MD')).toBe('markdown');
    expect(docTypeForPath('/a/b.yml')).toBe('yaml');
    expect(docTypeForPath('/a/main.rs')).toBe('code');
    expect(docTypeForPath('/a/photo.jpg')).toBeUndefined();
  });
});

describe('extractBlocks', () => {
  it('reads the text of a PDF page', async () => {
    const pdf = makePdf(['Quarterly budget review (draft)', 'Engineering spend rose by 12 percent.']);
    const blocks = await extractBlocks('/x/report.pdf', 'pdf', pdf);
    const text = blocks.map((block) => block.text).join('\n');
    expect(text).toContain('Quarterly budget review (draft)');
    expect(text).toContain('Engineering spend rose by 12 percent.');
  });

  it('reads a .docx with its headings', async () => {
    const docx = makeDocx([
      { text: 'Hiring plan', heading: true },
      { text: 'We will hire two engineers in March & April.' },
    ]);
    expect(await extractBlocks('/x/plan.docx', 'docx', docx)).toEqual([
      { kind: 'heading', level: 1, text: 'Hiring plan' },
      { kind: 'paragraph', text: 'We will hire two engineers in March & April.' },
    ]);
  });

  it('reads HTML text without scripts, styles or link targets, keeping headings', async () => {
    const html =
      '<html><head><style>p{color:red}</style><script>steal()</script></head><body><h2>Travel</h2><p>Book the <a href="https://x.example">Lisbon</a> flight.</p></body></html>';
    const blocks = await extractBlocks('/x/page.html', 'html', utf8(html));
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, text: 'Travel' },
      { kind: 'paragraph', text: 'Book the Lisbon flight.' },
    ]);
  });

  it('labels CSV values with their column names', async () => {
    const blocks = await extractBlocks('/x/people.csv', 'csv', utf8('name,role\nDana,CFO\nNoa,"Engineer, platform"\n'));
    expect(blocks.map((block) => block.text)).toEqual(['Columns: name, role', 'name: Dana; role: CFO\nname: Noa; role: Engineer, platform']);
  });

  it('flattens JSON to path: value lines and reports invalid JSON as an extraction error', async () => {
    const blocks = await extractBlocks('/x/c.json', 'json', utf8('{"team":{"lead":"Dana","size":4},"tags":["a"]}'));
    expect(blocks.map((block) => block.text)).toEqual(['team.lead: Dana\nteam.size: 4', 'tags[0]: a']);
    await expect(extractBlocks('/x/bad.json', 'json', utf8('{"team": '))).rejects.toThrow(ExtractionError);
    await expect(extractBlocks('/x/bad.json', 'json', utf8('{"team": '))).rejects.toThrow('json extraction failed: invalid syntax');
  });

  it('keeps YAML and code line by line', async () => {
    expect(await extractBlocks('/x/a.yaml', 'yaml', utf8('owner: dana\nitems:\n  - one\n'))).toEqual([
      { kind: 'verbatim', text: 'owner: dana\nitems:\n  - one' },
    ]);
  });

  it('refuses a corrupt PDF or docx with a reason that holds no file content', async () => {
    await expect(extractBlocks('/x/broken.pdf', 'pdf', utf8('%PDF-1.4 secret words'))).rejects.toThrow(ExtractionError);
    const error = await extractBlocks('/x/broken.docx', 'docx', utf8('secret words')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as Error).message).not.toContain('secret');
  });

  it('explains that xlsx is not supported yet', async () => {
    await expect(extractBlocks('/x/a.xlsx', 'xlsx', utf8(''))).rejects.toThrow(/export the sheet as CSV/);
  });
});
