/**
 * What a line of text from a player (a display name, a chat line) may not hold, whatever the
 * UI that shows it: control characters (a line break would forge another line), lone UTF-16
 * surrogates (not Unicode: a PostgreSQL store refuses them, so the memory and file stores must
 * too), and the bidirectional embedding, override and isolate controls (U+202A–U+202E,
 * U+2066–U+2069), with which "evil‮gnp.exe" reads as something else ("Trojan Source").
 * Right-to-left scripts need none of these: their direction comes from the letters themselves.
 * @module
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** With the `u` flag a surrogate pair is one code point, so this matches only a lone half. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
/**
 * A character that shows by itself: not a space, not one a font draws as nothing (zero-width
 * spaces and joiners, fillers, the blank Braille pattern, …), and not a combining mark (which
 * shows only on a letter before it).
 */
const VISIBLE = /[^\s\p{Default_Ignorable_Code_Point}\p{M}\u2800]/u;

/** Whether `text` has at least one character that shows (not only spaces, zero-width characters, joiners or fillers). */
export function hasVisible(text: string): boolean {
  return VISIBLE.test(text);
}

/** What `text` holds that a player's text may not, in words (`'control characters'`, …), or `null`. */
export function textProblem(text: string): string | null {
  if (CONTROL.test(text)) return 'control characters';
  if (LONE_SURROGATE.test(text)) return 'half of a surrogate pair (not well-formed Unicode)';
  if (BIDI.test(text)) return 'bidirectional control characters';
  return null;
}

/** How many characters `text` has, counted as Unicode code points (an emoji is one, not two UTF-16 code units). */
export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
