/**
 * The protocol's versions: what a client says in `hello.v`, and what the host speaks.
 * @module
 */

/**
 * The newest protocol version (`hello.v`). Version 2 sends each update after the welcome as a
 * `patch` of the previous view (with the new view's digest) instead of the whole view; version 1
 * sends the whole view every time. A host speaks every version in {@link PROTOCOL_VERSIONS}, and
 * each connection the version its `hello` asked for.
 */
export const PROTOCOL_VERSION = 2;

/** Every version a host speaks, oldest first. */
export const PROTOCOL_VERSIONS: readonly number[] = Object.freeze([1, 2]);
