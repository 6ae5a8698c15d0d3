/**
 * File-access guard for ingestion (docs/security.md#file-roots): a path is usable only when its real path (after
 * resolving every symlink) lies inside one of `documents.allowedRoots`; the path itself must not be a symlink.
 * Refusals name the allowed roots and the configuration key, never file contents.
 */
import { lstat, realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { expandHome, ToolError } from '@chief-of-staff/core';

export const ALLOWED_ROOTS_CONFIG_KEY = 'documents.allowedRoots';

/** Real paths of the configured roots that exist; roots that do not exist cannot contain anything. */
export async function resolveAllowedRoots(roots: readonly string[]): Promise<string[]> {
  const resolved: string[] = [];
  for (const root of roots) {
    try {
      resolved.push(await realpath(resolve(expandHome(root))));
    } catch {
      // A missing root is not an error here: it simply allows nothing until it exists.
    }
  }
  return resolved;
}

/** True when `path` equals `root` or lies below it (both already real paths). */
export function isInsideRoot(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export function outsideRootsError(path: string, roots: readonly string[]): ToolError {
  const list = roots.length > 0 ? roots.join(', ') : '(none configured)';
  return new ToolError('PERMISSION_DENIED', `Path ${path} is outside the allowed document roots: ${list}.`, {
    hint: `Add the folder to \`${ALLOWED_ROOTS_CONFIG_KEY}\` in cos.config.yaml, or move the files into an allowed root.`,
    details: { path, allowed_roots: [...roots], config_key: ALLOWED_ROOTS_CONFIG_KEY },
  });
}

/**
 * Resolves a user-supplied path for ingestion: expands `~`, makes it absolute, refuses symlinks, and checks
 * that its real path is inside an allowed root. Returns the real path.
 */
export async function resolvePathInsideRoots(input: string, roots: readonly string[]): Promise<string> {
  const absolute = resolve(expandHome(input.trim()));
  const allowed = await resolveAllowedRoots(roots);
  const lexicalRoots = [...allowed, ...roots.map((root) => resolve(expandHome(root)))];
  // Only paths that at least look inside a root get a more specific answer, so the tool cannot be used to
  // probe for files or links elsewhere.
  const looksInside = lexicalRoots.some((root) => isInsideRoot(absolute, root));
  let stats;
  try {
    stats = await lstat(absolute);
  } catch {
    if (!looksInside) throw outsideRootsError(absolute, roots);
    throw new ToolError('NOT_FOUND', `Path ${absolute} not found.`, { details: { entity: 'Path', id: absolute } });
  }
  if (stats.isSymbolicLink()) {
    if (!looksInside) throw outsideRootsError(absolute, roots);
    throw new ToolError('PERMISSION_DENIED', `Path ${absolute} is a symbolic link; links are not followed.`, {
      hint: 'Pass the real location of the file or folder instead.',
      details: { path: absolute },
    });
  }
  const real = await realpath(absolute);
  if (!allowed.some((root) => isInsideRoot(real, root))) throw outsideRootsError(absolute, roots);
  return real;
}
