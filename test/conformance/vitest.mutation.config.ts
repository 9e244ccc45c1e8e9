/**
 * The vitest configuration Stryker uses (`stryker.config.json`, `npm run mutation`): the
 * project's configuration, minus the tests of code that is not mutated (UI text, package
 * purity, bots, command line, server, learning environment, the layer check), without per-file isolation (every test here is pure, and re-importing the
 * instrumented engine for each file dominated the run time), and with the quick, precise rule
 * and golden tests first, so that a mutant is usually killed (and the run stopped, Stryker uses
 * `bail`) before the long random-game properties start.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';
import base from '../../vitest.config.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Test files by path prefix, in the order they should run (quick and precise first, long random
 * games last); the longest matching prefix wins. Stryker's per-test coverage does not narrow the
 * tests with vitest 4.1 here (every survivor runs the whole suite), so this order is what keeps a
 * killed mutant's run short.
 */
const ORDER = [
  'test/rules/',
  'test/conformance/',
  'test/golden/',
  'test/saves/rejections',
  'test/seat/views-and-events',
  'test/seat/determinize-views',
  'test/saves/save-fields',
  'test/saves/save-consistency',
  'test/',
  'test/properties/limits',
  'test/properties/invariants',
  'test/properties/consistency',
  'test/rules/random-games',
  'test/seat/',
  'test/saves/round-trips',
  'test/seat/leak-scan',
];

/**
 * Test file prefixes to run before all others, for one run (`MUTATION_FIRST`, space-separated,
 * for example `MUTATION_FIRST=test/saves/save-consistency` when mutating `src/rules/reachable.ts`):
 * the tests that check the mutated file most closely. Only the order changes, never which tests
 * run, so a mutant's verdict is the same; a killed mutant is just found sooner.
 */
const FIRST = (process.env.MUTATION_FIRST ?? '').split(/\s+/).filter((x) => x !== '');

function rank(moduleId: string): number {
  const path = moduleId
    .slice(ROOT.length + 1)
    .split('\\')
    .join('/');
  const first = FIRST.findIndex((prefix) => path.startsWith(prefix));
  if (first >= 0) return first - FIRST.length;
  let best = ORDER.indexOf('test/');
  let length = 0;
  ORDER.forEach((prefix, i) => {
    if (path.startsWith(prefix) && prefix.length > length) {
      best = i;
      length = prefix.length;
    }
  });
  return best;
}

/** Runs test files in {@link ORDER}. */
class QuickFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => rank(a.moduleId) - rank(b.moduleId));
  }
}

export default mergeConfig(
  base,
  defineConfig({
    root: ROOT,
    test: {
      exclude: [
        'test/docs/**',
        'test/package/**',
        'test/bots/**',
        'test/cli/**',
        'test/server/**',
        'test/env/**',
        'test/architecture/**',
        'test/smoke/**',
        'test/bench/**',
      ],
      isolate: false,
      sequence: { sequencer: QuickFirst },
    },
  }),
);
