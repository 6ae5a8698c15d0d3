/**
 * The behaviour of `RemindersRepository` that users notice (reminder lists and their default, to-dos, their order and
 * filters, the case-folded search, imports that update in place, the CalDAV mirror's state), written once against
 * the port and run against every adapter (SQLite in `@chief-of-staff/stores`, PostgreSQL in `@chief-of-staff/postgres`):
 * ADR 0071.
 */
import type { RemindersRepository, ReminderValues } from '../../personal-data/reminders-repository.js';
import { contractJest, describeRepositoryContract, type OpenRepository } from './contract-jest.js';

const START = '2026-03-02T08:00:00.000Z';

/** A to-do with its defaults; `fields` override them. */
function todo(uid: string, fields: Partial<ReminderValues> = {}): ReminderValues {
  return { uid, title: uid, notes: null, dueDate: null, dueAt: null, priority: 'none', completed: false, completedAt: null, ...fields };
}

/** Declares the reminders repository contract as a jest `describe` block named after the adapter. */
export function describeRemindersRepositoryContract(name: string, open: OpenRepository<RemindersRepository>): void {
  const { expect, it } = contractJest();
  describeRepositoryContract('RemindersRepository', name, open, START, ({ clock, repository }) => {
    it('creates the default list "Reminders" once, and makes the first list the default when none is', async () => {
      const store = repository();
      expect(await store.lists()).toEqual([]);
      const created = await store.defaultList();
      expect(created).toEqual({
        id: expect.any(Number),
        name: 'Reminders',
        color: null,
        isDefault: true,
        remoteUrl: null,
        remoteCtag: null,
        lastSyncedAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect((await store.defaultList()).id).toBe(created.id);
      expect(await store.deleteList(created.id)).toBe(true);
      expect(await store.deleteList(created.id)).toBe(false);
      const work = await store.createList('Work', '#ff0000');
      expect(work).toMatchObject({ name: 'Work', color: '#ff0000', isDefault: true });
      expect(await store.createList('Home', null)).toMatchObject({ name: 'Home', isDefault: false });
      expect((await store.defaultList()).id).toBe(work?.id);
    });

    it('creates the default list once when several callers ask at the same time', async () => {
      const store = repository();
      const lists = await Promise.all(Array.from({ length: 6 }, () => store.defaultList()));
      expect(new Set(lists.map((list) => list.id)).size).toBe(1);
      expect((await store.lists()).map((list) => list.name)).toEqual(['Reminders']);
    });

    it('finds lists by id and by case-folded name, refuses a name taken in another case, and orders names by code point', async () => {
      const store = repository();
      const street = await store.createList('Straße', null);
      expect(await store.createList('STRASSE', null)).toBeUndefined();
      expect(await store.createList('straße', null)).toBeUndefined();
      await store.createList('apple', null);
      await store.createList('Zebra', null);
      await store.createList('Äpfel', null);
      expect((await store.lists()).map((list) => list.name)).toEqual(['Straße', 'Zebra', 'apple', 'Äpfel']);
      expect((await store.listByName('strasse'))?.id).toBe(street?.id);
      expect((await store.listByName('ZEBRA'))?.name).toBe('Zebra');
      expect(await store.listByName('Zebr')).toBeUndefined();
      expect((await store.listById(street?.id ?? 0))?.name).toBe('Straße');
      expect(await store.listById(9999)).toBeUndefined();
    });

    it('ensures a list by name: the default list first, the named one trimmed and not default, the same one again in any case', async () => {
      const store = repository();
      const work = await store.ensureList('  Work ');
      expect(work).toMatchObject({ name: 'Work', isDefault: false });
      expect((await store.lists()).map((list) => [list.name, list.isDefault])).toEqual([
        ['Reminders', true],
        ['Work', false],
      ]);
      expect((await store.ensureList('WORK')).id).toBe(work.id);
      const again = await Promise.all(Array.from({ length: 6 }, () => store.ensureList('Errands')));
      expect(new Set(again.map((list) => list.id)).size).toBe(1);
      expect(await store.lists()).toHaveLength(3);
    });

    it('stores a reminder as given and reads it back, with the open ones counted per list', async () => {
      const store = repository();
      const list = await store.defaultList();
      const other = await store.ensureList('Other');
      const created = await store.create(
        list.id,
        todo('a@example', { title: 'Renew passport', notes: 'photo booth first', dueDate: '2026-04-01', dueAt: '2026-04-01T13:30:00.000Z', priority: 'high' }),
      );
      expect(created).toEqual({
        id: expect.any(Number),
        listId: list.id,
        uid: 'a@example',
        title: 'Renew passport',
        notes: 'photo booth first',
        dueDate: '2026-04-01',
        dueAt: '2026-04-01T13:30:00.000Z',
        priority: 'high',
        completed: false,
        completedAt: null,
        remoteHref: null,
        remoteEtag: null,
        createdAt: START,
        updatedAt: START,
      });
      expect(await store.get(created.id)).toEqual(created);
      expect(await store.get(created.id + 1000)).toBeUndefined();
      await store.create(list.id, todo('b', { completed: true, completedAt: '2026-03-01T10:00:00.000Z' }));
      await store.create(other.id, todo('c'));
      expect([...(await store.openCounts())].sort((x, y) => x[0] - y[0])).toEqual([
        [list.id, 1],
        [other.id, 1],
      ]);
    });

    it('lists reminders by due date (none last), then priority high to none, then creation time, filtered by list, status and due date', async () => {
      const store = repository();
      const list = await store.defaultList();
      const other = await store.ensureList('Other');
      const add = async (uid: string, fields: Partial<ReminderValues>, listId = list.id) => {
        const row = await store.create(listId, todo(uid, fields));
        clock().advance(1000);
        return row.uid;
      };
      await add('no-due-low', { priority: 'low' });
      await add('d2-none', { dueDate: '2026-03-10' });
      await add('d1-medium', { dueDate: '2026-03-05', priority: 'medium' });
      await add('d1-high', { dueDate: '2026-03-05', priority: 'high' });
      await add('no-due-high', { priority: 'high' });
      await add('d1-medium-later', { dueDate: '2026-03-05', priority: 'medium' });
      await add('done', { dueDate: '2026-03-01', completed: true, completedAt: START });
      await add('other', { dueDate: '2026-03-02' }, other.id);
      const uids = async (filter: Parameters<RemindersRepository['find']>[0]) => (await store.find(filter)).map((row) => row.uid);
      expect(await uids({})).toEqual(['done', 'other', 'd1-high', 'd1-medium', 'd1-medium-later', 'd2-none', 'no-due-high', 'no-due-low']);
      expect(await uids({ listId: list.id, completed: false })).toEqual(['d1-high', 'd1-medium', 'd1-medium-later', 'd2-none', 'no-due-high', 'no-due-low']);
      expect(await uids({ completed: true })).toEqual(['done']);
      expect(await uids({ dueBefore: '2026-03-05', completed: false })).toEqual(['other', 'd1-high', 'd1-medium', 'd1-medium-later']);
      expect(await uids({ listId: other.id })).toEqual(['other']);
      expect(await store.ofList(list.id).then((rows) => rows.map((row) => row.uid))).toEqual([
        'no-due-low',
        'd2-none',
        'd1-medium',
        'd1-high',
        'no-due-high',
        'd1-medium-later',
        'done',
      ]);
    });

    it('searches titles and notes case-folded, with LIKE wildcards taken literally', async () => {
      const store = repository();
      const list = await store.defaultList();
      await store.create(list.id, todo('street', { title: 'Walk down Hauptstraße', dueDate: '2026-03-03' }));
      await store.create(list.id, todo('notes', { title: 'Call the bank', notes: 'Ask about the FEE', dueDate: '2026-03-04' }));
      await store.create(list.id, todo('percent', { title: 'Raise 100% of the budget' }));
      await store.create(list.id, todo('plain', { title: 'Raise 1000 of the budget' }));
      await store.create(list.id, todo('ligature', { title: 'ﬁle the taxes' }));
      await store.create(list.id, todo('done', { title: 'Pay the fee', completed: true, completedAt: START }));
      const uids = async (text: string, completed?: boolean) =>
        (await store.find({ text, ...(completed === undefined ? {} : { completed }) })).map((row) => row.uid);
      expect(await uids('HAUPTSTRASSE')).toEqual(['street']);
      expect(await uids('fee')).toEqual(['notes', 'done']);
      expect(await uids('fee', false)).toEqual(['notes']);
      expect(await uids('100%')).toEqual(['percent']);
      expect(await uids('1_0')).toEqual([]);
      expect(await uids('FILE')).toEqual(['ligature']);
      expect(await uids('nothing like it')).toEqual([]);
    });

    it('completes a reminder at the clock time, keeps that time when completed again, and clears it when reopened', async () => {
      const store = repository();
      const list = await store.defaultList();
      const { id } = await store.create(list.id, todo('x'));
      clock().advance(60_000);
      const done = await store.setCompleted(id, true);
      expect(done).toMatchObject({ completed: true, completedAt: '2026-03-02T08:01:00.000Z', updatedAt: '2026-03-02T08:01:00.000Z' });
      clock().advance(60_000);
      expect(await store.setCompleted(id, true)).toMatchObject({ completed: true, completedAt: '2026-03-02T08:01:00.000Z', updatedAt: '2026-03-02T08:02:00.000Z' });
      expect(await store.setCompleted(id, false)).toMatchObject({ completed: false, completedAt: null });
      expect(await store.setCompleted(id + 1000, true)).toBeUndefined();
    });

    it('deletes a reminder once, and a list with its reminders', async () => {
      const store = repository();
      const list = await store.ensureList('Trip');
      const { id } = await store.create(list.id, todo('x'));
      await store.create(list.id, todo('y'));
      expect(await store.delete(id)).toBe(true);
      expect(await store.delete(id)).toBe(false);
      expect(await store.ofList(list.id)).toHaveLength(1);
      expect(await store.deleteList(list.id)).toBe(true);
      expect(await store.find({})).toEqual([]);
    });

    it('imports to-dos by list and UID: new ones imported, changed ones updated in place, unchanged ones skipped', async () => {
      const store = repository();
      const list = await store.defaultList();
      const other = await store.ensureList('Other');
      const todos = [
        todo('1@x', { title: 'One', dueDate: '2026-03-09', dueAt: '2026-03-09T15:00:00.000Z', priority: 'medium' }),
        todo('2@x', { title: 'Two', notes: 'n', completed: true, completedAt: '2026-03-01T12:00:00.000Z' }),
        todo('3@x', { title: 'Three' }),
      ];
      expect(await store.upsertTodos(list.id, todos)).toEqual({ imported: 3, updated: 0, skipped: 0 });
      const first = await store.ofList(list.id);
      expect(first.map((row) => [row.uid, row.title, row.dueAt, row.completedAt, row.createdAt])).toEqual([
        ['1@x', 'One', '2026-03-09T15:00:00.000Z', null, START],
        ['2@x', 'Two', null, '2026-03-01T12:00:00.000Z', START],
        ['3@x', 'Three', null, null, START],
      ]);
      clock().advance(60_000);
      expect(await store.upsertTodos(list.id, todos)).toEqual({ imported: 0, updated: 0, skipped: 3 });
      const changed = [todos[0] as ReminderValues, { ...(todos[1] as ReminderValues), completed: false, completedAt: null }, { ...(todos[2] as ReminderValues), notes: 'now with notes' }];
      expect(await store.upsertTodos(list.id, changed)).toEqual({ imported: 0, updated: 2, skipped: 1 });
      const second = await store.ofList(list.id);
      expect(second.map((row) => row.id)).toEqual(first.map((row) => row.id));
      expect(second.map((row) => [row.completed, row.notes, row.createdAt, row.updatedAt])).toEqual([
        [false, null, START, START],
        [false, 'n', START, '2026-03-02T08:01:00.000Z'],
        [false, 'now with notes', START, '2026-03-02T08:01:00.000Z'],
      ]);
      // The same UID in another list is another to-do; one given twice in a batch is written once, then updated.
      expect(await store.upsertTodos(other.id, [todo('1@x'), todo('1@x', { title: 'Later' })])).toEqual({ imported: 1, updated: 1, skipped: 0 });
      expect((await store.ofList(other.id)).map((row) => row.title)).toEqual(['Later']);
      expect(await store.upsertTodos(list.id, [])).toEqual({ imported: 0, updated: 0, skipped: 0 });
    });

    it('writes a new to-do once when several imports of it run at the same time', async () => {
      const store = repository();
      const list = await store.defaultList();
      const outcomes = await Promise.all(Array.from({ length: 6 }, () => store.upsertTodos(list.id, [todo('same@x', { title: 'Same' })])));
      expect(outcomes.reduce((sum, outcome) => sum + outcome.imported, 0)).toBe(1);
      expect(outcomes.reduce((sum, outcome) => sum + outcome.skipped, 0)).toBe(5);
      expect(await store.ofList(list.id)).toHaveLength(1);
    });

    it('keeps the CalDAV mirror state: linked lists, their ctag and last sync, and the server objects of to-dos', async () => {
      const store = repository();
      const local = await store.defaultList();
      const work = await store.ensureList('Work');
      const home = await store.ensureList('Home');
      expect(await store.linkedLists()).toEqual([]);
      expect(await store.lastListSync()).toBeNull();
      await store.linkList(home.id, 'https://dav.example/home/');
      await store.linkList(work.id, 'https://dav.example/work/');
      expect(await store.linkedLists()).toEqual([
        { id: work.id, name: 'Work', url: 'https://dav.example/work/', ctag: null },
        { id: home.id, name: 'Home', url: 'https://dav.example/home/', ctag: null },
      ]);
      await store.markListSynced(work.id, '2026-03-02T08:00:00.000Z', 'ctag-1');
      await store.markListSynced(home.id, '2026-03-02T07:00:00.000Z', 'ctag-h');
      await store.markListSynced(work.id, '2026-03-02T09:00:00.000Z');
      await store.markListSynced(local.id, '2026-03-02T10:00:00.000Z');
      expect((await store.linkedLists()).map((list) => list.ctag)).toEqual(['ctag-1', 'ctag-h']);
      expect(await store.lastListSync()).toBe('2026-03-02T09:00:00.000Z');

      const href = 'https://dav.example/work/a.ics';
      expect(await store.replaceRemoteObject(work.id, href, '"e1"', [todo('a1'), todo('a2')])).toEqual({ imported: 2, updated: 0, skipped: 0 });
      await store.replaceRemoteObject(work.id, 'https://dav.example/work/b.ics', null, [todo('b1')]);
      expect(await store.remoteObjects(work.id).then((rows) => rows.map((row) => [row.href, row.etag]).sort())).toEqual([
        ['https://dav.example/work/a.ics', '"e1"'],
        ['https://dav.example/work/a.ics', '"e1"'],
        ['https://dav.example/work/b.ics', null],
      ]);
      // The object now holds one to-do: the other one stored from it goes.
      expect(await store.replaceRemoteObject(work.id, href, '"e2"', [todo('a1', { title: 'renamed' })])).toEqual({ imported: 1, updated: 0, skipped: 0 });
      expect((await store.ofList(work.id)).map((row) => [row.uid, row.title, row.remoteHref, row.remoteEtag])).toEqual([
        ['b1', 'b1', 'https://dav.example/work/b.ics', null],
        ['a1', 'renamed', href, '"e2"'],
      ]);
      expect(await store.deleteRemoteObject(work.id, 'https://dav.example/work/b.ics')).toBe(1);
      expect(await store.deleteRemoteObject(work.id, 'https://dav.example/work/b.ics')).toBe(0);

      const created = await store.create(work.id, todo('new'));
      await store.setRemoteObject(created.id, 'https://dav.example/work/new.ics', '"n1"');
      await store.setRemoteEtag(created.id, '"n2"');
      expect(await store.get(created.id)).toMatchObject({ remoteHref: 'https://dav.example/work/new.ics', remoteEtag: '"n2"' });
      await store.forgetSyncState(work.id);
      expect((await store.linkedLists()).map((list) => list.ctag)).toEqual([null, 'ctag-h']);
      expect((await store.remoteObjects(work.id)).map((row) => row.etag)).toEqual([null, null]);
    });
  });
}
