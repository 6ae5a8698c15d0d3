/**
 * Memory → Facts actions: add a fact, save an edit, pin or unpin, delete, and undo a delete. Every write goes
 * through store_fact or delete_fact; a delete first reads the fact so the flash can offer an Undo that stores it back as it was.
 */
import { ConsoleToolError, formProblem } from '../../page-kit/console-tool-error.js';
import type { ActionContext, ConsoleRoutes } from '../../page-kit/types.js';
import { findFact } from './facts-page.js';
import { formText, returnPath, withQuery } from './memory-kit.js';

function confidenceOf(form: Readonly<Record<string, string>>): number | undefined {
  const text = formText(form, 'confidence');
  if (text === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw formProblem('confidence', `Confidence "${text}" is not a number; give one from 0 to 1.`);
  return value;
}

async function requireFact(ctx: ActionContext, category: string, key: string) {
  const fact = await findFact(ctx, category, key);
  if (!fact) throw new ConsoleToolError('NOT_FOUND', `There is no fact ${category}/${key} any more; reload the page.`);
  return fact;
}

/** Stores the fact the form describes (an edit, or the undo of a delete, which posts the deleted fact back). */
async function storeFactFromForm(ctx: ActionContext): Promise<{ category: string; key: string }> {
  const category = formText(ctx.form, 'category');
  const key = formText(ctx.form, 'key');
  const confidence = confidenceOf(ctx.form);
  if (key === '') throw formProblem('key', 'Give the fact a key: a short name such as coffee_order.');
  if ((ctx.form['value'] ?? '').trim() === '') throw formProblem('value', 'Write the value: a fact cannot be empty (delete it instead).');
  await ctx.tool('store_fact', {
    category,
    key,
    value: ctx.form['value'] ?? '',
    pinned: ctx.form['pinned'] === 'true',
    ...(confidence === undefined ? {} : { confidence }),
  });
  return { category, key };
}

export function factActions(routes: ConsoleRoutes): void {
  routes.action('/memory/facts/edit', async (ctx) => {
    const { category, key } = await storeFactFromForm(ctx);
    return { redirect: withQuery('/memory/facts', { category }), flash: `Saved ${category}/${key}.` };
  });

  routes.action('/memory/facts/create', async (ctx) => {
    const { category, key } = await storeFactFromForm(ctx);
    return { redirect: withQuery('/memory/facts', { category }), flash: `Saved ${category}/${key}.` };
  });

  routes.action('/memory/facts/pin', async (ctx) => {
    const category = formText(ctx.form, 'category');
    const key = formText(ctx.form, 'key');
    const pinned = ctx.form['pinned'] === 'true';
    // store_fact replaces the whole fact: keep its value and confidence, change only the pin.
    const fact = await requireFact(ctx, category, key);
    await ctx.tool('store_fact', { category, key, value: fact.value, confidence: fact.confidence, pinned });
    return { redirect: returnPath(ctx.form, '/memory/facts'), flash: `${pinned ? 'Pinned' : 'Unpinned'} ${category}/${key}.` };
  });

  routes.action('/memory/facts/delete', async (ctx) => {
    const category = formText(ctx.form, 'category');
    const key = formText(ctx.form, 'key');
    const fact = await requireFact(ctx, category, key);
    await ctx.tool('delete_fact', { category, key });
    return {
      redirect: returnPath(ctx.form, '/memory/facts'),
      flash: `Deleted ${category}/${key}.`,
      // The fact travels in the Undo form's hidden fields: it is the person's own data, stored back as it was.
      flashAction: {
        action: '/memory/facts/restore',
        label: `Undo: restore ${category}/${key}`,
        fields: {
          category: fact.category,
          key: fact.key,
          value: fact.value,
          confidence: String(fact.confidence),
          pinned: String(fact.pinned),
          return: returnPath(ctx.form, '/memory/facts'),
        },
      },
    };
  });

  routes.action('/memory/facts/restore', async (ctx) => {
    const { category, key } = await storeFactFromForm(ctx);
    return { redirect: returnPath(ctx.form, '/memory/facts'), flash: `Restored ${category}/${key}.` };
  });
}
