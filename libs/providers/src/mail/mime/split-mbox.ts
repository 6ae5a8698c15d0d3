import { openRegularFile, type FileReadPolicy } from '@chief-of-staff/core';
/**
 * Streams an mbox file message by message without loading it whole. A message starts at a `From ` line at the
 * start of the file or after a blank line (mboxo/mboxrd); `>From ` quoting in bodies is undone (mboxrd).
 */

export interface MboxEntry {
  /** The raw RFC 5322 message (the `From ` separator line removed). */
  raw: Buffer;
  /** The date written on the separator line, when it parses. */
  envelopeDate: Date | null;
  /** Byte offset of the separator line, for progress and error messages. */
  offset: number;
}

const FROM_LINE = /^From \S*\s+(.*)$/;

function parseEnvelopeDate(line: string): Date | null {
  const match = FROM_LINE.exec(line);
  if (!match?.[1]) return null;
  // "Fri Jul  8 12:08:34 2011" or similar; Date.parse reads the asctime form.
  const time = Date.parse(match[1].replace(/\s+/g, ' ').trim());
  return Number.isNaN(time) ? null : new Date(time);
}

/** Removes one `>` from `>From `, `>>From `… lines (mboxrd) and drops the trailing blank separator line. */
function unquote(lines: Buffer[]): Buffer {
  const out: Buffer[] = [];
  for (const line of lines) {
    if (line[0] === 0x3e && /^>+From /.test(line.subarray(0, 64).toString('latin1'))) out.push(line.subarray(1));
    else out.push(line);
  }
  while (out.length > 0 && (out[out.length - 1] as Buffer).toString('latin1').trim() === '') out.pop();
  return Buffer.concat(out.flatMap((line) => [line, Buffer.from('\n')]));
}

function isSeparator(line: Buffer): boolean {
  return line.length >= 5 && line[0] === 0x46 && line.subarray(0, 5).toString('latin1') === 'From ';
}

function isBlank(line: Buffer): boolean {
  return line.length === 0 || (line.length === 1 && line[0] === 0x0d);
}

/** Yields each message of the mbox at `path`. */
export async function* splitMbox(path: string, policy: FileReadPolicy = {}): AsyncGenerator<MboxEntry> {
  let carry = Buffer.alloc(0);
  let lines: Buffer[] = [];
  let envelopeDate: Date | null = null;
  let messageOffset = 0;
  let position = 0;
  let previousBlank = true;
  let started = false;

  const flush = (): MboxEntry | null => {
    if (!started || lines.length === 0) return null;
    return { raw: unquote(lines), envelopeDate, offset: messageOffset };
  };

  const handleLine = (line: Buffer, lineOffset: number): MboxEntry | null => {
    let finished: MboxEntry | null = null;
    if (isSeparator(line) && previousBlank) {
      finished = flush();
      lines = [];
      started = true;
      messageOffset = lineOffset;
      envelopeDate = parseEnvelopeDate(line.toString('latin1').replace(/\r$/, ''));
    } else if (started) {
      lines.push(line[line.length - 1] === 0x0d ? line.subarray(0, -1) : line);
    }
    previousBlank = isBlank(line);
    return finished;
  };

  const { handle } = await openRegularFile(path, policy);
  // The stream owns the handle and closes it when it ends or is destroyed.
  for await (const chunk of handle.createReadStream()) {
    const data = carry.length > 0 ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    let start = 0;
    for (let index = data.indexOf(0x0a, start); index !== -1; index = data.indexOf(0x0a, start)) {
      const entry = handleLine(data.subarray(start, index), position + start);
      if (entry) yield entry;
      start = index + 1;
    }
    position += start;
    carry = Buffer.from(data.subarray(start));
  }
  if (carry.length > 0) {
    const entry = handleLine(carry, position);
    if (entry) yield entry;
  }
  const last = flush();
  if (last) yield last;
}
