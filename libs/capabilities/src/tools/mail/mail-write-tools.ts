/**
 * mail_write (docs/reference/tool-catalogue.md#personal-data-providers, docs/security.md#sending): send_email and
 * reply_to_email under the send policy, and the state changes mark_mail_read, mark_mail_flagged, move_mail_message.
 */
import { z } from 'zod';
import { defineTool, normalizeEmail } from '@chief-of-staff/core';
import { withProviderErrors } from '@chief-of-staff/providers';
import { EMAIL_SEND, PROVIDER_UPSERT } from '../provider-common/provider-annotations.js';
import { textSchema } from '../provider-common/provider-schemas.js';
import { requireProvider, type ProviderToolContext } from '../provider-common/provider-services.js';
import { deliverMail } from './deliver-mail.js';
import { sendResultSchema } from './mail-output.js';
import { messageIdSchema } from './mail-read-tools.js';
import { SEND_EMAIL_EXAMPLES, REPLY_TO_EMAIL_EXAMPLES, MARK_MAIL_READ_EXAMPLES, MARK_MAIL_FLAGGED_EXAMPLES, MOVE_MAIL_MESSAGE_EXAMPLES } from './mail-write-tools.examples.js';

const MAX_BODY = 100_000;

/** A list of addresses, also accepted as one comma-separated string. */
function addressListSchema(description: string, min: number) {
  return z
    .preprocess(
      (value) => (typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter((part) => part !== '') : value),
      z.array(z.string().trim().min(3).max(254)).min(min).max(50),
    )
    .describe(description);
}

function validated(field: string, list: readonly string[] | undefined): string[] {
  return (list ?? []).map((address, index) => normalizeEmail(`${field}[${index}]`, address));
}

const confirmSendSchema = z
  .boolean()
  .default(false)
  .describe('Host callers: true only after the user approved the preview. Agents: ignored (the send policy decides).');

export const sendEmailTool = defineTool({
  name: 'send_email',
  examples: SEND_EMAIL_EXAMPLES,
  title: 'Send email',
  description:
    'Sends an email. Without confirm_send=true a host call sends nothing and returns a preview to show the user; agents follow ' +
    'mail.agentSendMode (a draft by default). Mail providers that cannot transmit save a draft instead. ' +
    'Example: {"to": ["maya@example.com"], "subject": "Agenda", "body": "Hi Maya, …", "confirm_send": true}.',
  input: z
    .object({
      to: addressListSchema('Recipients: 1–50 addresses (a comma-separated string is accepted).', 1),
      subject: textSchema('Subject line.', 998),
      body: z.string().min(1).max(MAX_BODY).describe('Plain-text body (≤100,000 characters).'),
      cc: addressListSchema('Cc addresses.', 0).optional(),
      bcc: addressListSchema('Bcc addresses.', 0).optional(),
      html_body: z.string().max(MAX_BODY).optional().describe('Optional HTML alternative of the body.'),
      confirm_send: confirmSendSchema,
    })
    .strict(),
  output: sendResultSchema,
  annotations: EMAIL_SEND,
  latency: 'medium',
  async handler(args, ctx: ProviderToolContext) {
    const mail = {
      to: validated('to', args.to),
      cc: validated('cc', args.cc),
      bcc: validated('bcc', args.bcc),
      subject: args.subject,
      bodyText: args.body,
      bodyHtml: args.html_body ?? null,
    };
    return deliverMail(ctx, mail, args.confirm_send);
  },
});

export const replyToEmailTool = defineTool({
  name: 'reply_to_email',
  examples: REPLY_TO_EMAIL_EXAMPLES,
  title: 'Reply to email',
  description:
    'Replies to a message: to its sender (reply_all adds the other recipients, never you), subject "Re: …", threaded with ' +
    'In-Reply-To/References. Same confirmation rules as send_email. Example: {"message_id": "1042", "body": "Thanks, confirmed."}.',
  input: z
    .object({
      message_id: messageIdSchema,
      body: z.string().min(1).max(MAX_BODY).describe('Plain-text reply (≤100,000 characters).'),
      reply_all: z.boolean().default(false).describe('Also reply to the other To/Cc recipients.'),
      cc: addressListSchema('Extra Cc addresses.', 0).optional(),
      bcc: addressListSchema('Bcc addresses.', 0).optional(),
      html_body: z.string().max(MAX_BODY).optional().describe('Optional HTML alternative of the body.'),
      confirm_send: confirmSendSchema,
    })
    .strict(),
  output: sendResultSchema,
  annotations: EMAIL_SEND,
  latency: 'medium',
  async handler(args, ctx: ProviderToolContext) {
    const provider = requireProvider(ctx, 'mail');
    const original = await withProviderErrors(() => provider.get(args.message_id));
    const self = new Set([ctx.services.config?.user.email, ...(ctx.services.config?.user.handles ?? [])].filter(Boolean).map((a) => String(a).toLowerCase()));
    const to = [original.from.address].filter((address) => address !== '');
    const extraCc = validated('cc', args.cc);
    const cc = args.reply_all ? [...original.to, ...original.cc].map((a) => a.address).filter((a) => !self.has(a.toLowerCase()) && !to.includes(a)) : [];
    if (to.length === 0) to.push(...cc.splice(0, 1));
    const subject = /^re:/i.test(original.subject.trim()) ? original.subject.trim() : `Re: ${original.subject.trim()}`;
    return deliverMail(
      ctx,
      {
        to: validated('to', to),
        cc: [...new Set([...cc, ...extraCc])],
        bcc: validated('bcc', args.bcc),
        subject,
        bodyText: args.body,
        bodyHtml: args.html_body ?? null,
        inReplyTo: original.internetMessageId,
        references: [...original.references, original.internetMessageId],
        account: original.account,
      },
      args.confirm_send,
    );
  },
});

export const markMailReadTool = defineTool({
  name: 'mark_mail_read',
  examples: MARK_MAIL_READ_EXAMPLES,
  title: 'Mark mail read',
  description: 'Marks a message read, or unread with read=false. Example: {"message_id": "1042"}.',
  input: z.object({ message_id: messageIdSchema, read: z.boolean().default(true).describe('true = read, false = unread.') }).strict(),
  output: z.object({ message_id: z.string(), read: z.boolean() }),
  annotations: PROVIDER_UPSERT,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const mail = requireProvider(ctx, 'mail');
    const header = await withProviderErrors(() => mail.setFlags(args.message_id, { read: args.read }));
    return { message_id: header.id, read: header.read };
  },
});

export const markMailFlaggedTool = defineTool({
  name: 'mark_mail_flagged',
  examples: MARK_MAIL_FLAGGED_EXAMPLES,
  title: 'Mark mail flagged',
  description: 'Flags a message, or clears the flag with flagged=false. Example: {"message_id": "1042"}.',
  input: z.object({ message_id: messageIdSchema, flagged: z.boolean().default(true).describe('true = flagged, false = not.') }).strict(),
  output: z.object({ message_id: z.string(), flagged: z.boolean() }),
  annotations: PROVIDER_UPSERT,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const mail = requireProvider(ctx, 'mail');
    const header = await withProviderErrors(() => mail.setFlags(args.message_id, { flagged: args.flagged }));
    return { message_id: header.id, flagged: header.flagged };
  },
});

export const moveMailMessageTool = defineTool({
  name: 'move_mail_message',
  examples: MOVE_MAIL_MESSAGE_EXAMPLES,
  title: 'Move mail message',
  description: 'Moves a message to another mailbox (of the same account unless target_account is given). An unknown mailbox is NOT_FOUND. Example: {"message_id": "1042", "target_mailbox": "Archive"}.',
  input: z
    .object({
      message_id: messageIdSchema,
      target_mailbox: textSchema('Destination mailbox name.'),
      target_account: textSchema('Destination account; default the message’s own.').optional(),
    })
    .strict(),
  output: z.object({ message_id: z.string(), mailbox: z.string(), account: z.string() }),
  annotations: PROVIDER_UPSERT,
  latency: 'fast',
  async handler(args, ctx: ProviderToolContext) {
    const mail = requireProvider(ctx, 'mail');
    const header = await withProviderErrors(() => mail.move(args.message_id, args.target_mailbox, args.target_account));
    return { message_id: header.id, mailbox: header.mailbox, account: header.account };
  },
});
