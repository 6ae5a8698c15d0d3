/**
 * Test data for the enrichment scenarios, written through the real stores: identities, facts, delegations and
 * decisions through the memory store's repositories; messages and mail through the local providers' importers.
 */
import type { MemoryStore } from '@chief-of-staff/stores';
import type { ProviderRegistry } from '@chief-of-staff/providers';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface ChatLine {
  id: string;
  conversation: string;
  sender: string;
  senderName?: string | null;
  fromMe?: boolean;
  text: string;
  at: Date;
}

export async function importChat(providers: ProviderRegistry, line: ChatLine): Promise<void> {
  await providers.local.messages.importMessages([{
    externalId: line.id,
    conversationId: line.conversation,
    conversationTitle: null,
    channel: 'imessage',
    senderHandle: line.sender,
    senderName: line.senderName ?? null,
    isFromMe: line.fromMe ?? false,
    text: line.text,
    sentAt: line.at,
    participants: [],
  }]);
}

export interface MailLine {
  id: string;
  mailbox?: string;
  subject: string;
  from: { name: string | null; address: string };
  to: { name: string | null; address: string }[];
  cc?: { name: string | null; address: string }[];
  body?: string;
  at: Date;
}

export async function importMail(providers: ProviderRegistry, line: MailLine): Promise<void> {
  const mailbox = await providers.local.mail.ensureMailbox('local', line.mailbox ?? 'INBOX');
  await providers.local.mail.importMessage(
    mailbox.id,
    {
      internetMessageId: `<${line.id}@example.test>`,
      threadId: line.id,
      subject: line.subject,
      from: line.from,
      to: line.to,
      cc: line.cc ?? [],
      date: line.at,
      bodyText: line.body ?? '',
      bodyHtml: null,
      snippet: (line.body ?? '').slice(0, 200),
      inReplyTo: null,
      references: [],
      attachments: [],
      read: undefined,
      flagged: undefined,
    },
    { read: false, flagged: false },
  );
}

export const me = { name: 'Alex Doe', address: 'alex@home.test' };
export const janeAddress = { name: 'Jane Smith', address: 'jane@acme.com' };

/**
 * Jane Smith with twelve or more rows in every section (so caps show), a few rows that must not match, and data
 * outside the default seven-day window.
 */
export async function seedJane(memory: MemoryStore, providers: ProviderRegistry): Promise<void> {
  const now = memory.clock.now().getTime();
  const ago = (ms: number) => new Date(now - ms);

  await memory.identities.link({ canonicalName: 'Jane Smith', provider: 'email', providerId: 'Jane@Acme.com', displayName: 'Jane S.' });
  await memory.identities.link({ canonicalName: 'Jane Smith', provider: 'imessage', providerId: '+1 (555) 123-4567' });
  await memory.identities.link({ canonicalName: 'Jane Smith', provider: 'slack', providerId: 'U123', displayName: 'jsmith' });
  await memory.identities.link({ canonicalName: 'Bob Stone', provider: 'email', providerId: 'bob@acme.com' });

  for (let i = 0; i < 12; i += 1) {
    await memory.facts.upsert({ category: 'work', key: `jane.project.${i}`, value: `Jane Smith leads project ${i}`, source: 'user' });
  }
  await memory.facts.upsert({ category: 'relationship', key: 'person.Jane Smith.role', value: 'VP Engineering', source: 'user' });
  await memory.facts.upsert({ category: 'relationship', key: 'person.Jane Smith.team', value: 'Platform', source: 'user' });
  await memory.facts.upsert({ category: 'work', key: 'bob.project', value: 'Bob Stone runs payroll', source: 'user' });

  for (let i = 0; i < 11; i += 1) {
    await memory.delegations.create({ task: `Task ${i} for Jane`, delegatedTo: i % 2 === 0 ? 'jane smith' : 'JANE SMITH ', dueDate: `2026-04-${String(i + 1).padStart(2, '0')}` });
  }
  await memory.delegations.create({ task: 'Review contract', delegatedTo: 'jane@acme.com', priority: 'high' });
  const done = await memory.delegations.create({ task: 'Old task', delegatedTo: 'Jane Smith' });
  await memory.delegations.update(done.id, { status: 'completed' });
  await memory.delegations.create({ task: 'Bob task', delegatedTo: 'Bob Stone' });

  for (let i = 0; i < 12; i += 1) {
    await memory.decisions.create({ title: `Decision ${i}`, description: `Agreed with Jane Smith on item ${i}` });
  }
  await memory.decisions.create({ title: 'Hiring plan', owner: 'jsmith' });
  await memory.decisions.create({ title: 'Payroll vendor', owner: 'Bob Stone' });

  for (let i = 0; i < 12; i += 1) {
    await importChat(providers, { id: `j${i}`, conversation: 'chat-jane', sender: '+15551234567', text: `Jane message ${i}`, at: ago((i + 1) * HOUR_MS) });
  }
  await importChat(providers, { id: 'reply', conversation: 'chat-jane', sender: me.address, fromMe: true, text: 'My reply', at: ago(30 * 60_000) });
  await importChat(providers, { id: 'j-old', conversation: 'chat-jane', sender: '+15551234567', text: 'Jane old message', at: ago(20 * DAY_MS) });
  await importChat(providers, { id: 'bob', conversation: 'chat-bob', sender: '+15559990000', senderName: 'Bob', text: 'Jane Smith said hi', at: ago(HOUR_MS) });

  for (let i = 0; i < 12; i += 1) {
    await importMail(providers, { id: `m${i}`, subject: `Update ${i}`, from: janeAddress, to: [me], at: ago((i + 1) * HOUR_MS) });
  }
  await importMail(providers, { id: 'to-jane', mailbox: 'Sent', subject: 'Direct to Jane', from: me, to: [janeAddress], at: ago(5 * 60_000) });
  await importMail(providers, { id: 'm-old', subject: 'Old update', from: janeAddress, to: [me], at: ago(20 * DAY_MS) });
  await importMail(providers, { id: 'mention', subject: 'Contacts', from: { name: 'Bob Stone', address: 'bob@acme.com' }, to: [me], body: 'write to jane@acme.com', at: ago(HOUR_MS) });
}
