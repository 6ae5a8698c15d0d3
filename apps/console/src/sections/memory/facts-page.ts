/**
 * Memory → Facts: search (query_memory) or browse (list_facts, by category and pinned), a page of 50 at a time; each
 * row links to its edit form and can be pinned, unpinned or deleted in place (with Undo, see facts-actions.ts); a
 * short form adds one (store_fact).
 */
import { html } from 'hono/html';
import { empty, toolBlock, userText } from '../../page-kit/blocks.js';
import { formatLocalTime } from '../../page-kit/format-local-time.js';
import { formView } from '../../page-kit/form-view.js';
import type { PageContext, PageView } from '../../page-kit/types.js';
import { clip, currentAddress, memoryTabs, options, PAGE_SIZE, pager, withQuery, type Html, type ToolPage } from './memory-kit.js';

export const FACT_CATEGORIES = ['personal', 'preference', 'work', 'relationship', 'backlog'] as const;

export interface FactRow {
  id: number;
  category: string;
  key: string;
  value: string;
  confidence: number;
  pinned: boolean;
  updated_at: string;
}

/** The fact stored under category/key, or undefined: list_facts by that exact key as prefix (the key itself sorts first). */
export async function findFact(ctx: Pick<PageContext, 'tool'>, category: string, key: string): Promise<FactRow | undefined> {
  const page = await ctx.tool<ToolPage<FactRow>>('list_facts', { category, prefix: key, limit: 1 });
  const fact = page.items[0];
  return fact && fact.key === key ? fact : undefined;
}

function isCategory(value: string): boolean {
  return (FACT_CATEGORIES as readonly string[]).includes(value);
}

function factRow(ctx: PageContext, fact: FactRow, back: string, index: number): Html {
  const editLink = withQuery('/memory/facts/edit', { category: fact.category, key: fact.key });
  const pin = formView(ctx, `fact-pin-${index}`, ['key']);
  const remove = formView(ctx, `fact-delete-${index}`, ['key']);
  return html`<tr>
<td><span class="tag">${fact.category}</span></td>
<td><code dir="auto">${fact.key}</code></td>
<td class="value">${userText(clip(fact.value))}</td>
<td>${fact.pinned ? 'Pinned' : html`<span class="muted">No</span>`}</td>
<td><time datetime="${fact.updated_at}">${formatLocalTime(fact.updated_at, ctx.timeZone)}</time></td>
<td class="row-actions">
<a href="${editLink}" aria-label="Edit ${fact.category}/${fact.key}">Edit</a>
<form method="post" action="/memory/facts/pin" class="inline">${pin.hidden}
<input type="hidden" name="category" value="${fact.category}"><input type="hidden" name="key" value="${fact.key}"><input type="hidden" name="return" value="${back}">
<button type="submit" name="pinned" value="${fact.pinned ? 'false' : 'true'}" aria-label="${fact.pinned ? 'Unpin' : 'Pin'} ${fact.category}/${fact.key}"${pin.describe('key')}>${fact.pinned ? 'Unpin' : 'Pin'}</button>${pin.problem('key')}
</form>
<form method="post" action="/memory/facts/delete" class="inline">${remove.hidden}
<input type="hidden" name="category" value="${fact.category}"><input type="hidden" name="key" value="${fact.key}"><input type="hidden" name="return" value="${back}">
<button type="submit" class="danger" aria-label="Delete ${fact.category}/${fact.key}"${remove.describe('key')}>Delete</button>${remove.problem('key')}
</form>
</td>
</tr>`;
}

/** The "add a fact" form (store_fact): category, key and value. */
function newFactForm(ctx: PageContext, category: string): Html {
  const form = formView(ctx, 'new-fact', ['key', 'value', 'category']);
  return html`<section class="block" aria-labelledby="new-fact-heading">
<h2 id="new-fact-heading">Add a fact</h2>
<form method="post" action="/memory/facts/create" class="stacked">${form.hidden}
<label for="new-fact-category">Category</label><select id="new-fact-category" name="category"${form.invalid('category')}>${options(FACT_CATEGORIES.map((name) => [name, name] as const), form.value('category', category || 'personal'))}</select>${form.problem('category')}
<label for="new-fact-key">Key (a short name, e.g. coffee_order)</label><input id="new-fact-key" name="key" required maxlength="200" dir="auto" value="${form.value('key')}"${form.invalid('key')}>${form.problem('key')}
<label for="new-fact-value">Value</label><textarea id="new-fact-value" name="value" rows="3" maxlength="10000" required dir="auto"${form.invalid('value')}>${form.value('value')}</textarea>${form.problem('value')}
<p><button type="submit">Add the fact</button></p>
</form>
</section>`;
}

function factsTable(ctx: PageContext, facts: readonly FactRow[], back: string): Html {
  return html`<table>
<caption class="visually-hidden">Facts</caption>
<thead><tr><th scope="col">Category</th><th scope="col">Key</th><th scope="col">Value</th><th scope="col">Pinned</th><th scope="col">Updated</th><th scope="col">Actions</th></tr></thead>
<tbody>${facts.map((fact, index) => factRow(ctx, fact, back, index))}</tbody>
</table>`;
}

export async function renderFactsPage(ctx: PageContext): Promise<PageView> {
  const q = (ctx.query.get('q') ?? '').trim();
  const categoryParam = ctx.query.get('category') ?? '';
  const category = isCategory(categoryParam) ? categoryParam : '';
  const pinnedParam = ctx.query.get('pinned') ?? '';
  const pinned = pinnedParam === 'true' || pinnedParam === 'false' ? pinnedParam : '';
  const cursor = ctx.query.get('cursor') ?? '';
  const filters = { q, category, pinned };
  const back = currentAddress('/memory/facts', ctx.query);

  const block = await toolBlock({
    id: 'facts',
    heading: q === '' ? 'Facts' : 'Search results',
    load: () =>
      q === ''
        ? ctx.tool<ToolPage<FactRow>>('list_facts', {
            limit: PAGE_SIZE,
            ...(category ? { category } : {}),
            ...(pinned ? { pinned: pinned === 'true' } : {}),
            ...(cursor ? { cursor } : {}),
          })
        : ctx.tool<ToolPage<FactRow>>('query_memory', { query: q, limit: PAGE_SIZE, ...(category ? { category } : {}), ...(cursor ? { cursor } : {}) }),
    render: (page) => {
      // query_memory has no pinned filter: the search narrows this page of results instead.
      const items = q !== '' && pinned ? page.items.filter((fact) => fact.pinned === (pinned === 'true')) : page.items;
      return items.length === 0
        ? empty(q === '' ? 'No facts match these filters.' : `No facts match "${q}". Try other words.`)
        : html`${factsTable(ctx, items, back)}${pager(page, '/memory/facts', filters, cursor === '')}`;
    },
  });

  return {
    title: 'Memory: facts',
    body: html`${memoryTabs('facts')}
<form method="get" action="/memory/facts" class="filters" role="search" aria-label="Search facts">
<label>Search <input type="search" name="q" value="${q}" dir="auto" maxlength="500" placeholder="e.g. Noa coffee"></label>
<label>Category <select name="category">${options([['', 'All'], ...FACT_CATEGORIES.map((name) => [name, name] as const)], category)}</select></label>
<label>Pinned <select name="pinned">${options([['', 'Either'], ['true', 'Pinned only'], ['false', 'Not pinned']], pinned)}</select></label>
<button type="submit">Show facts</button>
</form>
${block}
${newFactForm(ctx, category)}`,
  };
}

export async function renderFactEditPage(ctx: PageContext): Promise<PageView> {
  const category = ctx.query.get('category') ?? '';
  const key = ctx.query.get('key') ?? '';
  const back = withQuery('/memory/facts', { category });
  const fact = isCategory(category) && key !== '' ? await findFact(ctx, category, key) : undefined;
  if (!fact) {
    return {
      title: 'Memory: edit a fact',
      body: html`${memoryTabs('facts')}<p class="note" dir="auto">There is no fact ${category}/${key}: it may have been deleted. <a href="${back}">Back to the facts</a>.</p>`,
    };
  }
  const form = formView(ctx, 'fact-edit', ['value', 'confidence']);
  return {
    title: 'Memory: edit a fact',
    body: html`${memoryTabs('facts')}
<form method="post" action="/memory/facts/edit" class="stacked">${form.hidden}
<input type="hidden" name="category" value="${fact.category}"><input type="hidden" name="key" value="${fact.key}">
<p>Category <span class="tag">${fact.category}</span>, key <code dir="auto">${fact.key}</code></p>
<label for="fact-value">Value</label>
<textarea id="fact-value" name="value" rows="6" maxlength="10000" required dir="auto"${form.invalid('value')}>${form.value('value', fact.value)}</textarea>${form.problem('value')}
<label for="fact-confidence">Confidence (0–1)</label>
<input id="fact-confidence" name="confidence" type="number" min="0" max="1" step="0.01" value="${form.value('confidence', String(fact.confidence))}"${form.invalid('confidence')}>${form.problem('confidence')}
<label class="check"><input type="checkbox" name="pinned" value="true"${form.checked('pinned', fact.pinned) ? html` checked` : ''}> Pinned (never loses weight with age)</label>
<p><button type="submit">Save the fact</button> <a href="${back}">Cancel</a></p>
</form>`,
  };
}
