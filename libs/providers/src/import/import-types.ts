/** Requests, progress events and results of `importData` (the CLI's `cos import` and the `import_data` tool). */

export const IMPORT_KINDS = ['ics', 'mbox', 'maildir', 'eml', 'messages_jsonl', 'messages_csv'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface ImportRequest {
  /** `messages` picks JSON lines or CSV from the file extension. */
  kind: ImportKind | 'messages';
  path: string;
  /**
   * Where the data goes. ics: calendar name (default: the file's X-WR-CALNAME, else its file name).
   * mbox/eml: mailbox (default `INBOX`). maildir: account (default `local`); its folders become mailboxes.
   * messages: the channel for records that name none (default `imported`).
   */
  target?: string;
  /** mbox/eml: the mail account (default `local`). */
  account?: string;
  /** ics only: the calendar belongs to this person (kind `person`, read-only), for group availability. */
  ownerEmail?: string;
  /** Read files with more than one hard link (`documents.followHardLinks`); refused by default. */
  followHardLinks?: boolean;
}

export interface ImportProgress {
  kind: ImportKind;
  /** Items handled so far (messages, events). */
  done: number;
  /** Fraction of the input read, 0–1, when known. */
  fraction: number | null;
  message: string;
}

export interface ImportItemError {
  /** Where in the input: `line 12`, `byte 4096`, a file name. */
  item: string;
  message: string;
}

export interface ImportResult {
  kind: ImportKind;
  /** Resolved target: calendar name, `account/mailbox`, or account. */
  target: string;
  imported: number;
  updated: number;
  skipped: number;
  /** Up to 100 item errors; `errorCount` holds the full number. */
  errors: ImportItemError[];
  errorCount: number;
  warnings: string[];
  durationMs: number;
}

export type ImportProgressListener = (progress: ImportProgress) => void;
