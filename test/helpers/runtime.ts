/**
 * Which JavaScript runtime runs this process, and where the project's Bun is: for the tests and
 * benchmarks that run the host under Node and under Bun.
 */
import { join } from 'node:path';

const bun = (globalThis as { Bun?: { readonly version: string } }).Bun;

/**
 * The runtime of this process: Bun, or Node. (Bun reports a Node version of its own in
 * `process.version`, so the version is Bun's own when Bun runs.)
 */
export const RUNTIME: { readonly name: 'Node' | 'Bun'; readonly version: string } =
  bun === undefined ? { name: 'Node', version: process.version } : { name: 'Bun', version: bun.version };

/** The Bun of the project's devDependencies (the npm package `bun`: `npm ci` installs its binary). */
export const BUN = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'bun');
