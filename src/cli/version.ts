/**
 * @internal The program's version (`for-the-king --version`).
 * @module
 */
import { createRequire } from 'node:module';

/**
 * @internal The version in the package's own package.json, read where the program runs from: the
 * package requires itself by name (its `exports` list `./package.json`), which Node resolves to
 * the package that holds this file, whether it runs from `dist/` in an install or from the sources.
 */
export function packageVersion(): string {
  const { version } = createRequire(import.meta.url)('for-the-king-and-me/package.json') as { version: string };
  return version;
}
