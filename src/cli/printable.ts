/**
 * @internal Text read from a file (a save's seed, a bot id in a record), made safe to print on a
 * terminal: a hostile file could otherwise clear the screen, retitle the window or ring the bell.
 * @module
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * @internal `text` with its C0 and C1 control characters, DEL, the line and paragraph separators
 * and the bidirectional controls written as `\u001b`-style escapes; everything else as it is.
 */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
