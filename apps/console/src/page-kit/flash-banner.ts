/**
 * The banner an action leaves for the next page: green with `role="status"` when it was done, red with
 * `role="alert"` when it was not ("Not done: …"). A form it carries (Undo) sits inside the banner.
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { csrfField } from './csrf-field.js';
import type { FlashAction } from './types.js';

export type FlashTone = 'ok' | 'error';

export interface FlashBannerOptions {
  readonly message: string;
  readonly tone: FlashTone;
  readonly action?: FlashAction;
  readonly csrfToken: string;
}

export function flashBanner(options: FlashBannerOptions): HtmlEscapedString | Promise<HtmlEscapedString> {
  const { action } = options;
  const form = action
    ? html`<form method="post" action="${action.action}" class="flash-form">${csrfField(options)}${Object.entries(action.fields).map(
        ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
      )}<button type="submit">${action.label}</button></form>`
    : '';
  return options.tone === 'error'
    ? html`<div class="banner banner-error" role="alert" data-island="flash"><span dir="auto">${options.message}</span></div>`
    : html`<div class="banner banner-ok" role="status" data-island="flash"><span dir="auto">${options.message}</span>${form}</div>`;
}
