/**
 * Tools' names in the order `localeCompare` gives them, through one collator (`localeCompare` builds its own on every
 * comparison, which dominated sorting hundreds of tools). Built on first use, not when the module loads: the first
 * collator of a process costs ~6 ms (ICU loads its data), and most processes that load the scorer (a `cos` command,
 * the server's start) sort no tool before their first answer.
 */
let compare: ((a: string, b: string) => number) | undefined;

export function byName(a: string, b: string): number {
  compare ??= new Intl.Collator().compare;
  return compare(a, b);
}
