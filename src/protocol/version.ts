/**
 * The protocol's version: what a client says in `hello.v`, and what the host speaks.
 * @module
 */

/**
 * The protocol version this host speaks (`hello.v`). Version 2 added what games between friends
 * need: a `welcome` before a fair deal is made (`view: null`), seats, clock, chat and rematch.
 */
export const PROTOCOL_VERSION = 2;

/** Every version a host of this library still answers: a version 1 client keeps working (it is welcomed once the deal is made, and ignores the fields it does not know). */
export const SUPPORTED_VERSIONS: readonly number[] = [1, 2];
