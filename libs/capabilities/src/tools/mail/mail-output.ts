/** The mail shapes the mail tools return, and the send/reply result. */
import { z } from 'zod';
import type { MailAddress, MailHeader } from '@chief-of-staff/providers';

export const addressOutputSchema = z.object({ name: z.string().nullable(), address: z.string() });

export const mailHeaderOutputSchema = z.object({
  message_id: z.string(),
  internet_message_id: z.string(),
  thread_id: z.string().nullable(),
  subject: z.string(),
  from: addressOutputSchema,
  date: z.string(),
  read: z.boolean(),
  flagged: z.boolean(),
  mailbox: z.string(),
  account: z.string(),
  snippet: z.string(),
});

export function toAddressOutput(address: MailAddress): z.infer<typeof addressOutputSchema> {
  return { name: address.name, address: address.address };
}

export function toHeaderOutput(header: MailHeader): z.infer<typeof mailHeaderOutputSchema> {
  return {
    message_id: header.id,
    internet_message_id: header.internetMessageId,
    thread_id: header.threadId,
    subject: header.subject,
    from: toAddressOutput(header.from),
    date: header.date.toISOString(),
    read: header.read,
    flagged: header.flagged,
    mailbox: header.mailbox,
    account: header.account,
    snippet: header.snippet,
  };
}

export const sendResultSchema = z.object({
  status: z.enum(['sent', 'draft_saved', 'confirmation_required']),
  message_id: z.string().optional(),
  draft_id: z.string().optional(),
  preview: z
    .object({
      to: z.array(z.string()),
      cc: z.array(z.string()),
      bcc: z.array(z.string()),
      subject: z.string(),
      body_preview: z.string(),
    })
    .optional(),
  warnings: z.array(z.string()).optional(),
  /**
   * Set when the response was cut to fit the response cap (docs/reference/conventions.md#pagination-and-size-caps);
   * `warnings` says what was left out.
   */
  truncated: z.literal(true).optional(),
});

export type SendResultOutput = z.infer<typeof sendResultSchema>;
