/**
 * `css`: marks a template literal as a stylesheet. At run time it is the literal as written; the
 * build (`tsup.config.ts`) takes the tag away with the whitespace CSS does not read, so the
 * published stylesheets are smaller than the sources, which stay laid out for people.
 * @module
 */

/**
 * The stylesheet as written (the tag only marks the literal for the build).
 *
 * @example
 * ```ts
 * const LOOK = css`
 *   .card { width: 4rem; }
 * `;
 * ```
 */
export function css(strings: TemplateStringsArray, ...values: readonly (string | number)[]): string {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += `${values[i]}${strings[i + 1] ?? ''}`;
  return out;
}
