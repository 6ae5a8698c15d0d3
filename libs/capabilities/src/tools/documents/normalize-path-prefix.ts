/**
 * Turns a user's `path_prefix` into the form stored paths have: `~` expanded and, when the prefix names an
 * existing file or folder, its real path (stored paths are real paths, so `/tmp/x` must match `/private/tmp/x`
 * where `/tmp` is a link). Anything else is kept as literal text.
 */
import { realpath } from 'node:fs/promises';
import { isAbsolute, sep } from 'node:path';
import { expandHome } from '@chief-of-staff/core';

export async function normalizePathPrefix(prefix: string | undefined): Promise<string | undefined> {
  if (prefix === undefined) return undefined;
  const expanded = expandHome(prefix);
  if (!isAbsolute(expanded)) return expanded;
  try {
    const real = await realpath(expanded);
    return expanded.endsWith(sep) && !real.endsWith(sep) ? real + sep : real;
  } catch {
    return expanded;
  }
}
