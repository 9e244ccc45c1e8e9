/**
 * The protocol's versions: what a client says in `hello.v`, and what the host speaks.
 * @module
 */

/**
 * The newest protocol version (`hello.v`). Version 3 is version 2 with every view's `legal` as
 * action ids (`CompactView`: `actionId(action, players)` for each legal action), in the welcome,
 * `synced`, `started`, `update` and the views `patch` messages patch. Version 2 sends each update
 * after the welcome as a `patch` of the previous view (with the new view's digest) instead of the
 * whole view, and adds what games between friends need: a `welcome` before a fair deal is made
 * (`view: null`, then `started`), who made each action and the turn's clock, seats, clock, chat
 * and rematch news. Version 1 sends the whole view every time, and none of the rest (a fair
 * match's `welcome` only once the deal is made). A host speaks every version in
 * {@link PROTOCOL_VERSIONS}, and each connection the version its `hello` asked for.
 */
export const PROTOCOL_VERSION = 3;

/** Every version a host speaks, oldest first. */
export const PROTOCOL_VERSIONS: readonly number[] = Object.freeze([1, 2, 3]);
