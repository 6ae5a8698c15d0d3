/**
 * The behaviour of `IdentitiesRepository` and `LocationsRepository` that users notice (link_identity, search_identity,
 * store_location, list_locations), written once against the port and run against every adapter: ADR 0063. Each
 * adapter's spec calls these with a function that opens empty repositories on a clock the suite controls.
 */
import { FakeClock } from '@chief-of-staff/core';
import type { IdentityProvider } from '../../db/enums.js';
import type { IdentitiesRepository } from '../../memory/identities-repository.js';
import type { LocationsRepository } from '../../memory/locations-repository.js';
import { CONTRACT_START, contractJest, errorOf } from './contract-jest.js';

/** An empty identities repository for one test, and how to close it. */
export interface OpenedIdentitiesRepository {
  identities: IdentitiesRepository;
  close(): Promise<void>;
}

/** Opens an empty identities repository whose timestamps come from `clock`. */
export type OpenIdentitiesRepository = (clock: FakeClock) => Promise<OpenedIdentitiesRepository>;

/** An empty locations repository for one test, and how to close it. */
export interface OpenedLocationsRepository {
  locations: LocationsRepository;
  close(): Promise<void>;
}

/** Opens an empty locations repository whose timestamps come from `clock`. */
export type OpenLocationsRepository = (clock: FakeClock) => Promise<OpenedLocationsRepository>;

/** Declares the identities repository contract as a jest `describe` block named after the adapter. */
export function describeIdentitiesRepositoryContract(name: string, open: OpenIdentitiesRepository): void {
  const { afterEach, beforeEach, describe, expect, it } = contractJest();
  describe(`IdentitiesRepository contract: ${name}`, () => {
    let clock: FakeClock;
    let opened: OpenedIdentitiesRepository;
    let identities: IdentitiesRepository;

    beforeEach(async () => {
      clock = new FakeClock(CONTRACT_START);
      opened = await open(clock);
      identities = opened.identities;
    });
    afterEach(async () => await opened.close());

    it('links, then relinks the same handle in place: created_at kept, omitted fields kept, null clears', async () => {
      const first = await identities.link({
        canonicalName: ' Noa Levi ',
        provider: 'slack',
        providerId: ' U123 ',
        displayName: 'noa',
        metadata: { team: 'core' },
      });
      expect(first.created).toBe(true);
      expect(first.identity).toMatchObject({
        canonicalName: 'Noa Levi',
        provider: 'slack',
        providerId: 'U123',
        displayName: 'noa',
        email: null,
        metadata: { team: 'core' },
        createdAt: CONTRACT_START,
        updatedAt: CONTRACT_START,
      });
      expect(typeof first.identity.id).toBe('number');
      clock.advanceDays(1);
      const second = await identities.link({ canonicalName: 'Noa L.', provider: 'slack', providerId: 'U123', displayName: null });
      expect(second.created).toBe(false);
      expect(second.identity).toEqual({
        ...first.identity,
        canonicalName: 'Noa L.',
        displayName: null,
        updatedAt: '2026-01-16T09:00:00.000Z',
      });
      expect(await identities.get('slack', 'U123')).toEqual(second.identity);
    });

    it('normalises handles: emails with a lower-case domain that also fill the email, phones as +digits', async () => {
      const mail = await identities.link({ canonicalName: 'Noa', provider: 'email', providerId: 'Noa@Example.COM' });
      expect(mail.identity).toMatchObject({ providerId: 'noa@example.com', email: 'noa@example.com' });
      const phone = await identities.link({ canonicalName: 'Noa', provider: 'whatsapp', providerId: '+44 20 7946-0958' });
      expect(phone.identity.providerId).toBe('+442079460958');
      const imessage = await identities.link({ canonicalName: 'Noa', provider: 'imessage', providerId: 'noa@icloud.com' });
      expect(imessage.identity).toMatchObject({ providerId: 'noa@icloud.com', email: 'noa@icloud.com' });
      expect((await identities.get('whatsapp', '442079460958'))?.id).toBe(phone.identity.id);
      expect((await identities.get('email', 'NOA@example.com'))?.id).toBe(mail.identity.id);
      const again = await identities.link({ canonicalName: 'Noa', provider: 'email', providerId: 'noa@EXAMPLE.com' });
      expect(again).toMatchObject({ created: false, identity: { id: mail.identity.id } });
    });

    it('refuses bad input with the field named', async () => {
      expect((await errorOf(identities.link({ canonicalName: 'Noa', provider: 'email', providerId: '  ' }))).message).toMatch(/^provider_id:/);
      expect((await errorOf(identities.link({ canonicalName: 'Noa', provider: 'email', providerId: 'not-an-address' }))).message).toMatch(
        /^provider_id:/,
      );
      expect((await errorOf(identities.link({ canonicalName: 'Noa', provider: 'sms', providerId: '12' }))).hint).toContain('+44');
      const provider = await errorOf(identities.link({ canonicalName: 'Noa', provider: 'fax' as IdentityProvider, providerId: '1' }));
      expect(provider.code).toBe('INVALID_ARGUMENT');
      expect(provider.message).toMatch(/^provider:/);
      expect((await errorOf(identities.link({ canonicalName: ' ', provider: 'slack', providerId: 'U1' }))).message).toMatch(/^canonical_name:/);
      expect((await errorOf(identities.link({ canonicalName: 'Noa', provider: 'slack', providerId: 'U1', email: 'nope' }))).message).toMatch(
        /^email:/,
      );
      expect((await errorOf(identities.get('fax' as IdentityProvider, '1'))).message).toMatch(/^provider:/);
    });

    it('unlinks by the normalised handle, returning the removed row once', async () => {
      const { identity } = await identities.link({ canonicalName: 'Ben', provider: 'sms', providerId: '+1 (555) 010-0200' });
      expect(await identities.unlink('sms', '15550100200')).toEqual(identity);
      expect(await identities.unlink('sms', '15550100200')).toBeUndefined();
      expect(await identities.get('sms', '+15550100200')).toBeUndefined();
    });

    it('lists people, one per canonical name (case-folded) with all their identities, paged by person and filtered by any handle', async () => {
      const slack = await identities.link({ canonicalName: 'Émile Zola', provider: 'slack', providerId: 'U9' });
      const mail = await identities.link({ canonicalName: 'émile zola', provider: 'email', providerId: 'emile@example.com' });
      const ben = await identities.link({ canonicalName: 'Ben Ari', provider: 'sms', providerId: '+1 555 010 0200' });
      const dana = await identities.link({ canonicalName: 'דנה כהן', provider: 'whatsapp', providerId: '+972 54 555 1234', displayName: 'Dana' });
      const all = await identities.listPeople({}, { limit: 2 });
      expect(all.total).toBe(3);
      expect(all.items).toEqual([
        { canonicalName: 'Ben Ari', identities: [ben.identity] },
        { canonicalName: 'Émile Zola', identities: [mail.identity, slack.identity] },
      ]);
      expect(all.next_cursor).not.toBeNull();
      const rest = await identities.listPeople({}, { limit: 2, cursor: all.next_cursor });
      expect(rest).toMatchObject({ items: [{ canonicalName: 'דנה כהן', identities: [dana.identity] }], next_cursor: null, total: 3 });
      // A match on any handle brings the whole person, every identity included.
      const byHandle = await identities.listPeople({ query: 'EXAMPLE.com' }, {});
      expect(byHandle).toMatchObject({ total: 1, items: [{ canonicalName: 'Émile Zola', identities: [mail.identity, slack.identity] }] });
      expect((await identities.listPeople({ query: 'dana' }, {})).items.map((person) => person.canonicalName)).toEqual(['דנה כהן']);
      expect(await identities.listPeople({ query: 'nobody' }, {})).toMatchObject({ items: [], total: 0, next_cursor: null });
      expect((await identities.listPeople({ query: '  ' }, {})).total).toBe(3);
    });

    it('lists every handle of a canonical name, case-folded, by provider then id', async () => {
      const slack = await identities.link({ canonicalName: 'Émile Zola', provider: 'slack', providerId: 'U9' });
      const mail = await identities.link({ canonicalName: 'émile zola', provider: 'email', providerId: 'emile@example.com' });
      const github = await identities.link({ canonicalName: 'ÉMILE ZOLA', provider: 'github', providerId: 'ezola' });
      await identities.link({ canonicalName: 'Émile', provider: 'github', providerId: 'emile' });
      const found = await identities.listByCanonicalName('  émile ZOLA ');
      expect(found.map((identity) => identity.id)).toEqual([mail.identity.id, github.identity.id, slack.identity.id]);
      expect(await identities.listByCanonicalName('nobody')).toEqual([]);
    });

    it('searches a folded substring of name, display name, email and handle: exact name first, then by name, provider, id', async () => {
      const ada = await identities.link({ canonicalName: 'Ada', provider: 'slack', providerId: 'U1' });
      const adam = await identities.link({ canonicalName: 'Adam', provider: 'github', providerId: 'adam-gh' });
      const ben = await identities.link({ canonicalName: 'Ben', provider: 'email', providerId: 'ben@ada.org' });
      const display = await identities.link({ canonicalName: 'Carla', provider: 'slack', providerId: 'U2', displayName: 'LADA' });
      const adaMail = await identities.link({ canonicalName: 'ADA', provider: 'email', providerId: 'a@example.com' });
      const page = await identities.search({ query: 'ada' }, {});
      expect(page.items.map((identity) => identity.id)).toEqual([adaMail.identity.id, ada.identity.id, adam.identity.id, ben.identity.id, display.identity.id]);
      expect(page.total).toBe(5);
      expect((await identities.search({ query: 'ADA', provider: 'email' }, {})).items.map((identity) => identity.id)).toEqual([
        adaMail.identity.id,
        ben.identity.id,
      ]);
      expect((await identities.search({ query: 'adam-GH' }, {})).items.map((identity) => identity.id)).toEqual([adam.identity.id]);
      expect((await identities.search({ query: 'zz' }, {})).total).toBe(0);
    });

    it('treats % and _ in a query as text, and pages with a cursor bound to the query', async () => {
      await identities.link({ canonicalName: 'Fifty%Off', provider: 'other', providerId: 'a_b' });
      await identities.link({ canonicalName: 'Fifty Off', provider: 'other', providerId: 'axb' });
      expect((await identities.search({ query: '%' }, {})).total).toBe(1);
      expect((await identities.search({ query: 'a_b' }, {})).total).toBe(1);
      const first = await identities.search({ query: 'fifty' }, { limit: 1 });
      expect(first.items).toHaveLength(1);
      expect(first.total).toBe(2);
      const second = await identities.search({ query: 'fifty' }, { limit: 1, cursor: first.next_cursor });
      expect(second.items).toHaveLength(1);
      expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
      expect(second.next_cursor).toBeNull();
      expect((await errorOf(identities.search({ query: 'off' }, { limit: 1, cursor: first.next_cursor }))).code).toBe('INVALID_ARGUMENT');
      expect((await errorOf(identities.search({ query: ' ' }, {}))).message).toMatch(/^query:/);
    });

    it('folds case over Unicode: ß as ss, İ as i with a dot, ligatures and full-width letters as their plain letters', async () => {
      const { identity } = await identities.link({ canonicalName: 'Straße Ｏｆｆｉｃｅ', provider: 'other', providerId: 'ﬁle' });
      const found = async (query: string) => (await identities.search({ query }, {})).items.map((row) => row.id);
      expect(await found('office')).toEqual([identity.id]);
      expect(await found('FILE')).toEqual([identity.id]);
      expect(await found('STRASSE')).toEqual([identity.id]);
      expect(await found('straße')).toEqual([identity.id]);
      expect(await found('％')).toEqual([]);
      const istanbul = await identities.link({ canonicalName: 'İstanbul office', provider: 'other', providerId: 'ist' });
      expect((await identities.listByCanonicalName('i̇stanbul OFFICE')).map((row) => row.id)).toEqual([istanbul.identity.id]);
    });
  });
}

/** Declares the locations repository contract as a jest `describe` block named after the adapter. */
export function describeLocationsRepositoryContract(name: string, open: OpenLocationsRepository): void {
  const { afterEach, beforeEach, describe, expect, it } = contractJest();
  describe(`LocationsRepository contract: ${name}`, () => {
    let clock: FakeClock;
    let opened: OpenedLocationsRepository;
    let locations: LocationsRepository;

    beforeEach(async () => {
      clock = new FakeClock(CONTRACT_START);
      opened = await open(clock);
      locations = opened.locations;
    });
    afterEach(async () => await opened.close());

    it('creates, then updates by case-folded name: omitted fields kept, null clears, the new spelling kept', async () => {
      const first = await locations.upsert({ name: ' Home Office ', address: '1 Main St', latitude: 51.5, longitude: -0.12, notes: 'desk' });
      expect(first.created).toBe(true);
      expect(first.location).toMatchObject({
        name: 'Home Office',
        nameFolded: 'home office',
        address: '1 Main St',
        latitude: 51.5,
        longitude: -0.12,
        notes: 'desk',
        createdAt: CONTRACT_START,
        updatedAt: CONTRACT_START,
      });
      clock.advanceDays(1);
      const second = await locations.upsert({ name: 'HOME office', notes: null });
      expect(second.created).toBe(false);
      expect(second.location).toEqual({
        ...first.location,
        name: 'HOME office',
        notes: null,
        updatedAt: '2026-01-16T09:00:00.000Z',
      });
      const cleared = await locations.upsert({ name: 'home office', latitude: null });
      expect(cleared.location).toMatchObject({ latitude: null, longitude: null, address: '1 Main St' });
      expect(await locations.getByName('  Home OFFICE ')).toEqual(cleared.location);
      expect(await locations.getByName('Elsewhere')).toBeUndefined();
    });

    it('refuses half or out-of-range coordinates and empty or long fields, with the field named', async () => {
      expect((await errorOf(locations.upsert({ name: 'x', latitude: 10 }))).message).toMatch(/^longitude:/);
      expect((await errorOf(locations.upsert({ name: 'x', longitude: 10 }))).message).toMatch(/^latitude:/);
      expect((await errorOf(locations.upsert({ name: 'x', latitude: 91, longitude: 0 }))).hint).toContain('-90 to 90');
      expect((await errorOf(locations.upsert({ name: 'x', latitude: 0, longitude: -181 }))).hint).toContain('-180 to 180');
      expect((await errorOf(locations.upsert({ name: '  ' }))).message).toMatch(/^name:/);
      expect((await errorOf(locations.upsert({ name: 'x', notes: 'n'.repeat(10_001) }))).message).toMatch(/^notes:/);
      expect((await errorOf(locations.list({ query: 'q'.repeat(501) }, {}))).message).toMatch(/^query:/);
      expect((await locations.list({}, {})).total).toBe(0);
    });

    it('lists by folded name, filtered by a folded substring of name or address, wildcards as text', async () => {
      const zurich = await locations.upsert({ name: 'Zürich HQ', address: 'Bahnhofstrasse 1' });
      const berlin = await locations.upsert({ name: 'berlin', address: 'Unter den Linden 100%' });
      const amsterdam = await locations.upsert({ name: 'Amsterdam', address: null });
      expect((await locations.list({}, {})).items.map((row) => row.id)).toEqual([amsterdam.location.id, berlin.location.id, zurich.location.id]);
      expect((await locations.list({ query: 'ZÜRICH' }, {})).items.map((row) => row.id)).toEqual([zurich.location.id]);
      expect((await locations.list({ query: 'LINDEN' }, {})).items.map((row) => row.id)).toEqual([berlin.location.id]);
      expect((await locations.list({ query: '%' }, {})).items.map((row) => row.id)).toEqual([berlin.location.id]);
      expect((await locations.list({ query: '  ' }, {})).total).toBe(3);
      const first = await locations.list({}, { limit: 2 });
      expect(first.items).toHaveLength(2);
      const rest = await locations.list({}, { limit: 2, cursor: first.next_cursor });
      expect(rest.items.map((row) => row.id)).toEqual([zurich.location.id]);
      expect(rest.next_cursor).toBeNull();
    });
  });
}
