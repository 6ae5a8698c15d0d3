/**
 * Generates realistic mail for tests and benchmarks: an mbox with plain, HTML and multipart messages, encoded
 * headers, attachments, a body line starting with "From " (quoted as ">From "), and messages without Message-ID.
 */
import { writeFileSync } from 'node:fs';

export const SENDERS = [
  { name: 'Alice Martin', address: 'alice@acme.example' },
  { name: 'Bob Chen', address: 'bob.chen@globex.example' },
  { name: 'José Ñúñez', address: 'jose@initech.example' },
  { name: 'Priya Raman', address: 'priya@acme.example' },
  { name: 'Ops Bot', address: 'noreply@status.example' },
];

const TOPICS = ['Quarterly report', 'Lunch plans', 'Contract renewal', 'Offsite agenda', 'Invoice', 'Hiring update', 'Roadmap review'];
const WORDS = 'budget timeline customer launch pricing design review security migration onboarding forecast'.split(' ');

function rfc2822(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}

function asctime(date: Date): string {
  const [day, month, dd, yyyy, time] = [
    date.toUTCString().slice(0, 3),
    date.toUTCString().slice(8, 11),
    String(date.getUTCDate()).padStart(2, ' '),
    date.getUTCFullYear(),
    date.toISOString().slice(11, 19),
  ];
  return `${day} ${month} ${dd} ${time} ${yyyy}`;
}

export interface GeneratedMessage {
  index: number;
  messageId: string | null;
  from: { name: string; address: string };
  subject: string;
  date: Date;
}

/** Message `i` of a deterministic sequence. */
export function generatedMessage(i: number, start = Date.UTC(2025, 0, 1)): { meta: GeneratedMessage; raw: string } {
  const from = SENDERS[i % SENDERS.length] as { name: string; address: string };
  const topic = TOPICS[i % TOPICS.length] as string;
  const subject = `${topic} #${i}`;
  const date = new Date(start + i * 3_600_000);
  const messageId = i % 50 === 7 ? null : `<msg-${i}@mail.example>`;
  const words = Array.from({ length: 40 }, (_, k) => WORDS[(i * 7 + k) % WORDS.length]).join(' ');
  const headers = [
    `From: ${i % 3 === 2 ? `=?UTF-8?B?${Buffer.from(from.name).toString('base64')}?=` : `"${from.name}"`} <${from.address}>`,
    `To: Dana Reed <dana@example.com>${i % 4 === 0 ? ', team@acme.example' : ''}`,
    `Subject: ${subject}`,
    `Date: ${rfc2822(date)}`,
    ...(messageId ? [`Message-ID: ${messageId}`] : []),
    ...(i % 10 === 1 ? ['In-Reply-To: <msg-0@mail.example>', 'References: <msg-0@mail.example>'] : []),
    ...(i % 5 === 0 ? ['Status: RO'] : []),
    ...(i % 11 === 0 ? ['X-Status: F'] : []),
    'MIME-Version: 1.0',
  ];
  let body: string[];
  if (i % 6 === 3) {
    const boundary = `b${i}`;
    headers.push(`Content-Type: multipart/mixed; boundary="${boundary}"`);
    body = [
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Hi Dana, attached is the ${topic.toLowerCase()} draft. ${words}`,
      `--${boundary}`,
      'Content-Type: application/pdf; name="draft.pdf"',
      'Content-Disposition: attachment; filename="draft.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(`%PDF-1.4 fake ${i}`).toString('base64'),
      `--${boundary}--`,
    ];
  } else if (i % 6 === 4) {
    headers.push('Content-Type: text/html; charset=utf-8');
    body = [`<html><body><p>Hello Dana,</p><p>${topic}: ${words}</p></body></html>`];
  } else {
    headers.push('Content-Type: text/plain; charset=utf-8');
    body = [`Hello Dana,`, '', `${topic}: ${words}`, ...(i % 25 === 5 ? ['>From the desk of the CFO: numbers attached.'] : []), '', `— ${from.name}`];
  }
  return { meta: { index: i, messageId, from, subject, date }, raw: [...headers, '', ...body].join('\n') };
}

/** Writes `count` messages as an mboxrd file and returns their metadata. */
export function writeMbox(path: string, count: number, start?: number): GeneratedMessage[] {
  const metas: GeneratedMessage[] = [];
  const parts: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const { meta, raw } = generatedMessage(i, start);
    metas.push(meta);
    parts.push(`From ${meta.from.address} ${asctime(meta.date)}\n${raw}\n`);
  }
  writeFileSync(path, parts.join('\n'));
  return metas;
}
