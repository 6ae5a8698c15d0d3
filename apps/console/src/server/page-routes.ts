/**
 * Page paths as patterns ('/memory/people/:name'), matched against an address the way the router does: the console
 * renders a failed form's page again from the address the form came from, without a second request.
 */

export interface PagePathPattern {
  readonly regex: RegExp;
  readonly names: readonly string[];
}

export function pagePathPattern(path: string): PagePathPattern {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { regex: new RegExp(`^${source}$`), names };
}

/** The path's parameters (decoded) when `pathname` is one of the pattern's pages; undefined otherwise. */
export function matchPagePath(pattern: PagePathPattern, pathname: string): Record<string, string> | undefined {
  const match = pattern.regex.exec(pathname);
  if (!match) return undefined;
  const params: Record<string, string> = {};
  try {
    pattern.names.forEach((name, index) => {
      params[name] = decodeURIComponent(match[index + 1] ?? '');
    });
  } catch {
    return undefined;
  }
  return params;
}
