/**
 * Walks a Maildir (or a Maildir++ tree with `.Folder` subdirectories) and lists its message files with the flags
 * encoded in their names (`:2,FRS` — Flagged, Replied, Seen).
 */
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';

export interface MaildirEntry {
  path: string;
  /** Mailbox name: `INBOX` for the top level, else the folder name with Maildir++ dots as `/`. */
  mailbox: string;
  read: boolean;
  flagged: boolean;
  draft: boolean;
  trashed: boolean;
  modifiedAt: Date;
}

function isMaildir(dir: string): boolean {
  try {
    return ['cur', 'new'].every((sub) => statSync(join(dir, sub)).isDirectory());
  } catch {
    return false;
  }
}

function flagsOf(name: string): string {
  const info = name.lastIndexOf(':2,');
  const alt = name.lastIndexOf('!2,');
  const at = Math.max(info, alt);
  return at === -1 ? '' : name.slice(at + 3);
}

function entriesOf(dir: string, mailbox: string): MaildirEntry[] {
  const entries: MaildirEntry[] = [];
  for (const sub of ['cur', 'new'] as const) {
    let files: Dirent[];
    try {
      files = readdirSync(join(dir, sub), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const file of files) {
      if (!file.isFile() || file.name.startsWith('.')) continue;
      const flags = sub === 'new' ? '' : flagsOf(file.name);
      const path = join(dir, sub, file.name);
      entries.push({
        path,
        mailbox,
        read: flags.includes('S'),
        flagged: flags.includes('F'),
        draft: flags.includes('D'),
        trashed: flags.includes('T'),
        modifiedAt: statSync(path).mtime,
      });
    }
  }
  return entries.sort((a, b) => a.path.localeCompare(b.path));
}

/** All messages under `root`; a directory that is not a Maildir is an error the caller reports. */
export function readMaildir(root: string): MaildirEntry[] {
  const folders: { dir: string; mailbox: string }[] = [];
  if (isMaildir(root)) folders.push({ dir: root, mailbox: 'INBOX' });
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || ['cur', 'new', 'tmp'].includes(entry.name)) continue;
    const dir = join(root, entry.name);
    if (!isMaildir(dir)) continue;
    const mailbox = entry.name.startsWith('.') ? entry.name.slice(1).replace(/\./g, '/') : entry.name;
    folders.push({ dir, mailbox });
  }
  if (folders.length === 0) throw new Error('not a Maildir');
  return folders.flatMap(({ dir, mailbox }) => entriesOf(dir, mailbox));
}
