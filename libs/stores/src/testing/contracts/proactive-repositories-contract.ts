/**
 * The behaviour of `NotificationsRepository` and `SuggestionStateRepository` that users notice (the notification log
 * and its per-run cap, dismissed and snoozed suggestions), written once against the port and run against every
 * adapter (SQLite in `@chief-of-staff/stores`, PostgreSQL in `@chief-of-staff/postgres`): ADR 0065.
 */
import type { NotificationsRepository } from '../../telemetry/notifications-repository.js';
import { contractJest, describeRepositoryContract, type OpenRepository } from './contract-jest.js';

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
  });
}
