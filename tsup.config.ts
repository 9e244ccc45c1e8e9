import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { defineConfig, type Options } from 'tsup';

/** The package's entry points: ESM and CommonJS, with declarations. */
const library = {
  index: 'src/index.ts',
  bots: 'src/bots/index.ts',
  text: 'src/text/index.ts',
  sim: 'src/sim/index.ts',
  server: 'src/server/index.ts',
  client: 'src/client/index.ts',
  protocol: 'src/protocol/index.ts',
  env: 'src/env/index.ts',
  ui: 'src/ui/index.ts',
};

/**
 * The module that gives the CommonJS build its `import.meta.url`: the file URL of the running
 * `.cjs` file made with `pathToFileURL`, which escapes the path. (tsup's own shim,
 * `new URL('file:' + __filename)`, read a `#` in the install path as the start of a fragment and
 * `%41` as an `A`, so the worker scripts and the site's modules were looked for in another folder.)
 * It lives here, not in a file under `src/`, as it is part of the build, not of the library.
 */
const SHIM = 'ftk-cjs-import-meta-url';
const SHIM_SOURCE = `import { pathToFileURL } from 'node:url';
export const importMetaUrl = /* @__PURE__ */ (() => pathToFileURL(__filename).href)();
`;

/**
 * The CommonJS build's `import.meta.url`: `define` (in `esbuildOptions`) turns it into
 * `importMetaUrl`, and this plugin imports that from {@link SHIM} into each source file whose
 * code reads `import.meta.url` — only those (the bots' worker pool, the host's bot thread, the
 * site), so that the chunks every entry loads (the engine, the UI) neither carry it nor load
 * `node:url`.
 */
const cjsImportMetaUrl: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'cjs-import-meta-url',
  setup(build) {
    if (build.initialOptions.define?.['import.meta.url'] !== 'importMetaUrl') return; // not the CommonJS build
    build.onResolve({ filter: new RegExp(`^${SHIM}$`) }, () => ({ path: SHIM, namespace: SHIM }));
    build.onLoad({ filter: /.*/, namespace: SHIM }, () => ({ contents: SHIM_SOURCE, loader: 'js', resolveDir: process.cwd() }));
    build.onLoad({ filter: /[\\/]src[\\/].+\.ts$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      // Only where the code reads it, not in a comment or a string: esbuild's own `define` says.
      const probe = await build.esbuild.transform(text, { loader: 'ts', define: { 'import.meta.url': 'importMetaUrl' } });
      if (!probe.code.includes('importMetaUrl')) return undefined;
      return { contents: `import { importMetaUrl } from ${JSON.stringify(SHIM)};\n${text}`, loader: 'ts', resolveDir: dirname(path) };
    });
  },
};

/**
 * Takes from a stylesheet's text the whitespace CSS does not read: comments, line breaks and runs
 * of spaces (one space stays, as between a selector's parts), any space next to `{`, `}`, `;` or
 * `,`, the space after a declaration's `:` (a property's name right after `{` or `;`), and a
 * `;` right before `}`. Text in quotes is left as written, and so is the space at
 * either end (the text may be one piece of a template literal, next to a `${…}`).
 *
 * @example
 * ```ts
 * minifyCss('\n.a  .b {\n  color: red;\n}\n'); // ' .a .b{color:red} '
 * ```
 */
export function minifyCss(text: string): string {
  return text
    .split(/("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/)
    .map((part, i) => {
      if (i % 2 === 1) return part; // a quoted string
      const lead = /^\s/.test(part) ? ' ' : '';
      const tail = /\s$/.test(part) && part.trim() !== '' ? ' ' : '';
      const inner = part
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\s+/g, ' ')
        .replace(/ ?([{};,]) ?/g, '$1')
        .replace(/;}/g, '}')
        .replace(/([{;]-{0,2}[a-zA-Z][\w-]*): /g, '$1:')
        .trim();
      return `${lead}${inner}${inner === '' ? '' : tail}`;
    })
    .join('');
}

/** A `css`-tagged template literal in a source file: its text between the backticks (no backtick inside, no `${…}` with a brace or backtick of its own). */
const CSS_LITERAL = /\bcss`((?:[^`\\$]|\\[\s\S]|\$(?!\{)|\$\{[^{}`]*\})*)`/g;

/**
 * The stylesheets of the UI (`css`-tagged template literals, see `src/ui/css.ts`) without the
 * whitespace CSS does not read ({@link minifyCss}), and without the tag. Each piece of text
 * between two `${…}` is minified on its own, so that a value put in is never joined to its
 * neighbour. Fails the build on a tagged literal it cannot read, rather than ship it unminified.
 */
const minifiedStylesheets: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'minified-stylesheets',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]ui[\\/].+\.ts$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (!/\bcss`/.test(text)) return undefined;
      if (text.includes('import.meta.url'))
        throw new Error(`${path}: the stylesheet minifier does not give the CommonJS build its import.meta.url`);
      const out = text
        .replace(
          CSS_LITERAL,
          (_, body: string) =>
            `\`${body
              .split(/(\$\{[^{}`]*\})/)
              .map((piece, i) => (i % 2 === 1 ? piece : minifyCss(piece)))
              .join('')}\``,
        )
        .replace(/^import \{ css \} from '[./]+css\.js';\n/m, '');
      if (/\bcss`/.test(out)) throw new Error(`${path}: a css\`…\` literal the stylesheet minifier cannot read`);
      return { contents: out, loader: 'ts', resolveDir: dirname(path) };
    });
  },
};

/**
 * Builds the published package: ESM (`.js`) and CommonJS (`.cjs`) with declarations
 * (`.d.ts`, `.d.cts`). One key per entry point; its name is the file name under `dist/`.
 * `bots` is the `for-the-king-and-me/bots` subpath, `text` the `for-the-king-and-me/text` one, `sim` the `for-the-king-and-me/sim` one (the in-place simulator), `env` the `for-the-king-and-me/env` one (the learning environment), `server` and `client` the match host and its client (`ws` and `pg` stay external: optional peer dependencies), `protocol` the wire protocol they share.
 *
 * Three more entries are ES modules only, without declarations (nothing imports them): `cli` the
 * `for-the-king` program (its shebang comes from `src/cli/main.ts`), `simulate-worker` the script
 * `simulate` starts on worker threads, `server-bot-worker` the thread on which the match host's
 * searching bots think (the CommonJS build starts these `.js` workers too).
 *
 * The CommonJS build's `import.meta.url` (where the workers and the site's modules are found) is
 * {@link SHIM_SOURCE}, a file URL made with `pathToFileURL` ({@link cjsImportMetaUrl}): tsup's
 * own `shims` took a `#` or a `%` in the install path for URL syntax.
 */
export default defineConfig({
  entry: {
    ...library,
    cli: 'src/cli/main.ts',
    'simulate-worker': 'src/bots/worker.ts',
    'server-bot-worker': 'src/server/host/bot-worker.ts',
  },
  esbuildOptions(options, { format }) {
    if (format !== 'cjs') return;
    options.entryPoints = library;
    options.define = { ...options.define, 'import.meta.url': 'importMetaUrl' };
  },
  esbuildPlugins: [minifiedStylesheets, cjsImportMetaUrl],
  format: ['esm', 'cjs'],
  dts: { entry: library },
  clean: true,
  target: ['node20', 'es2022'],
  sourcemap: false,
  minify: false,
  splitting: true,
  treeshake: true,
  outDir: 'dist',
});
