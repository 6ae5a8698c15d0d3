/**
 * Lazy loading of LanceDB and Apache Arrow. Both are heavy (native module, ~100 ms to load), so nothing
 * imports them at module load: the first vector operation does, and later ones reuse the same promise.
 *
 * Both are loaded through `require`: LanceDB is CommonJS and requires Arrow's CommonJS build, while an `import` of
 * `apache-arrow` resolves to its separate ES-module build. Importing both loaded Arrow twice (~100 ms more before the
 * first semantic answer) and handed LanceDB schemas built from the other copy's classes.
 */
import { createRequire } from 'node:module';

export type LanceModule = typeof import('@lancedb/lancedb');
export type ArrowModule = typeof import('apache-arrow');

export interface LanceModules {
  lancedb: LanceModule;
  arrow: ArrowModule;
}

let loading: Promise<LanceModules> | undefined;

export function loadLance(): Promise<LanceModules> {
  loading ??= Promise.resolve().then(() => {
    const require = createRequire(import.meta.url);
    const lancedb = require('@lancedb/lancedb') as LanceModule;
    const arrow = require('apache-arrow') as ArrowModule;
    return { lancedb, arrow };
  });
  return loading;
}
