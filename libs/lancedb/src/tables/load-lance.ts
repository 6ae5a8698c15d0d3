/**
 * Lazy loading of LanceDB and Apache Arrow. Both are heavy (native module, ~100 ms to load), so nothing
 * imports them at module load: the first vector operation does, and later ones reuse the same promise.
 *
 * Both are loaded through `require`: LanceDB is CommonJS and requires Arrow's CommonJS build, while an `import` of
 * `apache-arrow` resolves to its separate ES-module build. Importing both loaded Arrow twice (~100 ms more before the
 * first semantic answer) and handed LanceDB schemas built from the other copy's classes.
 *
 * In an app's one-file bundle (tools/scripts/bundle-app.mjs) `require` is the bundle's own, and these direct calls are
 * bundled: Arrow's ~150 files and LanceDB's JavaScript then load from the bundle with its code cache (~30 ms) instead
 * of being resolved, read and compiled one by one (~120 ms). Run as ES modules, the library has no `require` and asks
 * Node's.
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
    if (typeof require === 'function') {
      return { lancedb: require('@lancedb/lancedb') as LanceModule, arrow: require('apache-arrow') as ArrowModule };
    }
    const nodeRequire = createRequire(import.meta.url);
    return { lancedb: nodeRequire('@lancedb/lancedb') as LanceModule, arrow: nodeRequire('apache-arrow') as ArrowModule };
  });
  return loading;
}
