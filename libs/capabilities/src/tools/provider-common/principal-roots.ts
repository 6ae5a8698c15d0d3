/**
 * The folders of the server's disk a caller's file tools (ingest_documents, import_data, export_calendar) may use. The
 * disk is not split by principal the way the database is, so in team mode (PostgreSQL storage, a signed-in user of
 * `cos users`) each user has a folder of their own inside every allowed root, `<root>/.principals/user-<id>`, and
 * nothing else: one person cannot ingest or import another's files, nor write an export among them. The owner (and
 * everybody on the single-person data directory, where every user reaches the owner's data anyway) keeps the roots.
 */
import { realpath } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { currentPrincipalScope, expandHome, ToolError } from '@chief-of-staff/core';

/** The folder, inside each allowed root, that holds one folder per user. */
export const PRINCIPAL_FILE_DIRS = '.principals';

/** `roots` as the work in progress may use them; `storageUrl` is `storage.url` (set: PostgreSQL, team mode possible). */
export function principalRoots(roots: readonly string[], storageUrl: string | undefined): string[] {
  const scope = currentPrincipalScope();
  if (storageUrl === undefined || !scope.startsWith('user:')) return [...roots];
  return roots.map((root) => join(root, PRINCIPAL_FILE_DIRS, scope.replace(':', '-')));
}

function inside(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`));
}

/**
 * PERMISSION_DENIED unless `path` (and what it resolves to through links) is inside the caller's own roots; nothing to
 * check when they are the configured roots, which the tools check themselves.
 */
export async function assertInPrincipalRoots(path: string, roots: readonly string[], storageUrl: string | undefined, field = 'path'): Promise<void> {
  const own = principalRoots(roots, storageUrl);
  if (own.every((root, index) => root === roots[index])) return;
  const absolute = resolve(expandHome(path));
  const real = await realpath(absolute).catch(() => absolute);
  if (inside(absolute, own) && inside(real, own)) return;
  throw new ToolError('PERMISSION_DENIED', `${field}: "${path.slice(0, 200)}" is outside your folders on this server.`, {
    hint: `In team mode your files go in ${own.join(', ')} (the server's other folders belong to other people).`,
    details: { field },
  });
}
