/**
 * Walks a Maildir (or a Maildir++ tree with `.Folder` subdirectories) and lists its message files with the flags
 * encoded in their names (`:2,FRS` — Flagged, Replied, Seen). Nothing below the root is followed through a
 * symbolic link: a linked folder (`cur`, `new`, a `.Folder`) or message file could lead outside the allowed roots,
 * so it is left out and reported in `skipped`.
 */
import { SPECIAL_FILE_REASON, SYMLINK_REFUSED_REASON } from '@chief-of-staff/core';
import { lstat, readdir } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import { join } from 'node:path';

export interface MaildirEntry {
  path: string;
  /** Mailbox name: `INBOX` for the top level, else the folder name with Maildir++ dots as `/`. */
  mailbox: string;
  read: boolean;
  flagged: boolean;
  draft: boolean;
  trashed: boolean;
}

export interface MaildirSkip {
  path: string;
  reason: string;
}

export interface MaildirListing {
  entries: MaildirEntry[];
  skipped: MaildirSkip[];
}

type FolderKind = 'maildir' | 'linked' | 'other';

/** A real (unlinked) directory holding real `cur` and `new` directories; links anywhere make it `linked`. */
async function folderKind(dir: string): Promise<FolderKind> {
  let linked = false;
  for (const sub of ['cur', 'new']) {
    const stats = await lstat(join(dir, sub)).catch(() => null);
    if (stats === null) return 'other';
    if (stats.isSymbolicLink()) linked = true;
    else if (!stats.isDirectory()) return 'other';
  }
  return linked ? 'linked' : 'maildir';
}

function flagsOf(name: string): string {
  const info = name.lastIndexOf(':2,');
  const alt = name.lastIndexOf('!2,');
  const at = Math.max(info, alt);
  return at === -1 ? '' : name.slice(at + 3);
}

async function entriesOf(dir: string, mailbox: string, skipped: MaildirSkip[]): Promise<MaildirEntry[]> {
  const entries: MaildirEntry[] = [];
  for (const sub of ['cur', 'new'] as const) {
    const folder = join(dir, sub);
    let files: Dirent[];
    try {
      files = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      skipped.push({ path: folder, reason: `the folder could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` });
      continue;
    }
    for (const file of files) {
      if (file.name.startsWith('.')) continue;
      const path = join(folder, file.name);
      // Dirent types come from the directory itself (no link is followed to get them).
      if (file.isSymbolicLink()) {
        skipped.push({ path, reason: SYMLINK_REFUSED_REASON });
        continue;
      }
      if (!file.isFile()) {
        if (!file.isDirectory()) skipped.push({ path, reason: SPECIAL_FILE_REASON });
        continue;
      }
      const flags = sub === 'new' ? '' : flagsOf(file.name);
      entries.push({
        path,
        mailbox,
        read: flags.includes('S'),
        flagged: flags.includes('F'),
        draft: flags.includes('D'),
        trashed: flags.includes('T'),
      });
    }
  }
  return entries.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * All messages under `root` (which the caller has already checked is a real folder inside the allowed roots); a
 * directory that is not a Maildir is an error the caller reports.
 */
export async function readMaildir(root: string): Promise<MaildirListing> {
  const skipped: MaildirSkip[] = [];
  const folders: { dir: string; mailbox: string }[] = [];
  const rootKind = await folderKind(root);
  if (rootKind === 'maildir') folders.push({ dir: root, mailbox: 'INBOX' });
  else if (rootKind === 'linked') skipped.push({ path: root, reason: `its cur/ or new/ folder is a ${SYMLINK_REFUSED_REASON}` });
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (['cur', 'new', 'tmp'].includes(entry.name)) continue;
    const dir = join(root, entry.name);
    if (entry.isSymbolicLink()) {
      skipped.push({ path: dir, reason: SYMLINK_REFUSED_REASON });
      continue;
    }
    if (!entry.isDirectory()) continue;
    const kind = await folderKind(dir);
    if (kind === 'linked') skipped.push({ path: dir, reason: `its cur/ or new/ folder is a ${SYMLINK_REFUSED_REASON}` });
    if (kind !== 'maildir') continue;
    const mailbox = entry.name.startsWith('.') ? entry.name.slice(1).replace(/\./g, '/') : entry.name;
    folders.push({ dir, mailbox });
  }
  if (folders.length === 0 && skipped.length === 0) throw new Error('not a Maildir');
  const entries: MaildirEntry[] = [];
  for (const { dir, mailbox } of folders) entries.push(...(await entriesOf(dir, mailbox, skipped)));
  return { entries, skipped };
}
