/**
 * The Documents page against a seeded console: real files in a temp folder inside the allowed roots, ingested through
 * the tools. Search results with the query's words marked (and a file's markup shown as text), the index with its
 * status and progress, ingesting and removing changing what list_documents returns, CSRF refusal, and one browser pass
 * with an accessibility check.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { axeCheck } from '../testing/axe-check.js';
import { startTestConsole, type TestConsole } from '../testing/console-harness.js';
import { describeWithBrowser, openBrowser } from '../testing/open-browser.js';
import { cosCall as call, getPage, postForm } from './console-test-kit.js';

interface Listing {
  items: { id: number; source_name: string; status: string }[];
  total: number;
  pending: number;
  next_cursor: string | null;
}

/** A folder of documents inside the allowed root, and a folder outside it. */
function makeFolders(): { base: string; root: string; outside: string } {
  const base = mkdtempSync(join(tmpdir(), 'cos-console-docs-'));
  const root = join(base, 'documents');
  const outside = join(base, 'private');
  mkdirSync(join(root, 'contracts'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(root, 'contracts', 'invoice.md'), '# Invoice\n\nInvoice 1042 from Acme for consulting, due in April.');
  writeFileSync(join(root, 'minutes.txt'), 'Meeting minutes: the team agreed to move the launch to June.');
  writeFileSync(join(root, 'notes.html'), '<p>Remember: &lt;script&gt;alert(1)&lt;/script&gt; Acme asked about the payment terms.</p>');
  writeFileSync(join(outside, 'secret.txt'), 'Nothing to see here.');
  return { base, root, outside };
}

function startDocumentsConsole(root: string): Promise<TestConsole> {
  return startTestConsole({
    config: { documents: { allowedRoots: [root] } },
    seed: async (cos) => {
      await call(cos, 'ingest_documents', { path: root });
    },
  });
}

describe('Documents page', () => {
  const folders = makeFolders();
  let app: TestConsole;
  const get = (path: string) => getPage(app, path);
  const listing = () => call<Listing>(app.cos, 'list_documents', {});

  beforeAll(async () => {
    app = await startDocumentsConsole(folders.root);
  }, 60_000);

  afterAll(async () => {
    await app.close();
    rmSync(folders.base, { recursive: true, force: true });
  });

  it('lists what is indexed, with status and progress, and a search form', async () => {
    const { status, body } = await get('/documents');
    expect(status).toBe(200);
    expect(body).toContain('<form method="get" action="/documents"');
    expect(body).toContain('<span dir="auto">invoice.md</span>');
    expect(body).toContain(`<span dir="auto">${join(folders.root, 'contracts', 'invoice.md')}</span>`);
    expect(body).toContain('<span class="tag status-ok">indexed</span>');
    expect(body).toContain('3 documents in the index, all of them searchable.');
    expect(body).toContain('<form method="post" action="/documents/ingest"');
    expect(body).not.toContain('id="results"');
  });

  it('searches with the query words marked in escaped passages, linkable by address', async () => {
    const { body } = await get('/documents?q=Acme+payment&mode=fts');
    expect(body).toContain('<h2 id="results-heading">Results</h2>');
    expect(body).toContain('<mark>Acme</mark> asked about the <mark>payment</mark> terms');
    // The file's markup is its text: shown escaped, never as a tag.
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).not.toContain('<script>alert(1)');
    expect(body).toContain('value="Acme payment"');
    expect(body).toContain('<option value="fts" selected>');
    const none = await get('/documents?q=zeppelin&mode=fts');
    expect(none.body).toContain('No passage matches.');
  });

  it('pages the index instead of rendering every document', async () => {
    const first = await call<Listing>(app.cos, 'list_documents', { limit: 1 });
    const later = await get(`/documents?cursor=${encodeURIComponent(first.next_cursor ?? '')}`);
    expect(later.body).toContain('First page');
    expect(later.body).not.toContain('<span dir="auto">invoice.md</span>');
    expect(later.body).toContain('<span dir="auto">minutes.txt</span>');
  });

  it('shows a bad cursor as a note in its block while the rest of the page renders', async () => {
    const { body } = await get('/documents?cursor=nonsense&q=Acme&mode=fts');
    expect(body.split('Not available: cursor: is not a cursor returned by this tool.')).toHaveLength(2);
    expect(body).toContain('How far ingestion has got cannot be shown right now');
    expect(body).toContain('<form method="post" action="/documents/ingest"');
    expect(body).toContain('<mark>Acme</mark>');
  });

  it('ingests a folder inside the allowed roots and refuses one outside', async () => {
    writeFileSync(join(folders.root, 'contracts', 'lease.txt'), 'The apartment lease runs until March 2027.');
    const ingested = await postForm(app, '/documents/ingest', { path: folders.root, recursive: 'true' });
    expect(ingested.status).toBe(303);
    expect(ingested.location).toBe('/documents#indexed');
    expect((await listing()).total).toBe(4);
    expect((await get('/documents')).body).toContain('Ingested 1 file (1 part), 3 unchanged.');

    const refused = await postForm(app, '/documents/ingest', { path: folders.outside, recursive: 'true' });
    expect(refused.status).toBe(303);
    const { body } = await get('/documents');
    expect(body).toMatch(/Not done: [^<]*allowed/);
    expect((await listing()).total).toBe(4);
  });

  it('removes a document from the index, leaving the file', async () => {
    const lease = (await listing()).items.find((item) => item.source_name === 'lease.txt');
    const removed = await postForm(app, '/documents/delete', { document_id: String(lease?.id), name: 'lease.txt' });
    expect(removed.status).toBe(303);
    expect((await listing()).items.map((item) => item.source_name)).not.toContain('lease.txt');
    expect((await get('/documents')).body).toContain('Removed &quot;lease.txt&quot; from the index (1 part); the file itself is untouched.');
  });

  it('refuses a POST without the CSRF token and changes nothing', async () => {
    const before = await listing();
    const invoice = before.items.find((item) => item.source_name === 'invoice.md');
    expect((await postForm(app, '/documents/delete', { document_id: String(invoice?.id) }, { csrf: false })).status).toBe(403);
    writeFileSync(join(folders.root, 'late.txt'), 'Arrived after the refusal.');
    expect((await postForm(app, '/documents/ingest', { path: folders.root, recursive: 'true' }, { csrf: false })).status).toBe(403);
    expect((await listing()).items).toEqual(before.items);
    rmSync(join(folders.root, 'late.txt'));
  });
});

describeWithBrowser('Documents in a browser', () => {
  const folders = makeFolders();
  let app: TestConsole;

  beforeAll(async () => {
    app = await startDocumentsConsole(folders.root);
  }, 60_000);

  afterAll(async () => {
    await app.close();
    rmSync(folders.base, { recursive: true, force: true });
  });

  it('searches by typing, ingests a folder by clicking, and has no serious accessibility problems', async () => {
    writeFileSync(join(folders.root, 'agenda.md'), '# Agenda\n\nBudget review with Noa on Thursday.');
    const browser = await openBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(app.signInLink());
      await page.goto(`${app.url}/documents`);
      await page.getByRole('rowheader', { name: /invoice\.md/ }).waitFor();
      await page.getByLabel('Search your documents').fill('Acme');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.locator('mark', { hasText: 'Acme' }).first().waitFor();
      expect(page.url()).toContain('q=Acme');
      expect(await axeCheck(page)).toEqual([]);

      await page.getByLabel('File or folder to ingest').fill(folders.root);
      await page.getByRole('button', { name: 'Ingest' }).click();
      await page.getByText('Ingested 1 file (1 part), 3 unchanged.').waitFor();
      expect(await page.getByRole('rowheader', { name: /agenda\.md/ }).isVisible()).toBe(true);
      expect(await axeCheck(page)).toEqual([]);
    } finally {
      await browser.close();
    }
    expect((await call<Listing>(app.cos, 'list_documents', {})).total).toBe(4);
  }, 60_000);
});
