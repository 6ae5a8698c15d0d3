/** PostgreSQL connection URLs as shown to people: never with the password. */

/** `postgres://user:secret@host/db` → `postgres://user:***@host/db`; text that is not a URL is returned as it is. */
export function redactConnectionUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
  }
}
