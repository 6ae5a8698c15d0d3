/**
 * The annotation sets of docs/reference/conventions.md#annotations used by the provider-backed (open-world) tools and
 * the host-only import/export.
 */
import type { ToolAnnotations } from '@chief-of-staff/core';

/** Provider-backed reads and searches: R-IO. */
export const PROVIDER_READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };
/** Provider-backed creates that add a row each call: W--O. */
export const PROVIDER_CREATE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };
/** Provider-backed upserts and set-state: W-IO. */
export const PROVIDER_UPSERT: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true };
/** Provider-backed deletes: WDIO. */
export const PROVIDER_DELETE: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true };
/** Email sends: WD-O. */
export const EMAIL_SEND: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };
/** Local idempotent import (by uid / Message-ID / external id): W-I-. */
export const LOCAL_IMPORT: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** Local read-only export: R-I-. */
export const LOCAL_EXPORT: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
