/**
 * The one way a console form is written, so a failed submission comes back the same everywhere: the core re-renders
 * the page the form was on (HTTP 422) with `ctx.failedForm` set, and the form built from `formView` keeps what the
 * person typed and shows the message beside the field it concerns (red, `role="alert"`, linked from the input by
 * `aria-describedby`, focused so the page opens at it). A form that worked still answers 303 with a banner.
 *
 *     const form = formView(ctx, 'new-link', ['canonical_name', 'provider_id']);
 *     html`<form method="post" action="/memory/people/link">${form.hidden}
 *       <input id="new-link-name" name="canonical_name" value="${form.value('canonical_name')}"${form.invalid('canonical_name')}>
 *       ${form.problem('canonical_name')}…`
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { csrfField } from './csrf-field.js';
import type { FailedForm, PageContext } from './types.js';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** Hidden field: which form on the page was sent (a page can hold many forms posting to one action). */
export const FORM_ID_FIELD = '_form';
/** Hidden field: the console address of the page the form is on, shown again when the submission fails. */
export const FORM_PAGE_FIELD = '_page';

export interface FormView {
  /** The CSRF token, the form's id and the page's address: put first inside the `<form>`. */
  readonly hidden: Html;
  /** Whether this is the form that just failed. */
  readonly failed: boolean;
  /** What the person typed in `name` when this form just failed, else `initial`. */
  value(name: string, initial?: string): string;
  /** A checkbox's state: as sent when this form just failed, else `initial`. */
  checked(name: string, initial: boolean): boolean;
  /**
   * Attributes for the input `name`: `aria-invalid`, `aria-describedby` (the problem, then `describedBy` if given) and
   * `autofocus` when the problem concerns it; otherwise just `aria-describedby="<describedBy>"` when given.
   */
  invalid(name: string, describedBy?: string): Html;
  /** For a form that is only a button (Unlink, Update): `aria-describedby` and `autofocus` on it when it failed. */
  describe(name: string): Html;
  /** The message beside the input `name` (red, `role="alert"`), or nothing. */
  problem(name: string): Html;
}

/** The form-field names a failed submission sent, without the console's own hidden fields. */
export function typedValues(form: Readonly<Record<string, string>>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(form)) if (!name.startsWith('_')) values[name] = value;
  return values;
}

/** The page's own address (path and query): where a failed submission is shown again. */
export function pageAddress(ctx: Pick<PageContext, 'path' | 'query'>): string {
  const query = ctx.query.toString();
  return query === '' ? ctx.path : `${ctx.path}?${query}`;
}

/**
 * The form `id` on this page. `fields` are its inputs a person fills, in order: a problem that names none of them
 * (a tool's error about the request as a whole) is shown beside the first.
 */
export function formView(ctx: Pick<PageContext, 'csrfToken' | 'failedForm' | 'path' | 'query'>, id: string, fields: readonly string[]): FormView {
  const failedForm: FailedForm | undefined = ctx.failedForm?.id === id ? ctx.failedForm : undefined;
  const concerned = failedForm ? (failedForm.field !== undefined && fields.includes(failedForm.field) ? failedForm.field : fields[0]) : undefined;
  const problemId = (name: string) => `${id}-${name}-problem`;
  return {
    hidden: html`${csrfField(ctx)}<input type="hidden" name="${FORM_ID_FIELD}" value="${id}"><input type="hidden" name="${FORM_PAGE_FIELD}" value="${pageAddress(ctx)}">`,
    failed: failedForm !== undefined,
    value: (name, initial = '') => (failedForm ? (failedForm.values[name] ?? '') : initial),
    checked: (name, initial) => (failedForm ? failedForm.values[name] !== undefined : initial),
    invalid(name, describedBy) {
      if (name !== concerned) return describedBy ? html` aria-describedby="${describedBy}"` : html``;
      return html` aria-invalid="true" aria-describedby="${describedBy ? `${problemId(name)} ${describedBy}` : problemId(name)}" autofocus`;
    },
    describe(name) {
      return name === concerned ? html` aria-describedby="${problemId(name)}" autofocus` : html``;
    },
    problem(name) {
      if (name !== concerned || !failedForm) return html``;
      return html`<p class="field-problem" id="${problemId(name)}" role="alert" dir="auto">${failedForm.message}${failedForm.hint ? html` <span class="field-hint">${failedForm.hint}</span>` : ''}</p>`;
    },
  };
}
