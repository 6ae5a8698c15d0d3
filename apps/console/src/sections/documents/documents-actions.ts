/**
 * The Documents actions: ingest a file or folder (ingest_documents; the tool keeps to the allowed roots) and remove a
 * document from the index (delete_document; the file itself stays). The message afterwards says what was done; when
 * an ingest stopped before the end, the page comes back with the path filled in, so "Ingest" again continues it.
 */
import { formProblem } from '../../page-kit/console-tool-error.js';
import type { ConsoleRoutes } from '../../page-kit/types.js';

interface IngestReport {
  ingested: { document_id: number; path: string; chunks: number }[];
  unchanged: number;
  skipped: { path: string; reason: string }[];
  pruned: { document_id: number; path: string }[];
  more: boolean;
  files_done: number;
  files_total: number;
}

/** Skipped files named in the message; the rest are counted. */
const SKIPPED_NAMED = 3;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** `Ingested 2 files (5 parts), 1 unchanged. Skipped 1: /x/big.pdf (over the size limit).` */
export function ingestSummary(report: IngestReport): string {
  const chunks = report.ingested.reduce((sum, doc) => sum + doc.chunks, 0);
  const parts = [`Ingested ${plural(report.ingested.length, 'file', 'files')} (${plural(chunks, 'part', 'parts')}), ${report.unchanged} unchanged`];
  if (report.pruned.length > 0) parts.push(`${plural(report.pruned.length, 'entry', 'entries')} of deleted files removed`);
  let text = `${parts.join(', ')}.`;
  if (report.skipped.length > 0) {
    const named = report.skipped.slice(0, SKIPPED_NAMED).map((file) => `${file.path} (${file.reason})`);
    const rest = report.skipped.length - named.length;
    text += ` Skipped ${report.skipped.length}: ${named.join('; ')}${rest > 0 ? ` and ${rest} more` : ''}.`;
  }
  if (report.more) text += ` ${report.files_done} of ${report.files_total} files done — press Ingest again to continue.`;
  return text;
}

export function documentsActions(routes: ConsoleRoutes): void {
  routes.action('/documents/ingest', async (ctx) => {
    const path = (ctx.form['path'] ?? '').trim();
    if (path === '') throw formProblem('path', 'Write the file or folder to ingest, e.g. ~/Documents/projects.');
    const report = await ctx.tool<IngestReport>('ingest_documents', { path, recursive: ctx.form['recursive'] === 'true' });
    return {
      redirect: report.more ? `/documents?${new URLSearchParams({ ingest_path: path }).toString()}#ingest` : '/documents#indexed',
      flash: ingestSummary(report),
    };
  });

  routes.action('/documents/delete', async (ctx) => {
    const id = Number(ctx.form['document_id']);
    const result = await ctx.tool<{ id: number; chunks_removed: number }>('delete_document', { document_id: Number.isSafeInteger(id) ? id : 0 });
    const name = ctx.form['name'] ? `"${ctx.form['name']}"` : `Document ${result.id}`;
    return { redirect: '/documents#indexed', flash: `Removed ${name} from the index (${plural(result.chunks_removed, 'part', 'parts')}); the file itself is untouched.` };
  });
}
