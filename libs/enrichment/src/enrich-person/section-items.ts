/**
 * The item shape of each section (docs/enrichment.md#what-comes-back), as zod schemas. They serve twice: as the
 * tool's output schema, and as the filter every item a source returns passes through, so a section can only ever hold
 * well-formed data rows — never an error object or a stray field from a source.
 */
import { z } from 'zod';

export const identityItemSchema = z.object({
  provider: z.string().describe('Where the handle lives: email, phone, imessage, slack, …'),
  provider_id: z.string().describe('The normalised handle, address or number on that provider'),
  email: z.string().nullable().describe('Email address linked to this identity, if any'),
  display_name: z.string().nullable().describe('How the person appears on that provider'),
  canonical_name: z.string().describe('The name all of this person’s identities share'),
});

export const factItemSchema = z.object({
  category: z.string().describe('Fact category'),
  key: z.string().describe('Fact key'),
  value: z.string().describe('Fact value'),
  confidence: z.number().describe('0–1'),
  score: z.number().describe('Ranking score (relevance × confidence × recency); 1 for facts keyed person.<canonical>.*'),
});

export const delegationItemSchema = z.object({
  task: z.string().describe('What was delegated'),
  due_date: z.string().nullable().describe('YYYY-MM-DD or null'),
  priority: z.string().describe('low, medium, high or critical'),
  status: z.string().describe('active, completed or cancelled'),
  id: z.number().int().describe('Delegation id'),
});

export const decisionItemSchema = z.object({
  title: z.string().describe('Decision title'),
  status: z.string().describe('pending_execution, executed, deferred or reversed'),
  created_at: z.string().describe('UTC timestamp'),
  id: z.number().int().describe('Decision id'),
});

export const messageItemSchema = z.object({
  sender: z.string().describe('Resolved display name of the sender, else the handle'),
  text: z.string().describe('Message text, at most 500 characters (third-party content)'),
  date: z.string().describe('UTC timestamp'),
  channel: z.string().describe('imessage, sms, whatsapp, …'),
});

export const emailItemSchema = z.object({
  subject: z.string().describe('Subject line (third-party content)'),
  from: z.string().describe('Sender as "Name <address>"'),
  date: z.string().describe('UTC timestamp'),
  message_id: z.string().describe('Mail message id, usable with get_mail_message'),
});

export type IdentityItem = z.infer<typeof identityItemSchema>;
export type FactItem = z.infer<typeof factItemSchema>;
export type DelegationItem = z.infer<typeof delegationItemSchema>;
export type DecisionItem = z.infer<typeof decisionItemSchema>;
export type MessageItem = z.infer<typeof messageItemSchema>;
export type EmailItem = z.infer<typeof emailItemSchema>;
