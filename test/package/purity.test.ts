import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(SRC, path).split(sep).join('/')] : [];
  });
}

/** Source text without comments, so that prose about `Date` or `node:fs` does not count. */
function code(file: string): string {
  return readFileSync(join(SRC, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function importedModules(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    // After a space or a brace, as `} from '…'` is: not the word "from" inside a string ('from').
    /(?:^|[\s}])from\s*['"]([^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"]+)['"]/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const files = sourceFiles(SRC);
/**
 * The CLI, the match host (`server/`: files, sockets, `ws`, `pg`) and the worker-thread side of
 * simulation may use Node; nothing else in `src/` may (the browser client and the protocol included).
 */
const browserSafe = files.filter((f) => !f.startsWith('cli/') && !f.startsWith('server/') && !/worker/i.test(f));
/**
 * Chance comes only from the seeded generator; only the CLI, a bot's time budget and the edges
 * that talk to the world (the match host's clock and tokens, the client's reconnect backoff) read
 * clocks or draw at random; so does the UI (a turn's countdown, a seed for a local game).
 */
const deterministic = files.filter(
  (f) => !f.startsWith('cli/') && !f.startsWith('bots/') && !f.startsWith('server/') && !f.startsWith('client/') && !f.startsWith('ui/'),
);

describe('package: the engine core is portable and deterministic', () => {
  it('scans the engine sources (the file list is not empty)', () => {
    expect(files).toContain('index.ts');
    expect(deterministic.length).toBeGreaterThan(5);
  });

  it('the engine core imports no Node built-ins, so it runs unchanged in browsers', () => {
    const offenders = browserSafe.flatMap((f) =>
      importedModules(code(f))
        .filter((m) => NODE_BUILTINS.has(m) || m.startsWith('node:'))
        .map((m) => `${f}: ${m}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the engine core has no runtime dependencies: only relative imports', () => {
    const offenders = browserSafe.flatMap((f) =>
      importedModules(code(f))
        .filter((m) => !m.startsWith('./') && !m.startsWith('../') && !NODE_BUILTINS.has(m))
        .map((m) => `${f}: ${m}`),
    );
    expect(offenders).toEqual([]);
  });

  it('S5: the engine never reads Math.random, Date, performance or process (all chance is seeded)', () => {
    const forbidden = /\bMath\s*\.\s*random\b|\bDate\b|\bperformance\b|\bprocess\s*\./;
    const offenders = deterministic.filter((f) => forbidden.test(code(f)));
    expect(offenders).toEqual([]);
  });
});

describe('package: pg is an optional peer, loaded only by the PostgreSQL store', () => {
  const PG = 'server/store/postgres.ts';
  /** The PostgreSQL store: `postgres.ts` (which opens it) and its parts in `postgres/`. */
  const pgStore = files.filter((f) => f === PG || f.startsWith('server/store/postgres/'));

  it('no source file but the PostgreSQL store names pg', () => {
    expect(files).toContain(PG);
    const offenders = files.filter((f) => !pgStore.includes(f) && importedModules(code(f)).some((m) => m === 'pg' || m.startsWith('pg/')));
    expect(offenders).toEqual([]);
  });

  it('the PostgreSQL store loads pg only when a store is created (type imports, and one dynamic import where it is opened)', () => {
    const staticImports = pgStore.flatMap((f) => [...code(f).matchAll(/^\s*import\s+(type\s+)?[^'"]*?from\s*['"]pg['"]/gm)]);
    expect(staticImports.length).toBeGreaterThan(0);
    expect(staticImports.filter((m) => m[1] === undefined)).toEqual([]);
    const dynamic = (f: string): number => [...code(f).matchAll(/\bimport\s*\(\s*['"]pg['"]\s*\)/g)].length;
    expect(dynamic(PG)).toBe(1);
    expect(pgStore.filter((f) => f !== PG && dynamic(f) > 0)).toEqual([]);
  });
});
