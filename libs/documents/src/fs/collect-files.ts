/**
 * Finds the files an ingest call considers: the file itself, or the supported files of a folder (recursively
 * unless told otherwise) in path order. Symbolic links are never followed and are reported; hidden entries
 * and `node_modules` are passed over without listing them (they are rarely documents and can be huge).
 */
import { lstat, readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { docTypeForPath } from '../extract/doc-types.js';

export interface SkippedFile {
  path: string;
  reason: string;
}

export interface CollectedFiles {
  /** Supported regular files, sorted by path. */
  files: string[];
  skipped: SkippedFile[];
  isDirectory: boolean;
}

export const SYMLINK_REASON = 'symbolic link (links are not followed)';

function unsupportedReason(path: string): string {
  const extension = extname(path);
  return extension === '' ? 'unsupported file type (no extension)' : `unsupported file type (${extension})`;
}

function isPassedOver(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

/** `root` must already be a real path inside an allowed root (see `resolvePathInsideRoots`). */
export async function collectFiles(root: string, recursive: boolean): Promise<CollectedFiles> {
  const rootStats = await lstat(root);
  if (!rootStats.isDirectory()) {
    if (!rootStats.isFile()) return { files: [], skipped: [{ path: root, reason: 'not a regular file' }], isDirectory: false };
    if (!docTypeForPath(root)) return { files: [], skipped: [{ path: root, reason: unsupportedReason(root) }], isDirectory: false };
    return { files: [root], skipped: [], isDirectory: false };
  }
  const files: string[] = [];
  const skipped: SkippedFile[] = [];
  const visit = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (isPassedOver(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isSymbolicLink()) skipped.push({ path, reason: SYMLINK_REASON });
      else if (entry.isDirectory()) {
        if (recursive) await visit(path);
      } else if (!entry.isFile()) skipped.push({ path, reason: 'not a regular file' });
      else if (!docTypeForPath(path)) skipped.push({ path, reason: unsupportedReason(path) });
      else files.push(path);
    }
  };
  await visit(root);
  files.sort();
  return { files, skipped, isDirectory: true };
}
