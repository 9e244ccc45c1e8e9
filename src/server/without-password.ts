/**
 * Connection URLs and error texts fit to print: logs travel further than the host, and a
 * PostgreSQL connection URL may carry a password.
 * @module
 */

/**
 * @internal A connection URL fit to print: each password in it replaced by `***`, the one in its
 * user part and any query parameter named like one (`?password=…`, which `pg` reads too).
 */
export function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    for (const key of [...u.searchParams.keys()]) if (/password/i.test(key)) u.searchParams.set(key, '***');
    return u.toString().replaceAll('%2A%2A%2A', '***');
  } catch {
    return 'postgres://…';
  }
}

/**
 * A connection URL's password in a text: the scheme (any case) and the user, then everything up
 * to the first `@` that a host follows (so a password holding quotes, spaces or an `@` is hidden
 * whole; a URL that a `pg` error quotes is percent-encoded anyway).
 */
const URL_PASSWORD = /(postgres(?:ql)?:\/\/[^\s:/@'"`]*:)[^\n]*?@(?=[\w.-]+(?::\d+)?(?:[/?\s'"`,;)]|$)|\[[\d:a-f.]+\])/gi;

/** A key-value password (`password=…`, libpq's form or a URL's query), quoted (with escapes) or not. */
const KEY_PASSWORD = /(password\s*=\s*)(?!\*\*\*)('(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|[^\s&'"]+)/gi;

/**
 * @internal A text fit to print (an error's, say): the password of every PostgreSQL connection URL
 * in it, and any other `password=…` (a libpq key-value connection string's, a URL's query), shown
 * as `***`.
 */
export function passwordsHidden(text: string): string {
  return text.replace(URL_PASSWORD, '$1***@').replace(KEY_PASSWORD, '$1***');
}

/**
 * @internal What prints a line for an operator who gave `url`: {@link passwordsHidden}, and their
 * own password (as given and percent-decoded, 4 characters or more: a shorter one cannot be told
 * from ordinary words) wherever it is in the line.
 */
export function hidesPasswordOf(url: string): (text: string) => string {
  const secrets = new Set<string>();
  try {
    const u = new URL(url);
    const given = [u.password, ...[...u.searchParams].filter(([k]) => /password/i.test(k)).map(([, v]) => encodeURIComponent(v))];
    for (const p of given) {
      secrets.add(p);
      try {
        secrets.add(decodeURIComponent(p));
      } catch {
        // Not percent-encoded as it should be: hidden as given.
      }
    }
  } catch {
    // Not a URL: the patterns alone.
  }
  const long = [...secrets].filter((p) => p.length >= 4).sort((a, b) => b.length - a.length);
  return (text) => passwordsHidden(long.reduce((t, p) => t.replaceAll(p, '***'), text));
}
