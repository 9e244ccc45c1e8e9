/**
 * Invite links and seat links: a match's id and its invite code (or a seat's token) in the
 * fragment of a page's URL, which browsers never send to a server, so neither reaches a host's
 * or a proxy's logs nor a `Referer` header.
 * @module
 */

/**
 * The invite link of a match: `page` with `#match=<id>&invite=<code>`. Anybody who has it can
 * take an open seat: send it to the players only.
 *
 * @example
 * ```ts
 * const link = inviteLink('https://cards.example/play', match.id, invite);
 * // https://cards.example/play#match=q3J0k…&invite=Zx8…
 * ```
 */
export function inviteLink(page: string, matchId: string, invite: string): string {
  return `${page.split('#')[0]}#match=${encodeURIComponent(matchId)}&invite=${encodeURIComponent(invite)}`;
}

/**
 * A seat link: `page` with `#match=<id>&seat=<token>`, which hands a seat's (new) token to its
 * player (see `reissueSeat`). It is the seat itself: send it to that player only.
 *
 * @example
 * ```ts
 * const link = seatLink(location.href, matchId, token);
 * ```
 */
export function seatLink(page: string, matchId: string, token: string): string {
  return `${page.split('#')[0]}#match=${encodeURIComponent(matchId)}&seat=${encodeURIComponent(token)}`;
}

/** What an invite or seat link carries. */
export interface LinkParts {
  readonly match: string;
  /** The invite code, if the link is an invite. */
  readonly invite?: string;
  /** The seat token, if the link is a seat link. */
  readonly token?: string;
}

/**
 * Reads an invite link or a seat link (a whole URL, or its fragment); `null` when it names no match.
 *
 * @example
 * ```ts
 * const link = readInvite(location.href); // { match, invite } for an invite link
 * ```
 */
export function readInvite(url: string): LinkParts | null {
  const hash = url.includes('#') ? url.slice(url.indexOf('#') + 1) : url.includes('://') ? '' : url;
  const params = new URLSearchParams(hash);
  const match = params.get('match');
  if (match === null || match === '') return null;
  const invite = params.get('invite');
  const token = params.get('seat');
  return { match, ...(invite ? { invite } : {}), ...(token ? { token } : {}) };
}
