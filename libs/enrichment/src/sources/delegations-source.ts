/**
 * Delegations from the memory store (docs/enrichment.md#where-each-section-comes-from): those whose `delegated_to`
 * equals — case-folded and trimmed — any of the person's names or email addresses. Active ones are fetched first;
 * finished ones only fill a short section.
 */
import type { DelegationRecord, DelegationsRepository, DelegationStatus, MemoryStore } from '@chief-of-staff/stores';
import { SECTION_ITEM_CAP } from '../enrich-person/sections.js';
import type { PersonSource } from '../enrich-person/source-ports.js';
import type { DelegationItem } from '../enrich-person/section-items.js';

/** The list's maximum page: enough that the section's own order (due date, then newest) picks the ten. */
const PER_TERM_LIMIT = 100;

function toDelegationItem(record: DelegationRecord): DelegationItem {
  return { task: record.task, due_date: record.dueDate, priority: record.priority, status: record.status, id: record.id };
}

export function createDelegationsSource(
  delegations: Pick<DelegationsRepository, 'list'>,
  clock: MemoryStore['clock'],
): PersonSource<DelegationItem> {
  return async ({ person, signal }) => {
    const { names, emails } = await person;
    const terms = [...names, ...emails];
    const today = clock.today();
    const fetch = async (status: DelegationStatus) => {
      const items: DelegationRecord[] = [];
      for (const term of terms) {
        signal.throwIfAborted();
        items.push(...(await delegations.list({ status, delegatedTo: term, today }, { limit: PER_TERM_LIMIT })).items);
      }
      return items;
    };
    const found = await fetch('active');
    if (found.length < SECTION_ITEM_CAP) found.push(...(await fetch('completed')), ...(await fetch('cancelled')));
    return found.map(toDelegationItem);
  };
}
