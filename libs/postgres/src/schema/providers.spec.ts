import { describe, expect, it } from '@jest/globals';
import { events as sqliteEvents } from '@chief-of-staff/sqlite';
import { events, type EventAttendee } from './providers.js';

type SqliteAttendee = (typeof sqliteEvents.$inferSelect)['attendees'][number];

describe('provider tables', () => {
  it('type event attendees exactly as the SQLite schema does (checked by the type checker both ways)', () => {
    const fromSqlite: EventAttendee = { email: 'a@example.com', response: 'accepted', is_self: false } satisfies SqliteAttendee;
    const toSqlite: SqliteAttendee = fromSqlite;
    const row: (typeof events.$inferInsert)['attendees'] = [toSqlite];
    expect(row).toHaveLength(1);
  });
});
