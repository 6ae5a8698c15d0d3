/**
 * import_data and export_calendar touch files, so only the user (host, CLI or console) may call them
 * (docs/reference/tool-catalogue.md#capabilities-and-tools).
 */
import { isPersonCaller, ToolError } from '@chief-of-staff/core';
import { principalRoots } from '../provider-common/principal-roots.js';
import type { ProviderToolContext } from '../provider-common/provider-services.js';

export function assertHostCaller(ctx: ProviderToolContext, tool: string): void {
  if (isPersonCaller(ctx.caller)) return;
  throw new ToolError('PERMISSION_DENIED', `${tool} can only be called by the user (MCP host or CLI), not by ${ctx.caller.kind === 'agent' ? `agent ${ctx.caller.agentName ?? ''}`.trim() : ctx.caller.kind}.`, {
    hint: 'Ask the user to run it, e.g. `cos import` / `cos export-calendar`.',
  });
}

/** The allowed roots as this caller may use them (in team mode, a user's own folder in each; see principal-roots.ts). */
export function allowedRoots(ctx: ProviderToolContext): string[] {
  return principalRoots(ctx.services.config?.documents.allowedRoots ?? [], ctx.services.config?.storage?.url);
}
