/**
 * Recent messages from the messages provider (docs/enrichment.md#where-each-section-comes-from), inside the window:
 * messages sent from one of the person's handles, emails or phone numbers, or by a sender whose name matches one of
 * their names, plus the other messages (the user's replies included) of the conversations those came from — the
 * provider contract has no participant filter, so a conversation counts once the person has written in it during the
 * window.
 */
import type { ChatMessage, MessageProvider } from '@chief-of-staff/providers';
import type { PersonSource, ResolvedPerson } from '../enrich-person/source-ports.js';
import type { MessageItem } from '../enrich-person/section-items.js';
import { handleKey, mentionsAnyName, substringSearchTerms } from './person-matching.js';

/** Messages read per term and per conversation: the section shows ten, newest first. */
const PER_QUERY_LIMIT = 25;
/** Conversations whose other messages are read. */
const MAX_CONVERSATIONS = 5;

function senderLabel(message: ChatMessage, person: ResolvedPerson, personHandles: ReadonlySet<string>): string {
  if (message.isFromMe) return 'me';
  // A handle of the person shows their resolved name rather than whatever the chat service recorded.
  const resolvedName = person.displayNames[0] ?? person.canonicalNames[0];
  if (resolvedName && personHandles.has(handleKey(message.sender))) return resolvedName;
  return message.senderName?.trim() || message.sender;
}

export function createMessagesSource(messages: MessageProvider): PersonSource<MessageItem> {
  return async ({ person: pending, window, signal }) => {
    const person = await pending;
    const handles = [...person.handles, ...person.emails];
    const personHandles = new Set(handles.map(handleKey));
    const range = { since: window.since, until: window.until };
    const page = { offset: 0, limit: PER_QUERY_LIMIT };
    const found = new Map<number, ChatMessage>();
    const keep = (message: ChatMessage) => found.set(message.id, message);

    for (const handle of handles) {
      signal.throwIfAborted();
      const { items } = await messages.list({ ...range, sender: handle }, page);
      // The provider matches senders by substring; only the exact handle is the person.
      items.filter((message) => personHandles.has(handleKey(message.sender))).forEach(keep);
    }
    // The sender filter is a substring match, so a name containing another adds nothing.
    for (const name of substringSearchTerms(person.names)) {
      signal.throwIfAborted();
      const { items } = await messages.list({ ...range, sender: name }, page);
      items.filter((message) => mentionsAnyName(message.senderName, person.names)).forEach(keep);
    }

    const conversations = [...new Set([...found.values()].map((message) => message.conversationId))]
      .filter((id): id is number => id !== null)
      .slice(0, MAX_CONVERSATIONS);
    for (const conversationId of conversations) {
      signal.throwIfAborted();
      const { items } = await messages.list({ ...range, conversation: String(conversationId) }, page);
      items.filter((message) => message.conversationId === conversationId).forEach(keep);
    }

    return [...found.values()].map((message) => ({
      sender: senderLabel(message, person, personHandles),
      text: message.text,
      date: message.date.toISOString(),
      channel: message.channel,
    }));
  };
}
