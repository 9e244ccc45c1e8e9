/**
 * @internal How the embedded store's error begins once its journal failed a write: from then on it
 * refuses every call until the process restarts, and readiness says so in these words.
 * @module
 */

/** @internal The start of every call's error after the journal failed a write. */
export const JOURNAL_FAILED = "the store's journal failed a write";
