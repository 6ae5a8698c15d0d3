/**
 * The annotation sets of docs/reference/conventions.md#annotations used by the local (closed-world) memory-domain
 * tools.
 */
import type { ToolAnnotations } from '@chief-of-staff/core';

/** Local reads and searches: R-I-. */
export const LOCAL_READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** Creates that add a new row each call: W---. */
export const LOCAL_CREATE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
/** Upserts and set-state: W-I-. */
export const LOCAL_UPSERT: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** Deletes, overwrites, clears: WDI-. */
export const LOCAL_DELETE: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
