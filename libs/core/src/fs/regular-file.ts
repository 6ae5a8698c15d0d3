/**
 * Safe reads and writes of user files inside the allowed roots. A path checked with `lstat` can be swapped for a
 * link before it is opened, so every read opens the file first — refusing links (`O_NOFOLLOW`) and never blocking
 * on a named pipe (`O_NONBLOCK`) — and then checks the open handle: a regular file, and a single link unless hard
 * links are allowed (a hard link inside a root can name a file outside it). Writes go to a fresh file created
 * exclusively in the target folder and renamed into place, so a link planted at the target is replaced, never
 * followed. Nothing here reads synchronously: a slow or special file must not stall the process.
 */
import { constants, type Stats } from 'node:fs';
import { lstat, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

export const FOLLOW_HARD_LINKS_CONFIG_KEY = 'documents.followHardLinks';

/** Why a file was refused; `reason` is written for the user and never contains file contents. */
export class UnsafeFileError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'UnsafeFileError';
  }
}

export interface FileReadPolicy {
  /** Read regular files that have more than one hard link (`documents.followHardLinks`); off by default. */
  followHardLinks?: boolean;
}

export const SYMLINK_REFUSED_REASON = 'symbolic link (links are not followed)';
export const SPECIAL_FILE_REASON = 'not a regular file (pipes, sockets and devices are never read)';
export const HARD_LINK_REASON = `has more than one hard link, so it may be a file outside the allowed roots (set ${FOLLOW_HARD_LINKS_CONFIG_KEY}: true to read such files)`;

// O_NOFOLLOW and O_NONBLOCK exist on Linux and macOS; where they do not, the post-open checks still apply.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** The refusal reason for a file's status, or undefined when it may be read. */
export function unsafeFileReason(stats: Stats, policy: FileReadPolicy = {}): string | undefined {
  if (stats.isSymbolicLink()) return SYMLINK_REFUSED_REASON;
  if (!stats.isFile()) return SPECIAL_FILE_REASON;
  if (stats.nlink > 1 && policy.followHardLinks !== true) return HARD_LINK_REASON;
  return undefined;
}

/** `lstat` plus the regular-file rules; throws `UnsafeFileError` when the path must not be read. */
export async function checkRegularFile(path: string, policy: FileReadPolicy = {}): Promise<Stats> {
  const stats = await lstat(path);
  const reason = unsafeFileReason(stats, policy);
  if (reason !== undefined) throw new UnsafeFileError(path, reason);
  return stats;
}

/**
 * Opens a regular file for reading without following a link or waiting on a pipe, and checks what was opened.
 * The caller closes the handle.
 */
export async function openRegularFile(path: string, policy: FileReadPolicy = {}): Promise<{ handle: FileHandle; stats: Stats }> {
  let handle: FileHandle;
  try {
    handle = await open(path, READ_FLAGS);
  } catch (error) {
    // ELOOP: the last component is a symbolic link (O_NOFOLLOW).
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new UnsafeFileError(path, SYMLINK_REFUSED_REASON);
    throw error;
  }
  try {
    const stats = await handle.stat();
    const reason = unsafeFileReason(stats, policy);
    if (reason !== undefined) throw new UnsafeFileError(path, reason);
    return { handle, stats };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The whole content of a regular file (see `openRegularFile`). */
export async function readRegularFile(path: string, policy: FileReadPolicy = {}): Promise<{ content: Buffer; stats: Stats }> {
  const { handle, stats } = await openRegularFile(path, policy);
  try {
    return { content: await handle.readFile(), stats };
  } finally {
    await handle.close();
  }
}

/**
 * Replaces `target` with `content` without ever writing through a link: the bytes go to a new file created
 * exclusively beside it, which is then renamed over the target. A target that is a symbolic link, a special file
 * or a file with several hard links is refused (overwriting it would change a file elsewhere). `checkFolder` runs
 * after the temporary file exists, to confirm the folder still resolves inside the allowed roots.
 */
export async function writeFileReplacing(
  target: string,
  content: string | Buffer,
  options: { mode?: number; checkFolder?: (folder: string) => Promise<void> } = {},
): Promise<void> {
  const folder = dirname(target);
  const existing = await lstat(target).catch(() => null);
  if (existing) {
    const reason = unsafeFileReason(existing);
    if (reason !== undefined) throw new UnsafeFileError(target, reason);
  }
  const temporary = join(folder, `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, CREATE_FLAGS, options.mode ?? 0o600);
  let renamed = false;
  try {
    await handle.writeFile(content);
    await handle.sync();
    await handle.close();
    await options.checkFolder?.(folder);
    await rename(temporary, target);
    renamed = true;
  } finally {
    if (!renamed) {
      await handle.close().catch(() => undefined);
      await unlink(temporary).catch(() => undefined);
    }
  }
}
