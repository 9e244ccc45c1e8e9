// `npm run check:package`: lints the packed tarball the way a user's tools will see it.
// publint --strict (package.json fields and files) and attw (types for every resolution mode)
// must both be clean, and the tarball must hold only the built files, the Python wrapper and the docs.
import { rmSync } from 'node:fs';
import { pack, ROOT, run, scratch } from './pack.mjs';

const dir = scratch('check');
try {
  const { tarball, files, size, unpackedSize } = pack(dir);
  console.log(`packed ${files.length} files, ${(size / 1024).toFixed(1)} kB (${(unpackedSize / 1024).toFixed(1)} kB unpacked):`);
  for (const f of files) console.log(`  ${f}`);
  const allowed = /^(dist\/.+\.(js|cjs|d\.ts|d\.cts|map)|python\/for_the_king_env\.py|package\.json|README\.md|LICENSE|CHANGELOG\.md)$/;
  const stray = files.filter((f) => !allowed.test(f));
  if (stray.length > 0) throw new Error(`unexpected files in the tarball: ${stray.join(', ')}`);
  run('npx', ['--no-install', 'publint', '--strict', tarball], { cwd: ROOT });
  run('npx', ['--no-install', 'attw', tarball], { cwd: ROOT });
  console.log('check:package: publint and attw are clean');
} catch (error) {
  console.error(`check:package failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
