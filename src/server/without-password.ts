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
 * @internal A text fit to print (an error's, say): every PostgreSQL connection URL in it as
 * {@link withoutPassword} prints it, and any other `password=…` (a libpq key-value connection
 * string's) as `password=***`.
 */
export function passwordsHidden(text: string): string {
  return text
    .replace(/postgres(?:ql)?:\/\/[^\s'"`<>]+/g, (url) => withoutPassword(url))
    .replace(/(password\s*=\s*)(?!\*\*\*)('[^']*'|[^\s&'"]+)/gi, '$1***');
}
