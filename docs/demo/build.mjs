// `npm run demo:build`: copies the built ES modules the demo page needs into `docs/demo/lib/`:
// `index.js` (the library), `bots.js`, `text.js`, `client.js` and `ui.js` (the `/bots`, `/text`, `/client` and `/ui` entries) and every chunk they
// import, statically or dynamically. Run `npm run build` first. `docs/demo/lib/` is generated:
// it is gitignored and rebuilt from scratch every time.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist');
const lib = join(root, 'docs', 'demo', 'lib');

const botsEntry = ['bots.js', join('bots', 'index.js')].find((f) => existsSync(join(dist, f)));
if (!existsSync(join(dist, 'index.js')) || botsEntry === undefined) {
  console.error('dist/index.js or dist/bots.js is missing: run `npm run build` first');
  process.exit(1);
}

/** The relative modules a built file imports: `from './x.js'` and `import('./x.js')`. */
function importsOf(file) {
  const code = readFileSync(join(dist, file), 'utf8');
  return [...code.matchAll(/(?:from\s*|import\s*\(\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => normalize(join(dirname(file), m[1])));
}

rmSync(lib, { recursive: true, force: true });
const todo = ['index.js', 'text.js', botsEntry, ...['client.js', 'ui.js'].filter((f) => existsSync(join(dist, f)))];
const copied = new Set();
while (todo.length > 0) {
  const file = todo.pop();
  if (copied.has(file)) continue;
  copied.add(file);
  mkdirSync(dirname(join(lib, file)), { recursive: true });
  cpSync(join(dist, file), join(lib, file));
  todo.push(...importsOf(file));
}
if (botsEntry !== 'bots.js') writeFileSync(join(lib, 'bots.js'), `export * from './${botsEntry.replaceAll('\\', '/')}';\n`);
console.log(`demo: copied ${[...copied].sort().join(', ')} from dist/ to ${relative(root, lib)}/`);
