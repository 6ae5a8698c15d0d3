/**
 * Names a part of the server a run executes to the entry (tools/scripts/app-loader.cjs), which keeps the V8 code cache:
 * the cache records the parts whose code it holds and is written again, once, when a part runs that it does not
 * (ADR 0024). The one part is the libraries: a first server after an install that only listed its tools would
 * otherwise leave every later start compiling them again.
 */
export function announcePartRun(part: 'libraries'): void {
  const partRun = (globalThis as Record<symbol, unknown>)[Symbol.for('chief-of-staff.app-loader.part-run')];
  if (typeof partRun === 'function') partRun(part);
}
