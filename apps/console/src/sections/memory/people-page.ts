/**
 * Memory → People: one card per person with every linked handle (list_people, 25 people a page), handles linked and
 * unlinked in place (link_identity, unlink_identity, with Undo), and the enrich view of one person at
 * /memory/people/:name (enrich_person: identities, facts, delegations, decisions, recent messages and email).
 */
import { html } from 'hono/html';
import { empty, toolBlock, userText } from '../../page-kit/blocks.js';
import { formProblem } from '../../page-kit/console-tool-error.js';
import { formatLocalTime } from '../../page-kit/format-local-time.js';
import { formView } from '../../page-kit/form-view.js';
import type { ConsoleRoutes, PageContext, PageView } from '../../page-kit/types.js';
import { clip, currentAddress, formText, memoryTabs, options, pager, returnPath, type Html, type ToolPage } from './memory-kit.js';

/** The providers link_identity accepts (docs/mcp.md#link_identity). */
const PROVIDERS = ['email', 'phone', 'imessage', 'sms', 'whatsapp', 'slack', 'teams', 'm365_email', 'jira', 'confluence', 'github', 'other'] as const;
const PEOPLE_PAGE_SIZE = 25;
const DAYS_BACK_CHOICES = [7, 14, 30, 90] as const;

interface Identity {
  canonical_name: string;
  provider: string;
  provider_id: string;
  display_name: string | null;
  email: string | null;
}

interface Person {
  canonical_name: string;
  identities: Identity[];
}

interface SourceReport {
  status: string;
  count: number;
  message?: string;
}

interface Profile {
  name: string;
  resolved_name?: string;
  label: string;
  candidates?: { canonical_name: string; emails: string[] }[];
  identities?: Identity[];
  facts?: { category: string; key: string; value: string; confidence: number }[];
  delegations?: { id: number; task: string; due_date: string | null; priority: string; status: string }[];
  decisions?: { id: number; title: string; status: string; created_at: string }[];
  recent_messages?: { sender: string; text: string; date: string; channel: string }[];
  recent_emails?: { subject: string; from: string; date: string }[];
  sources: Record<string, SourceReport>;
}

export function personPath(name: string): string {
  return `/memory/people/${encodeURIComponent(name)}`;
}

function providerOptions(selected: string): Html {
  return options(PROVIDERS.map((provider) => [provider, provider] as const), selected);
}

function identityList(ctx: PageContext, identities: readonly Identity[], back: string, idPrefix: string): Html {
  return html`<ul class="list identities">${identities.map((identity, index) => {
    const form = formView(ctx, `${idPrefix}-unlink-${index}`, ['provider_id']);
    return html`<li><span class="tag">${identity.provider}</span> <span dir="auto">${identity.provider_id}</span>${identity.display_name ? html` <span class="muted">(${userText(identity.display_name)})</span>` : ''}
<form method="post" action="/memory/people/unlink" class="inline">${form.hidden}
<input type="hidden" name="provider" value="${identity.provider}"><input type="hidden" name="provider_id" value="${identity.provider_id}">
<input type="hidden" name="canonical_name" value="${identity.canonical_name}"><input type="hidden" name="display_name" value="${identity.display_name ?? ''}"><input type="hidden" name="return" value="${back}">
<button type="submit" class="danger" aria-label="Unlink ${identity.provider} ${identity.provider_id} from ${identity.canonical_name}"${form.describe('provider_id')}>Unlink</button>${form.problem('provider_id')}
</form></li>`;
  })}</ul>`;
}

/** A form that links one more handle to `name` (or, with `name` blank, to the person typed in). */
function linkForm(ctx: PageContext, idPrefix: string, name: string | undefined, back: string): Html {
  const form = formView(ctx, idPrefix, name === undefined ? ['canonical_name', 'provider_id', 'provider'] : ['provider_id', 'provider']);
  return html`<form method="post" action="/memory/people/link" class="filters">${form.hidden}<input type="hidden" name="return" value="${back}">
${name === undefined
  ? html`<label for="${idPrefix}-name">Person's full name</label><input id="${idPrefix}-name" name="canonical_name" required maxlength="200" dir="auto" value="${form.value('canonical_name')}"${form.invalid('canonical_name')}>${form.problem('canonical_name')}`
  : html`<input type="hidden" name="canonical_name" value="${name}">`}
<label for="${idPrefix}-provider">Where</label><select id="${idPrefix}-provider" name="provider"${form.invalid('provider')}>${providerOptions(form.value('provider', 'email'))}</select>${form.problem('provider')}
<label for="${idPrefix}-handle">Handle, address or number</label><input id="${idPrefix}-handle" name="provider_id" required maxlength="320" dir="auto" value="${form.value('provider_id')}"${form.invalid('provider_id')}>${form.problem('provider_id')}
<button type="submit"${name === undefined ? '' : html` aria-label="Link handle to ${name}"`}>Link handle</button>
</form>`;
}

export async function renderPeoplePage(ctx: PageContext): Promise<PageView> {
  const q = (ctx.query.get('q') ?? '').trim();
  const cursor = ctx.query.get('cursor') ?? '';
  const back = currentAddress('/memory/people', ctx.query);
  const block = await toolBlock({
    id: 'people',
    heading: q === '' ? 'People' : 'Matching people',
    load: () => ctx.tool<ToolPage<Person>>('list_people', { limit: PEOPLE_PAGE_SIZE, ...(q ? { query: q } : {}), ...(cursor ? { cursor } : {}) }),
    render: (page) =>
      page.items.length === 0
        ? empty(q === '' ? 'No one has linked handles yet: link one below.' : `No one matches "${q}".`)
        : html`<ul class="cards">${page.items.map(
            (person, index) => html`<li class="block person">
<h3><a href="${personPath(person.canonical_name)}">${userText(person.canonical_name)}</a></h3>
${identityList(ctx, person.identities, back, `person-${index}`)}
<details${ctx.failedForm?.id === `person-${index}` ? html` open` : ''}><summary>Link another handle<span class="visually-hidden"> to ${person.canonical_name}</span></summary>${linkForm(ctx, `person-${index}`, person.canonical_name, back)}</details>
</li>`,
          )}</ul>${pager(page, '/memory/people', { q }, cursor === '')}`,
  });
  return {
    title: 'Memory: people',
    body: html`${memoryTabs('people')}
<form method="get" action="/memory/people" class="filters" role="search" aria-label="Search people">
<label>Name, email or handle <input type="search" name="q" value="${q}" dir="auto" maxlength="500"></label>
<button type="submit">Find people</button>
</form>
${block}
<section class="block" aria-labelledby="link-heading">
<h2 id="link-heading">Link a handle to a person</h2>
<p class="hint">The same full name joins the handle to that person's card; a new name starts a new card.</p>
${linkForm(ctx, 'new-link', undefined, back)}
</section>`,
  };
}

function unavailable(profile: Profile, source: string): Html | string {
  const report = profile.sources[source];
  if (!report || report.status === 'ok' || report.status === 'empty' || report.status === 'skipped') return '';
  return html`<p class="note" dir="auto">Not available: ${report.message ?? report.status}.</p>`;
}

function profileBody(ctx: PageContext, profile: Profile, back: string): Html {
  const name = profile.resolved_name ?? profile.name;
  const section = (id: string, heading: string, source: string, content: Html | string, hasItems: boolean, none: string) =>
    html`<section class="block" aria-labelledby="${id}-heading"><h3 id="${id}-heading">${heading}</h3>${unavailable(profile, source)}${hasItems ? content : empty(none)}</section>`;
  return html`<p class="lead">${userText(profile.label)}</p>
<div class="today-grid">
${section('identities', 'Identities', 'identities', html`${identityList(ctx, profile.identities ?? [], back, 'profile')}`, (profile.identities ?? []).length > 0, 'No linked handles.')}
${section('facts', 'Facts', 'facts', html`<ul class="list">${(profile.facts ?? []).map((fact) => html`<li><span class="tag">${fact.category}</span> <code dir="auto">${fact.key}</code> ${userText(clip(fact.value))}</li>`)}</ul>`, (profile.facts ?? []).length > 0, 'No facts about them.')}
${section('delegations', 'Delegations', 'delegations', html`<ul class="list">${(profile.delegations ?? []).map((item) => html`<li>${userText(item.task)} <span class="tag">${item.status}</span>${item.due_date ? html` <span class="muted">due ${formatLocalTime(item.due_date, ctx.timeZone)}</span>` : ''}</li>`)}</ul>`, (profile.delegations ?? []).length > 0, 'Nothing delegated to them.')}
${section('decisions', 'Decisions', 'decisions', html`<ul class="list">${(profile.decisions ?? []).map((item) => html`<li>${userText(item.title)} <span class="tag">${item.status}</span></li>`)}</ul>`, (profile.decisions ?? []).length > 0, 'No decisions mention them.')}
${section('messages', 'Recent messages', 'recent_messages', html`<ul class="list">${(profile.recent_messages ?? []).map((item) => html`<li><time datetime="${item.date}">${formatLocalTime(item.date, ctx.timeZone)}</time> <span class="tag">${item.channel}</span> ${userText(item.sender)}<p class="preview">${userText(item.text)}</p></li>`)}</ul>`, (profile.recent_messages ?? []).length > 0, 'No recent messages.')}
${section('emails', 'Recent email', 'recent_emails', html`<ul class="list">${(profile.recent_emails ?? []).map((item) => html`<li><time datetime="${item.date}">${formatLocalTime(item.date, ctx.timeZone)}</time> ${userText(item.from)}<p class="preview">${userText(item.subject)}</p></li>`)}</ul>`, (profile.recent_emails ?? []).length > 0, 'No recent email.')}
</div>
<section class="block" aria-labelledby="link-more-heading"><h3 id="link-more-heading">Link another handle</h3>${linkForm(ctx, 'profile-link', name, back)}</section>`;
}

/** Nothing stored knows the name: no candidates, no identity, fact, delegation, decision, message or email. */
function knowsNoOne(profile: Profile): boolean {
  if (profile.candidates) return false;
  const reports = Object.values(profile.sources);
  return reports.length > 0 && reports.every((report) => report.status === 'empty' || report.status === 'skipped') && (profile.identities ?? []).length === 0;
}

export async function renderPersonPage(ctx: PageContext): Promise<PageView> {
  const name = (ctx.params['name'] ?? '').trim();
  const daysParam = Number(ctx.query.get('days') ?? '7');
  const days = (DAYS_BACK_CHOICES as readonly number[]).includes(daysParam) ? daysParam : 7;
  const back = currentAddress(personPath(name), ctx.query);
  const profile = ctx.tool<Profile>('enrich_person', { name, days_back: days });
  profile.catch(() => undefined);
  const block = await toolBlock({
    id: 'profile',
    heading: 'Profile',
    load: () => profile,
    render: (found) =>
      found.candidates
        ? html`<p>"${userText(name)}" fits more than one person. Which one?</p><ul class="list">${found.candidates.map(
            (candidate) => html`<li><a href="${personPath(candidate.canonical_name)}">${userText(candidate.canonical_name)}</a>${candidate.emails.length > 0 ? html` <span class="muted">${candidate.emails.join(', ')}</span>` : ''}</li>`,
          )}</ul>`
        : knowsNoOne(found)
          ? html`<p class="note" dir="auto">No one by that name: nothing stored mentions "${name}" (no linked handle, fact, delegation, decision, message or email). Check the spelling in <a href="/memory/people">all people</a>, or link a handle below to start a card for them.</p>
<section class="block" aria-labelledby="link-more-heading"><h3 id="link-more-heading">Link a handle to ${name}</h3>${linkForm(ctx, 'profile-link', name, back)}</section>`
          : profileBody(ctx, found, back),
  });
  const unknown = await profile.then(knowsNoOne, () => false);
  return {
    title: name,
    ...(unknown ? { status: 404 as const } : {}),
    body: html`${memoryTabs('people')}
<p><a href="/memory/people">All people</a></p>
<form method="get" action="${personPath(name)}" class="filters" aria-label="Messages and email window">
<label>Messages and email from the last <select name="days">${options(DAYS_BACK_CHOICES.map((value) => [String(value), `${value} days`] as const), String(days))}</select></label>
<button type="submit">Show</button>
</form>
${block}`,
  };
}

export function peopleActions(routes: ConsoleRoutes): void {
  routes.action('/memory/people/link', async (ctx) => {
    const displayName = formText(ctx.form, 'display_name');
    const canonicalName = formText(ctx.form, 'canonical_name');
    const providerId = formText(ctx.form, 'provider_id');
    if (canonicalName === '') throw formProblem('canonical_name', "Write the person's full name: the handle joins the card of that name.");
    if (providerId === '') throw formProblem('provider_id', 'Write the handle, address or number to link.');
    const result = await ctx.tool<{ identity: Identity; created: boolean }>('link_identity', {
      canonical_name: canonicalName,
      provider: formText(ctx.form, 'provider'),
      provider_id: providerId,
      ...(displayName ? { display_name: displayName } : {}),
    });
    const { identity } = result;
    return {
      redirect: returnPath(ctx.form, '/memory/people'),
      flash: `${result.created ? 'Linked' : 'Updated'} ${identity.provider} ${identity.provider_id} to ${identity.canonical_name}.`,
    };
  });

  routes.action('/memory/people/unlink', async (ctx) => {
    const provider = formText(ctx.form, 'provider');
    const providerId = formText(ctx.form, 'provider_id');
    const name = formText(ctx.form, 'canonical_name');
    const displayName = formText(ctx.form, 'display_name');
    await ctx.tool('unlink_identity', { provider, provider_id: providerId });
    const back = returnPath(ctx.form, '/memory/people');
    return {
      redirect: back,
      flash: `Unlinked ${provider} ${providerId}${name ? ` from ${name}` : ''}.`,
      ...(name
        ? {
            flashAction: {
              action: '/memory/people/link',
              label: `Undo: link ${provider} ${providerId} again`,
              fields: { canonical_name: name, provider, provider_id: providerId, display_name: displayName, return: back },
            },
          }
        : {}),
    };
  });
}
