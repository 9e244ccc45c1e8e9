/**
 * Seat tokens and match ids: random bits from WebCrypto, and the SHA-256 hash that is all a
 * store ever keeps of a token.
 * @module
 */

/** Bytes of randomness in a seat or creator token (256 bits). */
export const TOKEN_BYTES = 32;

/** Bytes of randomness in a match id (128 bits). */
export const MATCH_ID_BYTES = 16;

/** Bytes of randomness in an invite code (128 bits). */
export const INVITE_BYTES = 16;

function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

/** A fresh token: {@link TOKEN_BYTES} random bytes, base64url (43 characters). */
export function newToken(): string {
  return base64url(randomBytes(TOKEN_BYTES));
}

/** A fresh, URL-safe match id: {@link MATCH_ID_BYTES} random bytes, base64url (22 characters). */
export function newMatchId(): string {
  return base64url(randomBytes(MATCH_ID_BYTES));
}

/** A fresh invite code: {@link INVITE_BYTES} random bytes, base64url (22 characters); the store keeps only its SHA-256. */
export function newInviteCode(): string {
  return base64url(randomBytes(INVITE_BYTES));
}

/** Whether `x` looks like a token or a match id: base64url text of a sane length. */
export function isTokenText(x: unknown): x is string {
  return typeof x === 'string' && x.length >= 16 && x.length <= 128 && /^[A-Za-z0-9_-]+$/.test(x);
}

/** SHA-256 of a token, as 64 lowercase hex digits: what the store keeps instead of the token. */
export async function hashToken(token: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  let hex = '';
  for (const b of new Uint8Array(digest)) hex += b.toString(16).padStart(2, '0');
  return hex;
}
