/**
 * The protocol's version: what a client says in `hello.v`, and what the host speaks.
 * @module
 */

/** The protocol version this host speaks (`hello.v`). */
export const PROTOCOL_VERSION = 1;
