import { describe, expect, it } from '@jest/globals';
import { FakeClock, isToolError } from '@chief-of-staff/core';
import { enrichPerson, type EnrichPersonDeps } from './enrich-person.js';
import { sourceUnavailable } from './source-errors.js';
import type { PersonSourceRequest, ResolvedPerson } from './source-ports.js';
import type { IdentityItem } from './section-items.js';

const clock = new FakeClock('2026-03-10T12:00:00.000Z');

const jane: IdentityItem[] = [
  { provider: 'email', provider_id: 'jane@acme.com', email: 'jane@acme.com', display_name: 'Jane S.', canonical_name: 'Jane Smith' },
  { provider: 'imessage', provider_id: '+15551234567', email: null, display_name: null, canonical_name: 'Jane Smith' },
  { provider: 'slack', provider_id: 'U123', email: null, display_name: 'jsmith', canonical_name: 'Jane Smith' },
];

function baseDeps(overrides: Partial<EnrichPersonDeps> = {}): EnrichPersonDeps {
  return {
    clock,
    sourceTimeoutMs: 1_000,
    identities: async () => jane,
    facts: async () => [{ category: 'work', key: 'jane.project', value: 'Apollo', confidence: 1, score: 0.9 }],
    delegations: async () => [{ task: 'Draft budget', due_date: '2026-03-20', priority: 'high', status: 'active', id: 1 }],
    decisions: async () => [{ title: 'Hire Jane', status: 'executed', created_at: '2026-02-01T00:00:00.000Z', id: 4 }],
    messages: async () => [{ sender: 'Jane S.', text: 'See you', date: '2026-03-09T10:00:00.000Z', channel: 'imessage' }],
    emails: async () => [{ subject: 'Budget', from: 'Jane S. <jane@acme.com>', date: '2026-03-08T10:00:00.000Z', message_id: '7' }],
    ...overrides,
  };
}

async function invalid(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isToolError(error) && error.code === 'INVALID_ARGUMENT') return error.message;
    throw error;
  }
  throw new Error('expected INVALID_ARGUMENT');
}

describe('enrichPerson input', () => {
  it('trims the name and defaults days_back to 7', async () => {
    let seen: PersonSourceRequest | undefined;
    const result = await enrichPerson(
      baseDeps({ messages: async (request) => ((seen = request), []) }),
      { name: '  Jane Smith  ' },
    );
    expect(result.name).toBe('Jane Smith');
    expect(seen?.window.until.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(seen?.window.since.toISOString()).toBe('2026-03-03T12:00:00.000Z');
  });

  it('rejects a blank or over-long name, naming the field and the accepted length', async () => {
    expect(await invalid(enrichPerson(baseDeps(), { name: '   ' }))).toMatch(/^name: must not be blank.*1–200 characters/);
    expect(await invalid(enrichPerson(baseDeps(), { name: 'x'.repeat(201) }))).toMatch(/^name: is longer than 200 characters/);
    expect(await invalid(enrichPerson(baseDeps(), {}))).toBe('name: is required (string).');
  });

  it('rejects days_back outside 1–90 or not whole, and unknown keys', async () => {
    for (const days_back of [0, 91, 1.5]) {
      expect(await invalid(enrichPerson(baseDeps(), { name: 'Jane', days_back }))).toMatch(
        /^days_back: must be a whole number of days from 1 to 90/,
      );
    }
    expect(await invalid(enrichPerson(baseDeps(), { name: 'Jane', days: 3 }))).toContain('unknown key "days"');
  });

  it('accepts the bounds 1 and 90', async () => {
    await expect(enrichPerson(baseDeps(), { name: 'Jane', days_back: 1 })).resolves.toMatchObject({ name: 'Jane' });
    await expect(enrichPerson(baseDeps(), { name: 'Jane', days_back: 90 })).resolves.toMatchObject({ name: 'Jane' });
  });
});

describe('enrichPerson sections', () => {
  it('returns every section with data, a label, the resolved name and a report per source', async () => {
    const result = await enrichPerson(baseDeps(), { name: 'jane' });
    expect(result).toMatchObject({
      name: 'jane',
      resolved_name: 'Jane Smith',
      label: 'Jane Smith',
      untrusted_content: true,
    });
    expect(Object.keys(result)).toEqual([
      'name',
      'resolved_name',
      'label',
      'identities',
      'facts',
      'delegations',
      'decisions',
      'recent_messages',
      'recent_emails',
      'sources',
      'untrusted_content',
    ]);
    const { identities, ...others } = result.sources;
    expect(identities).toMatchObject({ status: 'ok', count: 3 });
    for (const section of Object.values(others)) expect(section).toMatchObject({ status: 'ok', count: 1 });
  });

  it('gives the other sources the resolved names, emails and handles', async () => {
    let person: ResolvedPerson | undefined;
    await enrichPerson(baseDeps({ emails: async (request) => ((person = await request.person), []) }), { name: 'jane' });
    expect(person).toEqual({
      query: 'jane',
      canonicalNames: ['Jane Smith'],
      displayNames: ['Jane S.', 'jsmith'],
      names: ['Jane Smith', 'Jane S.', 'jsmith'],
      emails: ['jane@acme.com'],
      handles: ['+15551234567', 'U123'],
    });
  });

  it('omits empty sections and reports them as empty', async () => {
    const result = await enrichPerson(baseDeps({ decisions: async () => [], emails: async () => [] }), { name: 'Jane' });
    expect(result).not.toHaveProperty('decisions');
    expect(result).not.toHaveProperty('recent_emails');
    expect(result.sources.decisions).toMatchObject({ status: 'empty', count: 0 });
  });

  it('for an unknown person returns only the name, the label and the sources', async () => {
    const none = async () => [];
    const result = await enrichPerson(
      { clock, identities: none, facts: none, delegations: none, decisions: none, messages: none, emails: none },
      { name: 'Nobody Known' },
    );
    expect(result).toEqual({
      name: 'Nobody Known',
      label: 'Nobody Known',
      sources: expect.any(Object),
      untrusted_content: true,
    });
  });

  it('caps every section at 10 and applies the documented order', async () => {
    const many = <T>(make: (i: number) => T) => Array.from({ length: 25 }, (_, i) => make(i));
    const result = await enrichPerson(
      baseDeps({
        facts: async () => many((i) => ({ category: 'work', key: `k${i}`, value: 'v', confidence: 1, score: i / 100 })),
        delegations: async () =>
          many((i) => ({
            task: `t${i}`,
            due_date: i % 5 === 0 ? null : `2026-04-${String(10 + (i % 10)).padStart(2, '0')}`,
            priority: 'low',
            status: i % 2 === 0 ? 'completed' : 'active',
            id: i + 1,
          })),
        messages: async () =>
          many((i) => ({ sender: 'Jane', text: `m${i}`, date: new Date(Date.UTC(2026, 2, 1, i)).toISOString(), channel: 'sms' })),
      }),
      { name: 'Jane' },
    );
    expect(result.facts).toHaveLength(10);
    expect(result.facts?.[0]?.key).toBe('k24');
    expect(result.sources.facts.count).toBe(10);
    expect(result.delegations).toHaveLength(10);
    expect(result.delegations?.every((item) => item.status === 'active')).toBe(true);
    const dues = result.delegations?.map((item) => item.due_date) ?? [];
    expect(dues.indexOf(null) === -1 || dues.slice(dues.indexOf(null)).every((due) => due === null)).toBe(true);
    expect(result.recent_messages?.map((item) => item.text).slice(0, 3)).toEqual(['m24', 'm23', 'm22']);
  });

  it('cuts message text to 500 characters', async () => {
    const result = await enrichPerson(
      baseDeps({ messages: async () => [{ sender: 'Jane', text: 'x'.repeat(2_000), date: '2026-03-09T00:00:00.000Z', channel: 'sms' }] }),
      { name: 'Jane' },
    );
    expect(result.recent_messages?.[0]?.text).toHaveLength(500);
  });
});

describe('enrichPerson isolation', () => {
  it('keeps the other sections when one source throws, reporting a sanitised error', async () => {
    const result = await enrichPerson(
      baseDeps({
        facts: async () => {
          throw new Error('SQLITE_CORRUPT at /home/user/.local/share/cos.db');
        },
      }),
      { name: 'Jane' },
    );
    expect(result).not.toHaveProperty('facts');
    expect(result.sources.facts.status).toBe('error');
    expect(result.sources.facts.message).toMatch(/^The facts source failed \(ref [0-9a-f]{8}\)\.$/);
    expect(result.delegations).toHaveLength(1);
    expect(result.recent_emails).toHaveLength(1);
  });

  it('reports a source that never answers as timeout without waiting for it', async () => {
    const started = Date.now();
    const result = await enrichPerson(
      baseDeps({ sourceTimeoutMs: 100, messages: () => new Promise(() => undefined) }),
      { name: 'Jane' },
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(result.sources.recent_messages).toMatchObject({ status: 'timeout', count: 0, message: 'No answer within 100 ms.' });
    expect(result.sources.recent_messages.duration_ms).toBeGreaterThanOrEqual(95);
    expect(result).not.toHaveProperty('recent_messages');
    expect(result.recent_emails).toHaveLength(1);
  });

  it('aborts the signal of a source that timed out', async () => {
    let aborted: unknown;
    await enrichPerson(
      baseDeps({
        sourceTimeoutMs: 50,
        decisions: ({ signal }) =>
          new Promise((resolve) => signal.addEventListener('abort', () => ((aborted = signal.reason), resolve([])))),
      }),
      { name: 'Jane' },
    );
    expect((aborted as Error).name).toBe('TimeoutError');
  });

  it('lets the other sources go on with the name alone when identities time out', async () => {
    let person: ResolvedPerson | undefined;
    const result = await enrichPerson(
      baseDeps({
        sourceTimeoutMs: 80,
        identities: () => new Promise(() => undefined),
        messages: async (request) => ((person = await request.person), []),
      }),
      { name: 'Jane' },
    );
    expect(result.sources.identities.status).toBe('timeout');
    expect(person?.names).toEqual(['Jane']);
    expect(result.label).toBe('Jane');
    expect(result).not.toHaveProperty('resolved_name');
    expect(result.delegations).toHaveLength(1);
  });

  it('never puts error objects or malformed rows inside a section', async () => {
    const result = await enrichPerson(
      baseDeps({
        decisions: async () =>
          [
            { error: 'boom' },
            { title: 'Half', status: 'executed' },
            { title: 'Keep', status: 'executed', created_at: '2026-02-01T00:00:00.000Z', id: 9, error: 'stripped' },
          ] as never,
      }),
      { name: 'Jane' },
    );
    expect(result.decisions).toEqual([{ title: 'Keep', status: 'executed', created_at: '2026-02-01T00:00:00.000Z', id: 9 }]);
    expect(result.sources.decisions).toMatchObject({ status: 'ok', count: 1, message: '2 malformed row(s) ignored.' });
  });

  it('reports missing sources and sources that say they cannot serve as unavailable', async () => {
    const result = await enrichPerson(
      baseDeps({
        messages: undefined,
        emails: async () => {
          throw sourceUnavailable('Mail is not configured (providers.mail: off).');
        },
        unavailableReasons: { recent_messages: 'Messages are not configured (providers.messages: off).' },
      }),
      { name: 'Jane' },
    );
    expect(result.sources.recent_messages).toEqual({
      status: 'unavailable',
      duration_ms: 0,
      count: 0,
      message: 'Messages are not configured (providers.messages: off).',
    });
    expect(result.sources.recent_emails).toMatchObject({ status: 'unavailable', message: 'Mail is not configured (providers.mail: off).' });
    expect(result.facts).toHaveLength(1);
  });

  it('reports every source as failed when the call is cancelled', async () => {
    const controller = new AbortController();
    const pending = enrichPerson(baseDeps({ facts: () => new Promise(() => undefined) }), { name: 'Jane' }, { signal: controller.signal });
    controller.abort();
    const result = await pending;
    expect(result.sources.facts).toMatchObject({ status: 'error', message: 'Cancelled before it finished.' });
  });
});

describe('enrichPerson caller limits', () => {
  it('skips sections the caller may not see and resolves no identities without them', async () => {
    let person: ResolvedPerson | undefined;
    const result = await enrichPerson(
      baseDeps({ messages: async (request) => ((person = await request.person), []) }),
      { name: 'jane' },
      { sections: ['delegations', 'recent_messages'] },
    );
    expect(result.sources.identities).toMatchObject({ status: 'skipped', count: 0 });
    expect(result.sources.facts.status).toBe('skipped');
    expect(result.sources.recent_emails.status).toBe('skipped');
    expect(result).not.toHaveProperty('identities');
    expect(result).not.toHaveProperty('resolved_name');
    expect(result.label).toBe('jane');
    expect(person?.names).toEqual(['jane']);
    expect(result.delegations).toHaveLength(1);
  });
});

describe('enrichPerson label', () => {
  it('adds the role from a relationship fact, else the team', async () => {
    const role = await enrichPerson(
      baseDeps({
        facts: async () => [
          { category: 'relationship', key: 'person.Jane Smith.team', value: 'Platform', confidence: 1, score: 1 },
          { category: 'relationship', key: 'person.Jane Smith.role', value: 'VP Engineering', confidence: 1, score: 1 },
        ],
      }),
      { name: 'jane' },
    );
    expect(role.label).toBe('Jane Smith — VP Engineering');
    const team = await enrichPerson(
      baseDeps({
        facts: async () => [{ category: 'relationship', key: 'person.jane smith.team', value: 'Platform', confidence: 1, score: 1 }],
      }),
      { name: 'jane' },
    );
    expect(team.label).toBe('Jane Smith (Platform)');
  });
});
