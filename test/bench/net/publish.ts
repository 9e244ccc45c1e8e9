/**
 * The last step of `npm run train:net` (`train.ts`): the reference outputs of the networks for the
 * inference test, the weights module and the training curve, made in a staging folder first and
 * put in place only once all three are made and formatted. The inference test checks the shipped
 * weights against the fixture, so a step that fails (an exporter's error, a kill) must leave both
 * as they were: a fixture of new networks beside the old weights would fail it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Where the three files go. */
export interface NetFiles {
  /** The reference outputs (`test/bots/fixtures/net-reference.json`). */
  readonly fixture: string;
  /** The weights module (`src/bots/net/weights.ts`). */
  readonly module: string;
  /** The training curve (`docs/net-training.svg`). */
  readonly svg: string;
}

/** The repository's own files. */
export const REPOSITORY_NET_FILES: NetFiles = {
  fixture: join(ROOT, 'test/bots/fixtures/net-reference.json'),
  module: join(ROOT, 'src/bots/net/weights.ts'),
  svg: join(ROOT, 'docs/net-training.svg'),
};

/** Runs a command to its end: resolves when it exits with 0, rejects otherwise. */
export type Runner = (command: string, args: readonly string[]) => Promise<unknown>;

/** What {@link publishNets} writes from what. */
export interface PublishOptions {
  /** The networks file (`nets.json`). */
  readonly nets: string;
  /** The training seed, named in the weights module and the curve. */
  readonly seed: string;
  /** A folder for the files before they are put in place (made if missing). */
  readonly staging: string;
  /** Where the files go. */
  readonly targets: NetFiles;
}

/** `text` as Biome formats the file `path` (the repository keeps them formatted, so a run writes exactly them). */
function formatted(path: string, text: string): string {
  const inside = relative(ROOT, path);
  const name = inside.startsWith('..') || isAbsolute(inside) ? basename(path) : inside; // Biome takes only paths in the repository
  const biome = spawnSync(process.execPath, [join(ROOT, 'node_modules/@biomejs/biome/bin/biome'), 'format', `--stdin-file-path=${name}`], {
    cwd: ROOT,
    input: text,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (biome.status !== 0) throw new Error(`biome format ${path} exited with ${String(biome.status)}: ${biome.stderr}`);
  return biome.stdout;
}

/**
 * Writes the reference outputs, the weights module and the training curve of the networks in
 * `nets` to `targets`: all three, or, when any step fails, none (the error goes on).
 */
export async function publishNets(run: Runner, { nets, seed, staging, targets }: PublishOptions): Promise<void> {
  mkdirSync(staging, { recursive: true });
  const staged: NetFiles = {
    fixture: join(staging, basename(targets.fixture)),
    module: join(staging, basename(targets.module)),
    svg: join(staging, basename(targets.svg)),
  };
  await run('/usr/bin/python3', [join(ROOT, 'python/train/net_train.py'), 'reference', '--out', nets, '--fixture', staged.fixture]);
  await run('/usr/bin/python3', [
    join(ROOT, 'python/train/net_export.py'),
    '--nets',
    nets,
    '--seed',
    seed,
    '--module',
    staged.module,
    '--svg',
    staged.svg,
  ]);
  for (const key of ['fixture', 'module'] as const) writeFileSync(staged[key], formatted(targets[key], readFileSync(staged[key], 'utf8')));
  // Copied beside their targets, then renamed over them: the renames cannot fail half-way as a copy can.
  const keys = ['fixture', 'module', 'svg'] as const;
  try {
    for (const key of keys) copyFileSync(staged[key], `${targets[key]}.new`);
    for (const key of keys) renameSync(`${targets[key]}.new`, targets[key]);
  } finally {
    for (const key of keys) rmSync(`${targets[key]}.new`, { force: true });
  }
}
