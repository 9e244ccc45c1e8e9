// `npm run check:package`: lints the packed tarball the way a user's tools will see it.
// publint --strict (package.json fields and files) and attw (types for every resolution mode)
// must both be clean, and the tarball must hold only the built files, the Python wrapper and the docs (the guides and the lab notebooks). Every relative
// link in the packed Markdown (README and the guides) must reach a packed file, so that the docs
// work in node_modules and on package CDNs; links into src/ and test/ (the rule tables' "tested
// by" and the architecture page) and the guides' screenshots (docs/images/, about 3 MB of PNG kept
// out of the tarball) are repository-only and counted.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { pack, ROOT, run, scratch } from './pack.mjs';

const dir = scratch('check');
try {
  const { tarball, files, size, unpackedSize } = pack(dir);
  console.log(`packed ${files.length} files, ${(size / 1024).toFixed(1)} kB (${(unpackedSize / 1024).toFixed(1)} kB unpacked):`);
  for (const f of files) console.log(`  ${f}`);
  const allowed =
    /^(dist\/.+\.(js|cjs|d\.ts|d\.cts|map)|docs\/(lab\/)?[\w-]+\.md|docs\/[\w-]+\.svg|docs\/examples\/[\w.-]+|python\/for_the_king_\w+\.py|package\.json|README\.md|CONTRIBUTING\.md|LICENSE|CHANGELOG\.md)$/;
  const stray = files.filter((f) => !allowed.test(f));
  if (stray.length > 0) throw new Error(`unexpected files in the tarball: ${stray.join(', ')}`);
  // The program and the worker scripts are ES modules only (the CommonJS build starts the `.js`
  // workers): no CommonJS copy of them, and no declarations (nothing imports them).
  const unused = files.filter((f) => /^dist\/(cli|simulate-worker|server-bot-worker)\.(cjs|d\.c?ts)$/.test(f));
  if (unused.length > 0) throw new Error(`files in the tarball that nothing uses: ${unused.join(', ')}`);
  for (const guide of ['README.md', 'docs/README.md', 'docs/getting-started.md', 'docs/building-a-ui.md', 'docs/save-load-replay.md']) {
    if (!files.includes(guide)) throw new Error(`the tarball lacks ${guide}`);
  }
  const dead = [];
  let repositoryOnly = 0;
  for (const file of files.filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1] ?? '';
      if (/^(https?:|mailto:|#)/.test(target)) continue;
      const path = normalize(join(dirname(file), target.split('#')[0] ?? '')).replaceAll('\\', '/');
      if (/^(src|test|docs\/images)\//.test(path)) repositoryOnly++;
      else if (!files.includes(path)) dead.push(`${file} → ${target}`);
    }
  }
  if (dead.length > 0) throw new Error(`links in the packed docs that reach no packed file:\n  ${dead.join('\n  ')}`);
  console.log(
    `docs: every relative link of the packed Markdown reaches a packed file (${repositoryOnly} links into src/, test/ and docs/images/ are repository-only)`,
  );
  publishDryRun(files);
  run('npx', ['--no-install', 'publint', '--strict', tarball], { cwd: ROOT });
  run('npx', ['--no-install', 'attw', tarball], { cwd: ROOT });
  console.log('check:package: publint and attw are clean');
} catch (error) {
  console.error(`check:package failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * `npm publish --dry-run` (scripts skipped: CI has just built and tested): what npm would upload
 * must be the file list checked above, and npm must not have to correct the manifest (it rewrites
 * a `bin` path it dislikes, for example, and says so on stderr).
 */
function publishDryRun(packed) {
  console.log('$ npm publish --dry-run --json --ignore-scripts');
  const out = spawnSync('npm', ['publish', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`npm publish --dry-run failed:\n${out.stderr}`);
  const corrected = out.stderr
    .split('\n')
    .filter((line) => /auto-corrected|errors corrected|was invalid|was renamed|removed invalid/.test(line));
  if (corrected.length > 0) throw new Error(`npm would correct package.json on publish:\n  ${corrected.join('\n  ')}`);
  const report = JSON.parse(out.stdout);
  const info = report['for-the-king-and-me'] ?? report;
  const published = info.files.map((f) => f.path).sort();
  if (published.join('\n') !== packed.join('\n')) throw new Error('npm publish --dry-run would upload other files than npm pack packs');
  console.log(`npm publish --dry-run: ${info.id}, ${published.length} files, the same as the tarball; no manifest corrections`);
}
