/**
 * Recent email from the mail provider (docs/enrichment.md#where-each-section-comes-from), inside the window and
 * across all mailboxes: mail from one of the person's addresses, mail whose sender name matches one of their names,
 * and mail addressed to them (To or Cc). The provider's full-text search finds the candidates; each is then checked
 * against the person, so a message that merely mentions an address in its body does not count.
 */
import type { MailHeader, MailMessage, MailProvider } from '@chief-of-staff/providers';
import { isProviderError } from '@chief-of-staff/providers';
import type { PersonSource } from '../enrich-person/source-ports.js';
import type { EmailItem } from '../enrich-person/section-items.js';
import { mentionsAnyName } from './person-matching.js';

/** Candidates read per term: the section shows ten, newest first. */
const PER_QUERY_LIMIT = 25;

function formatFrom(header: MailHeader): string {
  const name = header.from.name?.trim();
  return name ? `${name} <${header.from.address}>` : header.from.address;
}

function toEmailItem(header: MailHeader): EmailItem {
  return { subject: header.subject, from: formatFrom(header), date: header.date.toISOString(), message_id: header.id };
}

/** The full message, or undefined when it was deleted or moved away since the search. */
async function getIfPresent(mail: MailProvider, id: string): Promise<MailMessage | undefined> {
  try {
    return await mail.get(id);
  } catch (error) {
    if (isProviderError(error) && error.kind === 'not_found') return undefined;
    throw error;
  }
}

export function createMailSource(mail: MailProvider): PersonSource<EmailItem> {
  return async ({ person: pending, window, signal }) => {
    const person = await pending;
    const emails = new Set(person.emails.map((email) => email.toLowerCase()));
    const range = { since: window.since, until: window.until };
    const page = { offset: 0, limit: PER_QUERY_LIMIT };
    const found = new Map<string, MailHeader>();

    const search = async (query: string): Promise<MailHeader[]> => {
      signal.throwIfAborted();
      try {
        return (await mail.search({ query, ...range }, page)).items;
      } catch (error) {
        // A term with nothing searchable in it (only punctuation) is skipped, not a failure of the section.
        if (isProviderError(error) && error.kind === 'invalid') return [];
        throw error;
      }
    };

    for (const email of emails) {
      for (const header of await search(email)) {
        if (found.has(header.id)) continue;
        if (emails.has(header.from.address.toLowerCase())) {
          found.set(header.id, header);
          continue;
        }
        signal.throwIfAborted();
        const message = await getIfPresent(mail, header.id);
        const recipients = [...(message?.to ?? []), ...(message?.cc ?? [])].map((address) => address.address.toLowerCase());
        if (recipients.some((address) => emails.has(address))) found.set(header.id, header);
      }
    }
    for (const name of person.names) {
      for (const header of await search(name)) {
        if (!found.has(header.id) && mentionsAnyName(header.from.name, [name])) found.set(header.id, header);
      }
    }
    return [...found.values()].map(toEmailItem);
  };
}
