/** Infers a mailbox's role from its name, covering the names common clients and exports use. */
import type { MailboxRole } from '../types/mail.js';

const ROLE_NAMES: readonly [MailboxRole, RegExp][] = [
  ['inbox', /^inbox$/i],
  ['sent', /^(sent|sent items|sent mail|sent messages|gesendet|envoyés)$/i],
  ['drafts', /^(drafts?|entwürfe|brouillons)$/i],
  ['archive', /^(archive|archives|all mail|archiv)$/i],
  ['trash', /^(trash|deleted items|deleted messages|bin|papierkorb|corbeille)$/i],
];

export function roleForMailboxName(name: string): MailboxRole {
  const last = name.split('/').pop()?.replace(/^\[gmail\]\s*/i, '').trim() ?? name;
  return ROLE_NAMES.find(([, pattern]) => pattern.test(last))?.[0] ?? 'other';
}
