/**
 * The page around every section's content: skip link, the section navigation (the current one marked with
 * `aria-current`), the sign-out form. The flash banner is part of the body (flash-banner.ts): green `role="status"`
 * for what was done, red `role="alert"` for what was not. No inline script or style (the
 * Content-Security-Policy forbids both); `<html lang="en">`, and user text carries `dir="auto"` where it is rendered.
 * Table cells get their column's heading as `data-label` (see table-cell-labels.ts) for the stacked narrow layout.
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { ConsoleAssets } from '../server/console-assets.js';
import { csrfField } from './csrf-field.js';
import { labelTableCells } from './table-cell-labels.js';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface LayoutSection {
  readonly id: string;
  readonly label: string;
  readonly path: string;
}

export interface LayoutOptions {
  readonly title: string;
  readonly body: Html;
  readonly assets: ConsoleAssets;
  /** Absent on the sign-in page: no navigation, no sign-out. */
  readonly session?: { readonly csrfToken: string; readonly sections: readonly LayoutSection[]; readonly currentSection?: string };
}

function withTableCellLabels(body: Html): Html {
  const label = (markup: HtmlEscapedString) => raw(labelTableCells(markup.toString()), markup.callbacks);
  return body instanceof Promise ? body.then(label) : label(body);
}

export function renderLayout(options: LayoutOptions): Html {
  const { session } = options;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${options.title} · Chief of Staff</title>
<link rel="icon" href="${options.assets.url('favicon.svg')}" type="image/svg+xml">
<link rel="stylesheet" href="${options.assets.url('console.css')}">
<script type="module" src="${options.assets.url('console.js')}"></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="top">
<a class="brand" href="/today">Chief of Staff</a>
${session
  ? html`<nav aria-label="Sections"><ul>${session.sections.map(
      (section) =>
        html`<li><a href="${section.path}"${section.id === session.currentSection ? html` aria-current="page"` : ''}>${section.label}</a></li>`,
    )}</ul></nav>
<form method="post" action="/sign-out" class="sign-out">${csrfField(session)}<button type="submit">Sign out</button></form>`
  : ''}
</header>
<main id="main" tabindex="-1">
<h1 dir="auto">${options.title}</h1>
${withTableCellLabels(options.body)}
</main>
</body>
</html>`;
}
