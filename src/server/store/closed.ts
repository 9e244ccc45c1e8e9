/**
 * @internal The error a store throws when it is used after `close()`. A host stopping on SIGTERM
 * closes its store while calls already under way (an action, a presence mark, a deadline) may
 * still reach it: `startServer` does not log those as faults once it is stopping, since nothing
 * acknowledged depends on them (an action is acknowledged only once stored).
 * @module
 */

/** @internal The message of a call to a closed store (every store uses it). */
export const STORE_CLOSED = 'the store is closed';

/** @internal A call to a store after its `close()`. */
export function storeClosed(): Error {
  return new Error(STORE_CLOSED);
}
