// `npm run demo:build`: copies the built ES modules (`dist/**/*.js`, chunks included) into
// `docs/demo/lib/`, which the demo page imports (`./lib/index.js` and `./lib/bots.js`, the
// `for-the-king-and-me/bots` entry). Run `npm run build` first.
// `docs/demo/lib/` is generated: it is gitignored and rebuilt from scratch every time.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const lib = join(root, 'docs', 'demo', 'lib');

if (!existsSync(join(dist, 'index.js'))) {
  console.error('dist/index.js is missing: run `npm run build` first');
  process.exit(1);
}
const botsEntry = ['bots.js', join('bots', 'index.js')].find((f) => existsSync(join(dist, f)));
if (botsEntry === undefined) {
  console.error('dist/bots/index.js is missing: the bots entry (src/bots/index.ts) must be built by tsup');
  process.exit(1);
}
rmSync(lib, { recursive: true, force: true });
let copied = 0;
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
  const from = join(entry.parentPath, entry.name);
  const to = join(lib, relative(dist, from));
  mkdirSync(dirname(to), { recursive: true });
  cpSync(from, to);
  copied++;
}
if (botsEntry !== 'bots.js') writeFileSync(join(lib, 'bots.js'), `export * from './${botsEntry.replaceAll('\\', '/')}';\n`);
console.log(`demo: copied ${copied} ES module file(s) from dist/ to ${relative(root, lib)}/`);
