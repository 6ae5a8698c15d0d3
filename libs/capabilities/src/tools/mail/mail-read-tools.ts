/**
 * mail_read (docs/reference/tool-catalogue.md#personal-data-providers): list_mailboxes, get_mail_messages,
 * get_mail_message, search_mail, get_unread_count.
 */
import { z } from 'zod';
import { addDaysToDate, defineTool } from '@chief-of-staff/core';
import { MAILBOX_ROLE_VALUES, startOfDateInZone, withProviderErrors } from '@chief-of-staff/providers';
import { PROVIDER_READ } from '../provider-common/provider-annotations.js';
import { cursorSchema, limitSchema, listOutputSchema, textSchema, timeSchema } from '../provider-common/provider-schemas.js';
import { openListPage, pageOfResult } from '../provider-common/paging.js';
import { requireProvider, type ProviderToolContext } from '../provider-common/provider-services.js';
import { parseTimeInput } from '../provider-common/time-input.js';
import { addressOutputSchema, mailHeaderOutputSchema, toAddressOutput, toHeaderOutput } from './mail-output.js';
import { GET_MAIL_MESSAGES_EXAMPLES, GET_MAIL_MESSAGE_EXAMPLES, SEARCH_MAIL_EXAMPLES, GET_UNREAD_COUNT_EXAMPLES, LIST_MAILBOXES_EXAMPLES } from './mail-read-tools.examples.js';

export const BODY_TEXT_MAX_CHARS = 20_000;

const accountSchema = textSchema('Mail account; all accounts when omitted.');
export const messageIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .describe('The message_id from a mail listing, or an RFC 5322 Message-ID such as <abc@example.com>.');

export const listMailboxesTool = defineTool({
  name: 'list_mailboxes',
  examples: LIST_MAILBOXES_EXAMPLES,
  title: 'List mailboxes',
  description: 'Lists mailboxes (folders) with their role and unread/total counts, per account. Example: {} or {"account": "work"}.',
  input: z.object({ account: accountSchema.optional() }).strict(),
  output: listOutputSchema(
    z.object({ account: z.string(), name: z.string(), role: z.enum(MAILBOX_ROLE_VALUES), unread_count: z.number().int().min(0), total_count: z.number().int().min(0) }),
  ),
  annotations: PROVIDER_READ,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const mail = requireProvider(ctx, 'mail');
    const boxes = await withProviderErrors(() => mail.mailboxes(args.account));
    return {
      items: boxes.map((b) => ({ account: b.account, name: b.name, role: b.role, unread_count: b.unreadCount, total_count: b.totalCount })),
      next_cursor: null,
      total: boxes.length,
    };
  },
});

export const getMailMessagesTool = defineTool({
  name: 'get_mail_messages',
  examples: GET_MAIL_MESSAGES_EXAMPLES,
  title: 'Get mail messages',
  description:
    'Lists message headers in a mailbox (default INBOX of every account), newest first, optionally only unread or since a date. ' +
    'Use get_mail_message for a full body. Example: {"unread_only": true, "limit": 10}.',
  input: z
    .object({
      mailbox: textSchema('Mailbox name (case-insensitive).').default('INBOX'),
      account: accountSchema.optional(),
      unread_only: z.boolean().default(false).describe('Only unread messages.'),
      since: timeSchema('Only messages from this date (YYYY-MM-DD) or datetime on.').optional(),
      limit: limitSchema(25, 100, 'messages'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(mailHeaderOutputSchema, { untrusted: true }),
  annotations: PROVIDER_READ,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const mail = requireProvider(ctx, 'mail');
    const since = args.since === undefined ? undefined : parseTimeInput('since', args.since, ctx.clock.timezone, { allowDateOnly: true }).instant;
    const window = openListPage('get_mail_messages', args, 100, { mailbox: args.mailbox, account: args.account ?? null, unread: args.unread_only, since: since?.toISOString() ?? null });
    const result = await withProviderErrors(() =>
      mail.list({ mailbox: args.mailbox, account: args.account, unreadOnly: args.unread_only, since }, { offset: window.offset, limit: window.limit }),
    );
    const page = pageOfResult(result, window);
    return { ...page, items: page.items.map(toHeaderOutput), untrusted_content: true as const };
  },
});

export const getMailMessageTool = defineTool({
  name: 'get_mail_message',
  examples: GET_MAIL_MESSAGE_EXAMPLES,
  title: 'Get mail message',
  description:
    'Returns one message in full: recipients, text body (at most 20,000 characters; body_truncated says when cut) and attachment names and ' +
    'sizes (contents are never stored). The body is third-party content. Example: {"message_id": "1042"}.',
  input: z.object({ message_id: messageIdSchema }).strict(),
  output: z.object({
    message_id: z.string(),
    internet_message_id: z.string(),
    thread_id: z.string().nullable(),
    subject: z.string(),
    from: addressOutputSchema,
    to: z.array(addressOutputSchema),
    cc: z.array(addressOutputSchema),
    date: z.string(),
    body_text: z.string(),
    body_truncated: z.boolean(),
    attachments: z.array(z.object({ filename: z.string().nullable(), content_type: z.string(), size_bytes: z.number().int().min(0) })),
    read: z.boolean(),
    flagged: z.boolean(),
    mailbox: z.string(),
    account: z.string(),
    in_reply_to: z.string().nullable(),
    untrusted_content: z.literal(true),
  }),
  annotations: PROVIDER_READ,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const mail = requireProvider(ctx, 'mail');
    const message = await withProviderErrors(() => mail.get(args.message_id));
    const truncated = message.bodyText.length > BODY_TEXT_MAX_CHARS;
    return {
      message_id: message.id,
      internet_message_id: message.internetMessageId,
      thread_id: message.threadId,
      subject: message.subject,
      from: toAddressOutput(message.from),
      to: message.to.map(toAddressOutput),
      cc: message.cc.map(toAddressOutput),
      date: message.date.toISOString(),
      body_text: truncated ? message.bodyText.slice(0, BODY_TEXT_MAX_CHARS) : message.bodyText,
      body_truncated: truncated,
      attachments: message.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, size_bytes: a.size })),
      read: message.read,
      flagged: message.flagged,
      mailbox: message.mailbox,
      account: message.account,
      in_reply_to: message.inReplyTo,
      untrusted_content: true as const,
    };
  },
});

export const searchMailTool = defineTool({
  name: 'search_mail',
  examples: SEARCH_MAIL_EXAMPLES,
  title: 'Search mail',
  description:
    'Full-text search over subject, sender, recipients and body, newest first; every word must match and "quoted phrases" match as ' +
    'phrases. Optionally limited to a mailbox, account or date range (until is inclusive for dates). ' +
    'Example: {"query": "alice@acme.example invoice", "since": "2026-01-01"}.',
  input: z
    .object({
      query: textSchema('Words or "phrases" to find; an address finds mail from or to it.', 500),
      mailbox: textSchema('Only this mailbox; all mailboxes when omitted.').optional(),
      account: accountSchema.optional(),
      since: timeSchema('From this date (YYYY-MM-DD) or datetime.').optional(),
      until: timeSchema('Up to this date (inclusive) or datetime (exclusive).').optional(),
      limit: limitSchema(25, 100, 'messages'),
      cursor: cursorSchema,
    })
    .strict(),
  output: listOutputSchema(mailHeaderOutputSchema, { untrusted: true }),
  annotations: PROVIDER_READ,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const mail = requireProvider(ctx, 'mail');
    const zone = ctx.clock.timezone;
    const since = args.since === undefined ? undefined : parseTimeInput('since', args.since, zone, { allowDateOnly: true }).instant;
    const untilInput = args.until === undefined ? undefined : parseTimeInput('until', args.until, zone, { allowDateOnly: true });
    const until = untilInput === undefined ? undefined : untilInput.dateOnly ? startOfDateInZone(addDaysToDate(untilInput.date, 1), zone) : untilInput.instant;
    const window = openListPage('search_mail', args, 100, {
      query: args.query,
      mailbox: args.mailbox ?? null,
      account: args.account ?? null,
      since: since?.toISOString() ?? null,
      until: until?.toISOString() ?? null,
    });
    const result = await withProviderErrors(() =>
      mail.search({ query: args.query, mailbox: args.mailbox, account: args.account, since, until }, { offset: window.offset, limit: window.limit }),
    );
    const page = pageOfResult(result, window);
    return { ...page, items: page.items.map(toHeaderOutput), untrusted_content: true as const };
  },
});

export const getUnreadCountTool = defineTool({
  name: 'get_unread_count',
  examples: GET_UNREAD_COUNT_EXAMPLES,
  title: 'Get unread count',
  description: 'Counts unread messages in a mailbox (default INBOX of every account). An unknown mailbox is NOT_FOUND, never 0. Example: {}.',
  input: z
    .object({
      mailbox: textSchema('Mailbox name (case-insensitive).').default('INBOX'),
      account: accountSchema.optional(),
    })
    .strict(),
  output: z.object({ mailbox: z.string(), account: z.string(), unread_count: z.number().int().min(0) }),
  annotations: PROVIDER_READ,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const mail = requireProvider(ctx, 'mail');
    const count = await withProviderErrors(() => mail.unreadCount(args.mailbox, args.account));
    return { mailbox: count.mailbox, account: count.account, unread_count: count.unreadCount };
  },
});
