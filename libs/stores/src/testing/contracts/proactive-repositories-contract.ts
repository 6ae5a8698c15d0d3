/**
 * The behaviour of `NotificationsRepository` and `SuggestionStateRepository` that users notice (the notification log
 * and its per-run cap, dismissed and snoozed suggestions), written once against the port and run against every
 * adapter (SQLite in `@chief-of-staff/stores`, PostgreSQL in `@chief-of-staff/postgres`): ADR 0065.
 */
import { isSuggestionHidden, type SuggestionStateRepository } from '../../proactive/suggestion-state-repository.js';
import type { NotificationsRepository } from '../../telemetry/notifications-repository.js';
import { contractJest, describeRepositoryContract, toolErrorOf, type OpenRepository } from './contract-jest.js';

const START = '2026-04-01T08:00:00.000Z';

/** Declares the notifications repository contract as a jest `describe` block named after the adapter. */
export function describeNotificationsRepositoryContract(name: string, open: OpenRepository<NotificationsRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('NotificationsRepository', name, open, START, ({ clock, repository }) => {
    it('counts notifications per run and purges old ones', async () => {
      const log = repository();
      await log.record({ title: 'Hi', body: 'there', channels: ['log'], status: 'logged', origin: 'agent', runId: 'r1' });
      await log.record({ title: 'Hi', body: 'again', channels: ['log'], status: 'logged', origin: 'agent', runId: 'r1' });
      expect(await log.countForRun('r1')).toBe(2);
      clock().advanceDays(40);
      expect(await log.purgeOlderThan('2026-04-10T00:00:00.000Z')).toBe(2);
    });

    it('records a notification with its defaults and refuses an invalid title, urgency, status or origin', async () => {
      const log = repository();
      const sent = await log.record({ title: 'Standup moved', body: 'Now at 10:00', channels: ['log', 'desktop'], status: 'delivered', origin: 'scheduler' });
      expect(sent).toEqual({
        id: expect.any(Number),
        title: 'Standup moved',
        subtitle: null,
        body: 'Now at 10:00',
        urgency: 'normal',
        channels: ['log', 'desktop'],
        status: 'delivered',
        origin: 'scheduler',
        runId: null,
        createdAt: START,
      });
      expect(await log.record({ title: 't', subtitle: 's', body: '', urgency: 'high', channels: [], status: 'failed', origin: 'alert', runId: 'r' })).toMatchObject({
        subtitle: 's',
        urgency: 'high',
        channels: [],
      });
      const base = { title: 't', body: 'b', channels: ['log'], status: 'logged' as const, origin: 'tool' as const };
      expect((await toolErrorOf(log.record({ ...base, title: '' }))).message).toMatch(/title/);
      expect((await toolErrorOf(log.record({ ...base, title: 'x'.repeat(201) }))).code).toBe('INVALID_ARGUMENT');
      expect((await toolErrorOf(log.record({ ...base, urgency: 'urgent' as 'high' }))).message).toMatch(/urgency/);
      expect((await toolErrorOf(log.record({ ...base, status: 'sent' as 'logged' }))).message).toMatch(/status/);
      expect((await toolErrorOf(log.record({ ...base, origin: 'user' as 'tool' }))).message).toMatch(/origin/);
      expect(await log.countForRun('r')).toBe(1);
      expect(await log.countForRun('none')).toBe(0);
    });

    it('lists newest first, filtered by time, origin and status, with the total and pages', async () => {
      const log = repository();
      const ids: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const origin = i % 2 === 0 ? 'agent' : 'alert';
        ids.push((await log.record({ title: `n${i}`, body: '', channels: ['log'], status: i === 4 ? 'failed' : 'logged', origin })).id);
        clock().advance(60_000);
      }
      const first = await log.list({}, { limit: 2 });
      expect(first).toMatchObject({ total: 5, next_cursor: expect.any(String) });
      expect(first.items.map((n) => n.id)).toEqual([ids[4], ids[3]]);
      expect((await log.list({}, { limit: 2, cursor: first.next_cursor })).items.map((n) => n.id)).toEqual([ids[2], ids[1]]);
      expect((await log.list({ origin: 'agent' }, {})).items.map((n) => n.id)).toEqual([ids[4], ids[2], ids[0]]);
      expect((await log.list({ origin: 'agent', status: 'logged' }, {})).total).toBe(2);
      expect((await log.list({ since: '2026-04-01T08:03:00.000Z' }, {})).items.map((n) => n.id)).toEqual([ids[4], ids[3]]);
      expect((await toolErrorOf(log.list({ origin: 'user' as 'tool' }, {}))).code).toBe('INVALID_ARGUMENT');
    });
  });
}

/** Declares the suggestion state repository contract as a jest `describe` block named after the adapter. */
export function describeSuggestionStateRepositoryContract(name: string, open: OpenRepository<SuggestionStateRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('SuggestionStateRepository', name, open, START, ({ clock, repository }) => {
    it('dismisses for good or snoozes until a time, the later call replacing the earlier', async () => {
      const states = repository();
      expect((await states.getMany(['delegation:1'])).size).toBe(0);
      const dismissed = await states.dismiss('delegation:1', 'delegation');
      expect(dismissed).toEqual({ key: 'delegation:1', category: 'delegation', dismissedAt: START, snoozeUntil: null, lastPushedAt: null, createdAt: START, updatedAt: START });
      expect(isSuggestionHidden(dismissed, '2027-01-01T00:00:00.000Z')).toBe(true);
      clock().advance(60_000);
      const snoozed = await states.dismiss('delegation:1', 'delegation', '2026-04-02T08:00:00.000Z');
      expect(snoozed).toMatchObject({ dismissedAt: null, snoozeUntil: '2026-04-02T08:00:00.000Z', createdAt: START, updatedAt: '2026-04-01T08:01:00.000Z' });
      expect(isSuggestionHidden(snoozed, '2026-04-02T07:59:59.999Z')).toBe(true);
      expect(isSuggestionHidden(snoozed, '2026-04-02T08:00:00.000Z')).toBe(false);
      expect((await states.getMany(['delegation:1', 'deadline:9'])).get('delegation:1')).toEqual(snoozed);
      expect((await toolErrorOf(states.dismiss('', 'delegation'))).message).toMatch(/key/);
      expect((await toolErrorOf(states.dismiss('k'.repeat(201), 'delegation'))).code).toBe('INVALID_ARGUMENT');
      expect((await toolErrorOf(states.dismiss('x:1', 'gossip' as 'mail'))).message).toMatch(/category/);
    });

    it('records pushes without touching a dismissal, keeping the first category of a key', async () => {
      const states = repository();
      await states.dismiss('mail:7', 'mail');
      clock().advance(5_000);
      await states.markPushed([
        { key: 'mail:7', category: 'mail' },
        { key: 'meeting:3', category: 'meeting' },
        { key: 'meeting:3', category: 'deadline' },
      ]);
      await states.markPushed([]);
      const found = await states.getMany(['mail:7', 'meeting:3']);
      expect(found.get('mail:7')).toMatchObject({ category: 'mail', dismissedAt: START, lastPushedAt: '2026-04-01T08:00:05.000Z' });
      expect(found.get('meeting:3')).toEqual({
        key: 'meeting:3',
        category: 'meeting',
        dismissedAt: null,
        snoozeUntil: null,
        lastPushedAt: '2026-04-01T08:00:05.000Z',
        createdAt: '2026-04-01T08:00:05.000Z',
        updatedAt: '2026-04-01T08:00:05.000Z',
      });
      expect(isSuggestionHidden(found.get('meeting:3'), '2026-04-01T09:00:00.000Z')).toBe(false);
    });

    it('reads the states of many keys at once', async () => {
      const states = repository();
      const keys = Array.from({ length: 1_500 }, (_, i) => `follow_up:${i}`);
      await states.markPushed(keys.filter((_, i) => i % 3 === 0).map((key) => ({ key, category: 'follow_up' as const })));
      const found = await states.getMany([...keys, 'follow_up:0']);
      expect(found.size).toBe(500);
      expect(found.get('follow_up:1497')?.lastPushedAt).toBe(START);
      expect(found.has('follow_up:1')).toBe(false);
      expect((await states.getMany([])).size).toBe(0);
    });

    it('keeps one state per key when several writers push and dismiss it at once', async () => {
      const states = repository();
      await Promise.all([
        ...Array.from({ length: 6 }, () => states.markPushed([{ key: 'alert:1', category: 'alert' }])),
        states.dismiss('alert:1', 'alert'),
      ]);
      const state = (await states.getMany(['alert:1'])).get('alert:1');
      expect(state).toMatchObject({ key: 'alert:1', category: 'alert', dismissedAt: START, lastPushedAt: START });
    });
  });
}
