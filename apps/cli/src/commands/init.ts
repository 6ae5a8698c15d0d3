/**
 * `cos init`: sets up a data directory and a commented `cos.config.yaml` (never overwriting one), then prints
 * ready-to-paste configuration for Claude Desktop and Claude Code with this machine's real paths.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { CONFIG_FILE_NAME } from '@chief-of-staff/core';
import { printJson, printLine } from '../output.js';
import { loadCliConfig } from '../open-cos.js';
import { paint } from '../text.js';
import { mcpServerEntry } from './serve.js';

/** The token file the MCP server writes on its first HTTP start (see mcp-http-token in the server). */
const TOKEN_FILE_NAME = 'mcp-http-token';

export const CONFIG_TEMPLATE = `# Chief of Staff configuration. Every key is optional; see docs/configuration.md for all of them.
# Write secrets as env:NAME (the value of the environment variable NAME) so they stay out of this file;
# \${NAME} works too. A reference to an unset variable stops the part that needs it, naming the variable.

# timezone: Europe/Lisbon          # default: this machine's zone
# user:
#   name: Dana Levi
#   email: dana@example.com        # your own address (your replies count as answers)

# anthropic:
#   apiKey: env:ANTHROPIC_API_KEY  # expert agents need it; memory, documents and data tools work without

# documents:
#   allowedRoots: [~/Documents]    # folders ingest_documents may read

# providers:
#   calendar: local                # local | none
#   mail: local
#   notifications: log             # log | desktop | webhook | none

# webhooks:
#   sources:
#     github:
#       secret: env:GITHUB_WEBHOOK_SECRET
`;

export interface InitResult {
  data_dir: string;
  config_file: string;
  config_created: boolean;
  claude_desktop: Record<string, unknown>;
  claude_code: string;
  http: { start: string; claude_code: string; token_file: string };
}

export function initDataDir(dataDir: string, http: { host: string; port: number }): InitResult {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const configFile = join(dataDir, CONFIG_FILE_NAME);
  const created = !existsSync(configFile);
  if (created) writeFileSync(configFile, CONFIG_TEMPLATE, { mode: 0o600, flag: 'wx' });
  const server = mcpServerEntry();
  const tokenFile = join(dataDir, TOKEN_FILE_NAME);
  return {
    data_dir: dataDir,
    config_file: configFile,
    config_created: created,
    claude_desktop: { mcpServers: { 'chief-of-staff': { command: process.execPath, args: [server], env: { COS_DATA_DIR: dataDir } } } },
    claude_code: `claude mcp add chief-of-staff --env COS_DATA_DIR=${dataDir} -- ${process.execPath} ${server}`,
    http: {
      start: `COS_DATA_DIR=${dataDir} cos serve --http`,
      claude_code: `claude mcp add --transport http chief-of-staff http://${http.host}:${http.port}/mcp --header "Authorization: Bearer $(cat ${tokenFile})"`,
      token_file: tokenFile,
    },
  };
}

export function registerInitCommand(program: Command): void {
  program
    .command('init')
    .description('Create the data directory and a commented config file, and print how to connect Claude.')
    .option('--json', 'print machine-readable JSON')
    .action((options: { json?: boolean }) => {
      const loaded = loadCliConfig();
      if (!loaded) return;
      const result = initDataDir(loaded.config.dataDir, loaded.config.mcp.http);
      if (options.json) {
        printJson(result);
        return;
      }
      printLine(`${paint('bold', 'Chief of Staff is set up.')}`);
      printLine(`Data directory: ${result.data_dir}`);
      printLine(`Configuration:  ${result.config_file}${result.config_created ? ' (created; every setting is commented out)' : ' (already there; left as it was)'}`);
      printLine('');
      printLine(paint('bold', 'Claude Desktop') + ' — add to claude_desktop_config.json:');
      printLine(JSON.stringify(result.claude_desktop, null, 2));
      printLine('');
      printLine(paint('bold', 'Claude Code') + ':');
      printLine(`  ${result.claude_code}`);
      printLine('');
      printLine(paint('bold', 'Over HTTP') + ' (start the server, then connect; the token file is written on first start):');
      printLine(`  ${result.http.start}`);
      printLine(`  ${result.http.claude_code}`);
      printLine('');
      printLine('Next: `cos doctor` checks every part.');
    });
}
