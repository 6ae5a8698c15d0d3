/**
 * Documents: search the indexed files (a GET form, so results can be linked and bookmarked) with the query's words
 * marked in each passage (search_documents), what is indexed, a page at a time (list_documents), and ingestion: how
 * many documents are not finished yet and a form to ingest a file or folder inside the allowed roots
 * (ingest_documents). A document can be removed from the index (documents-actions.ts).
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { empty, toolBlock, userText } from '../../page-kit/blocks.js';
import { cursorPager } from '../../page-kit/links.js';
import { formView } from '../../page-kit/form-view.js';
import { formatLocalTime } from '../../page-kit/format-local-time.js';
import type { ConsoleSection, PageContext } from '../../page-kit/types.js';
import { documentsActions } from './documents-actions.js';
import { highlightPassage } from './highlight-passage.js';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

interface DocumentItem {
  id: number;
  path: string;
  source_name: string;
  doc_type: string;
  chunks: number;
  size_bytes: number;
  modified_at: string;
  ingested_at: string;
  status: 'indexed' | 'pending';
}

interface DocumentList {
  items: DocumentItem[];
  next_cursor: string | null;
  total: number;
  pending: number;
}

interface SearchHit {
  document_id: number;
  path: string;
  source_name: string;
  doc_type: string;
  chunk_index: number;
  text: string;
  score: number;
}

interface SearchResult {
  items: SearchHit[];
  mode: string;
  hint?: string;
  warnings?: string[];
}

/** Documents per page of the index; passages per search. */
export const DOCUMENTS_PER_PAGE = 50;
export const SEARCH_RESULTS = 10;
/** The search_documents modes offered, with what they mean to a person. */
const MODES = [
  ['hybrid', 'Meaning and words'],
  ['fts', 'Exact words'],
  ['vector', 'Meaning only'],
] as const;

/** `980 B`, `12.3 KB`, `4.1 MB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1_000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1_000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

function searchForm(query: string, mode: string): Html {
  return html`<form method="get" action="/documents" class="search-form" role="search" aria-label="Documents">
<label>Search your documents <input type="search" name="q" value="${query}" dir="auto" maxlength="500" required></label>
<label>Match <select name="mode">${MODES.map(([value, label]) => html`<option value="${value}"${value === mode ? html` selected` : ''}>${label}</option>`)}</select></label>
<button type="submit">Search</button>
</form>`;
}

function resultsBlock(ctx: PageContext, query: string, mode: string): Promise<HtmlEscapedString> {
  return toolBlock({
    id: 'results',
    heading: 'Results',
    load: () => ctx.tool<SearchResult>('search_documents', { query, mode, top_k: SEARCH_RESULTS }),
    render: (result) => html`${result.hint ? html`<p class="hint" dir="auto">${result.hint}</p>` : ''}
${(result.warnings ?? []).map((warning) => html`<p class="note" dir="auto">${warning}</p>`)}
${result.items.length === 0
  ? empty('No passage matches. Try other words, or "Meaning and words".')
  : html`<ol class="list hits">${result.items.map(
      (hit) => html`<li class="hit">
<p><strong>${userText(hit.source_name)}</strong> <span class="tag">${hit.doc_type}</span> <span class="muted">part ${hit.chunk_index + 1}</span></p>
<p class="muted"><span dir="auto">${hit.path}</span></p>
<p class="passage" dir="auto">${highlightPassage(hit.text, query)}</p>
</li>`,
    )}</ol>
<p class="muted">The ${result.items.length} best ${result.items.length === 1 ? 'passage' : 'passages'} (${result.mode}). Passages are text from your files, shown as text.</p>`}`,
  });
}

function progressLine(list: DocumentList | undefined): Html {
  if (!list) return html`<p class="note">How far ingestion has got cannot be shown right now (the list of documents below says why).</p>`;
  return html`<p>${list.total} ${list.total === 1 ? 'document' : 'documents'} in the index${list.pending > 0 ? '' : ', all of them searchable'}.</p>
${list.pending > 0
  ? html`<p class="note">${list.pending} ${list.pending === 1 ? 'document is' : 'documents are'} not finished: an ingest is under way or was interrupted. Ingest their folder again to finish them.</p>`
  : ''}`;
}

function ingestBlock(ctx: PageContext, listing: Promise<DocumentList>): Promise<HtmlEscapedString> {
  const path = ctx.query.get('ingest_path') ?? '';
  const form = formView(ctx, 'ingest', ['path']);
  return toolBlock({
    id: 'ingest',
    heading: 'Ingestion',
    // The form is offered even when the listing fails: its error is shown once, in the index block.
    load: () => listing.then((list) => list, () => undefined),
    render: (list) => html`${progressLine(list)}
<form method="post" action="/documents/ingest" class="search-form">
${form.hidden}
<label>File or folder to ingest <input type="text" id="ingest-path" name="path" value="${form.value('path', path)}" dir="auto" required placeholder="~/Documents/projects"${form.invalid('path', 'ingest-hint')}></label>${form.problem('path')}
<label class="check"><input type="checkbox" name="recursive" value="true"${form.checked('recursive', true) ? html` checked` : ''}> Include sub-folders</label>
<button type="submit">Ingest</button>
</form>
<p class="hint" id="ingest-hint">Only folders inside the allowed roots (<code>documents.allowedRoots</code>) are read. Unchanged files are skipped; a large folder may take several rounds.</p>`,
  });
}

function indexBlock(ctx: PageContext, listing: Promise<DocumentList>): Promise<HtmlEscapedString> {
  const onLaterPage = ctx.query.has('cursor');
  return toolBlock({
    id: 'indexed',
    heading: 'Indexed documents',
    load: () => listing,
    render: (list) =>
      list.items.length === 0
        ? empty(onLaterPage ? 'No more documents.' : 'Nothing is indexed yet: ingest a folder above.')
        : html`<div class="table-scroll"><table>
<thead><tr><th scope="col">Document</th><th scope="col">Type</th><th scope="col">Parts</th><th scope="col">Size</th><th scope="col">Modified</th><th scope="col">Status</th><th scope="col">Actions</th></tr></thead>
<tbody>${list.items.map(
            (item, index) => {
              const remove = formView(ctx, `document-delete-${index}`, ['document_id']);
              return html`<tr>
<th scope="row">${userText(item.source_name)}<p class="muted"><span dir="auto">${item.path}</span></p></th>
<td>${item.doc_type}</td>
<td>${item.chunks}</td>
<td>${formatSize(item.size_bytes)}</td>
<td><time datetime="${item.modified_at}">${formatLocalTime(item.modified_at, ctx.timeZone)}</time></td>
<td>${item.status === 'indexed' ? html`<span class="tag status-ok">indexed</span>` : html`<span class="tag status-bad">pending</span>`}</td>
<td><form method="post" action="/documents/delete" class="inline">
${remove.hidden}<input type="hidden" name="document_id" value="${item.id}"><input type="hidden" name="name" value="${item.source_name}">
<button type="submit" class="danger" data-confirm="Remove this document from the index? The file itself stays." aria-label="Remove from index: ${item.source_name}"${remove.describe('document_id')}>Remove from index</button>${remove.problem('document_id')}
</form></td>
</tr>`;
            },
          )}</tbody></table></div>
<p class="muted">${list.total} ${list.total === 1 ? 'document' : 'documents'}, by path.</p>
${cursorPager('/documents', ctx, list.next_cursor, 'indexed')}`,
  });
}

export const documentsSection: ConsoleSection = {
  id: 'documents',
  label: 'Documents',
  path: '/documents',
  register(routes) {
    routes.page('/documents', async (ctx) => {
      const query = (ctx.query.get('q') ?? '').trim().slice(0, 500);
      const requestedMode = ctx.query.get('mode') ?? 'hybrid';
      const mode = MODES.some(([value]) => value === requestedMode) ? requestedMode : 'hybrid';
      const cursor = ctx.query.get('cursor') ?? undefined;
      // One listing feeds both the progress line and the table; the search runs beside it.
      const listing = ctx.tool<DocumentList>('list_documents', { limit: DOCUMENTS_PER_PAGE, ...(cursor ? { cursor } : {}) });
      listing.catch(() => undefined);
      const [results, ingest, index] = await Promise.all([
        query ? resultsBlock(ctx, query, mode) : Promise.resolve(undefined),
        ingestBlock(ctx, listing),
        indexBlock(ctx, listing),
      ]);
      return {
        title: query ? `Documents: ${query}` : 'Documents',
        body: html`${searchForm(query, mode)}<div class="stack">${results ?? ''}${ingest}${index}</div>`,
      };
    });
    documentsActions(routes);
  },
};
