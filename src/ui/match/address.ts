/**
 * Where a host is: its base URL (an attribute, else this page's origin) and its WebSocket URL.
 * @module
 */

/** The base URL of a host (no trailing slash): the attribute, else this page's origin. */
export function hostBase(attribute: string | null): string {
  const base = attribute ?? (typeof location === 'undefined' ? '' : location.origin);
  return base.replace(/\/+$/, '');
}

/** The WebSocket URL of a host's base URL. */
export function socketUrl(base: string): string {
  return `${base.replace(/^http/, 'ws')}/ws`;
}
