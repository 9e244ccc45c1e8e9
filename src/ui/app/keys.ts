/**
 * What `<ftk-app>` keeps in `localStorage` for each match: the seat's token (`ftk-token:ID`), the
 * creator token (`ftk-creator:ID`) and the invite code (`ftk-invite:ID`), and the list of those
 * matches (`ftk-matches`, a JSON array of ids, the most recent last). Only the keys of the
 * {@link KEPT_MATCHES} most recent matches are kept (the list is brought up to date whenever a
 * key is kept); a match kept before that list existed is not in it (its keys stay, and it joins
 * the list when one of them is kept again). A match the host does not know is forgotten: its keys,
 * and its id in the list. Storage that fails (turned off, full) or a list edited by hand is no
 * error: a key then lasts as long as the page, or the list starts again.
 * @module
 */

/** How many matches' keys are kept: those of the most recent ones (an older match's are removed). */
export const KEPT_MATCHES = 50;

/** What a match's key holds: the seat's token, the creator token or the invite code. */
export type KeyKind = 'token' | 'creator' | 'invite';

/** Where the keys are kept: `localStorage`, or anything with its three methods. */
export type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const INDEX = 'ftk-matches';

/** Runs `f` on `s`, by default the page's `localStorage`; `null` where storage fails (turned off, full, none). */
function use<T>(f: (s: KeyStore) => T, s?: KeyStore): T | null {
  try {
    return f(s ?? localStorage);
  } catch {
    return null;
  }
}

/** The key of `match`'s `kind`: `ftk-token:ID`, `ftk-creator:ID` or `ftk-invite:ID`. */
const key = (kind: KeyKind, match: string): string => `ftk-${kind}:${match}`;

/** Removes a match's three keys. */
const drop = (s: KeyStore, match: string): void => {
  for (const kind of ['token', 'creator', 'invite'] as const) s.removeItem(key(kind, match));
};

/** The matches listed, less `match` (a list that is missing or is not one: none). */
function listed(s: KeyStore, match: string): string[] {
  let list: unknown;
  try {
    list = JSON.parse(s.getItem(INDEX) ?? '');
  } catch {
    // No list, or not JSON: it starts again.
  }
  return Array.isArray(list) ? list.filter((m) => typeof m === 'string' && m !== match) : [];
}

/** The value kept for `match`'s `kind`; `null` if there is none (or storage fails). */
export const stored = (kind: KeyKind, match: string, s?: KeyStore): string | null => use((s) => s.getItem(key(kind, match)), s);

/** Keeps `value` as `match`'s `kind`, and `match` as the most recent match (see {@link remember}). */
export function store(kind: KeyKind, match: string, value: string, s?: KeyStore): void {
  // First the oldest matches' keys go: room for this one.
  remember(match, s);
  use((s) => s.setItem(key(kind, match), value), s);
}

/**
 * Lists `match` as the most recent match, and removes the keys of the oldest listed past `most`
 * (1 or more: `match`'s own stay). A list that is missing or is not one is started again.
 */
export function remember(match: string, s?: KeyStore, most = KEPT_MATCHES): void {
  use((s) => {
    const kept = listed(s, match);
    kept.push(match);
    for (const old of kept.splice(0, kept.length - most)) drop(s, old);
    s.setItem(INDEX, JSON.stringify(kept));
  }, s);
}

/** Forgets `match` (the host does not know it): removes its keys, and its id from the list. */
export const forget = (match: string, s?: KeyStore): void =>
  void use((s) => {
    drop(s, match);
    s.setItem(INDEX, JSON.stringify(listed(s, match)));
  }, s);
