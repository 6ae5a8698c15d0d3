/**
 * The page kit: what a console section needs to plug in (the contract in types.ts) and the helpers every page uses.
 */
export type { ActionContext, ActionResult, ConsoleRoutes, ConsoleSection, FailedForm, FlashAction, PageContext, PageView } from './types.js';
export { ConsoleToolError, formProblem } from './console-tool-error.js';
export { csrfField, CSRF_FIELD_NAME } from './csrf-field.js';
export { flashBanner, type FlashTone } from './flash-banner.js';
export { formatLocalTime, localDate, withLocalDates } from './format-local-time.js';
export { FORM_ID_FIELD, FORM_PAGE_FIELD, formView, type FormView } from './form-view.js';
export { empty, toolBlock, userText } from './blocks.js';
export { cursorPager, linkWith } from './links.js';
