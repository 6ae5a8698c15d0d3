/**
 * The page kit: what a console section needs to plug in (the contract in types.ts) and the helpers every page uses.
 */
export type { ActionContext, ActionResult, ConsoleRoutes, ConsoleSection, FlashAction, PageContext, PageView } from './types.js';
export { ConsoleToolError } from './console-tool-error.js';
export { csrfField, CSRF_FIELD_NAME } from './csrf-field.js';
export { formatLocalTime, localDate } from './format-local-time.js';
export { empty, toolBlock, userText } from './blocks.js';
export { cursorPager, linkWith } from './links.js';
