/**
 * Pagination for provider-backed lists (docs/reference/conventions.md#pagination-and-size-caps) on the shared cursor
 * format: offsets bound to the filters, `limit` clamped with a warning. Providers page in SQL and report `hasMore`;
 * in-memory lists (expanded calendar occurrences, reminders) are sliced here.
 */
import { closePage, encodeCursor, openPage, type Page, type PageWindow } from '@chief-of-staff/stores';
import type { PageResult } from '@chief-of-staff/providers';

export function openListPage(list: string, args: { limit: number; cursor?: string | undefined }, maxLimit: number, filters: unknown): PageWindow {
  return openPage({ limit: args.limit, cursor: args.cursor }, { defaultLimit: args.limit, maxLimit }, list, filters);
}

/** One page of an already complete, ordered list. */
export function pageOfList<T>(all: readonly T[], window: PageWindow): Page<T> {
  return closePage(all.slice(window.offset, window.offset + window.limit + 1), window, { total: all.length });
}

/** A provider page as the list envelope. */
export function pageOfResult<T>(result: PageResult<T>, window: PageWindow): Page<T> {
  const page: Page<T> = {
    items: result.items,
    next_cursor: result.hasMore ? encodeCursor(window.offset + window.limit, window.filterKey) : null,
  };
  if (result.total !== null) page.total = result.total;
  const warnings = [...window.warnings, ...(result.warnings ?? [])];
  if (warnings.length > 0) page.warnings = warnings;
  return page;
}
