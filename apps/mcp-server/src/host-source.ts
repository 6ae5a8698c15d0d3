/**
 * Where the MCP server gets its host (the assembled Chief of Staff) from. Over HTTP the host is loaded before the
 * listener starts (static-host-source.ts); over stdio it may still be loading while the first requests arrive
 * (lazy-host-source.ts). Types only, so the stdio start-up path loads none of the libraries.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ChiefOfStaff } from '@chief-of-staff/sdk';

export type McpHost = Pick<ChiefOfStaff, 'tools' | 'callTool' | 'logger'> & { agents?: ChiefOfStaff['agents'] };

export interface McpHostSource {
  /** The host, waiting for it to load if needed. */
  host(): Promise<McpHost>;
  /** The tools to list now. */
  listTools(): Promise<Tool[]>;
  /** Told when a call has been answered: work deferred so as not to delay the first answer may start. */
  afterCall?(): void;
}
