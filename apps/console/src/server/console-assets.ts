/**
 * The console's static files, served from `/assets/` and never from a CDN (it must work offline): the stylesheet, the
 * island script, the icon, and uPlot's script and stylesheet for charts. Each URL carries a hash of the file, so the files are
 * cached for a year and a new build is fetched at once.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The files by the name pages use; uPlot's come from its package when the build has not copied them. */
export const CONSOLE_ASSET_NAMES = ['console.css', 'console.js', 'favicon.svg', 'uPlot.iife.min.js', 'uPlot.min.css'] as const;
export type ConsoleAssetName = (typeof CONSOLE_ASSET_NAMES)[number];

export interface ConsoleAsset {
  readonly body: Buffer;
  readonly contentType: string;
  readonly hash: string;
}

export interface ConsoleAssets {
  /** `/assets/console.css?v=<hash>`. */
  url(name: ConsoleAssetName): string;
  get(name: string): ConsoleAsset | undefined;
}

const CONTENT_TYPES: Record<string, string> = { css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8', svg: 'image/svg+xml' };

function locate(assetsDir: string, name: ConsoleAssetName): string {
  const local = join(assetsDir, name);
  if (existsSync(local)) return local;
  if (name.startsWith('uPlot')) return createRequire(import.meta.url).resolve(`uplot/dist/${name}`);
  throw new Error(`The console's asset ${name} is missing from ${assetsDir}. Rebuild the console (npx nx bundle @chief-of-staff/console).`);
}

/** Reads every asset once at start: a handful of small files, kept in memory. */
export function loadConsoleAssets(assetsDir: string): ConsoleAssets {
  const assets = new Map<string, ConsoleAsset>();
  for (const name of CONSOLE_ASSET_NAMES) {
    const body = readFileSync(locate(assetsDir, name));
    const extension = name.slice(name.lastIndexOf('.') + 1);
    assets.set(name, { body, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream', hash: createHash('sha256').update(body).digest('hex').slice(0, 12) });
  }
  return {
    url: (name) => `/assets/${name}?v=${assets.get(name)?.hash ?? ''}`,
    get: (name) => assets.get(name),
  };
}
