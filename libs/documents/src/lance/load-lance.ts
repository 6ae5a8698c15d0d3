/**
 * Lazy loading of LanceDB and Apache Arrow. Both are heavy (native module, ~100 ms to load), so nothing
 * imports them at module load: the first vector operation does, and later ones reuse the same promise.
 */
export type LanceModule = typeof import('@lancedb/lancedb');
export type ArrowModule = typeof import('apache-arrow');

export interface LanceModules {
  lancedb: LanceModule;
  arrow: ArrowModule;
}

let loading: Promise<LanceModules> | undefined;

export function loadLance(): Promise<LanceModules> {
  loading ??= Promise.all([import('@lancedb/lancedb'), import('apache-arrow')]).then(([lancedb, arrow]) => ({
    lancedb,
    arrow,
  }));
  return loading;
}
