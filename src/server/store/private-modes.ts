/**
 * The modes the embedded store makes its files and folders with (before the umask): its journal
 * holds every live match's seed and fair-deal secret, which tell every hidden card, and a kept
 * record a finished match's seed and the seats' token hashes, so other local accounts may not
 * read them. A folder that already exists keeps its mode.
 * @module
 */

/** A file only the host's account may read and write. */
export const PRIVATE_FILE = 0o600;

/** A folder only the host's account may enter. */
export const PRIVATE_FOLDER = 0o700;
