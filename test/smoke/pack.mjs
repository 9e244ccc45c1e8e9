// Packs the package as npm would publish it. Shared by check-package.mjs, run.mjs and runtimes.mjs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (where package.json is). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A fresh scratch folder under the system's temporary folder. */
export function scratch(prefix) {
  return mkdtempSync(join(tmpdir(), `ftkam-${prefix}-`));
}

/**
 * Runs `npm pack` into `dir` and returns the tarball's absolute path and its file list.
 * Fails if `dist/` has not been built.
 */
export function pack(dir) {
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [info] = JSON.parse(out);
  const files = info.files.map((f) => f.path).sort();
  if (!files.includes('dist/index.js')) throw new Error('the tarball has no dist/index.js: run `npm run build` first');
  return { tarball: join(dir, info.filename), files, size: info.size, unpackedSize: info.unpackedSize };
}

/** Runs a command, printing it first; throws (with its exit code) if it fails. */
export function run(command, args, options = {}) {
  console.log(`$ ${command} ${args.join(' ')}`);
  execFileSync(command, args, { stdio: 'inherit', ...options });
}

/**
 * Packs the package into `dir` and installs the tarball, as a user would, into a fresh project
 * `dir/<folder>` (`consumer` unless told) whose package.json is `manifest`. Returns the project's folder.
 */
export function installPacked(dir, manifest, folder = 'consumer') {
  const { tarball } = pack(dir);
  const project = join(dir, folder);
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', tarball], { cwd: project });
  return project;
}
