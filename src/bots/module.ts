/**
 * Bots loaded from ES modules by specifier and export name, so that worker threads can load
 * them too.
 * @module
 */
import { RulesError } from '../index.js';
import type { Bot } from './types.js';

/**
 * A bot that lives in an ES module: `simulate` imports `module` (in this thread or in each
 * worker thread) and plays the function exported as `export`. This is how your own bot runs on
 * worker threads, where a function cannot be sent.
 *
 * @category Bots
 * @example
 * ```ts
 * // my-bot.js: export function cautious(view, rng) { return view.legal.at(-1); }
 * const result = await simulate({
 *   players: 2,
 *   bots: [{ module: new URL('./my-bot.js', import.meta.url).href, export: 'cautious' }, 'heuristic'],
 *   games: 1000,
 *   seed: 1,
 *   workers: 4,
 * });
 * ```
 */
export interface BotModule {
  /**
   * What to import: a package name (`'my-bots'`, `'my-bots/strong'`), an absolute file path or
   * an absolute URL (`file:`, `data:`). A relative path is refused, since a worker thread would
   * resolve it against another folder: turn it into a URL with `new URL('./my-bot.js',
   * import.meta.url).href`.
   */
  readonly module: string;
  /** The name of the export holding the {@link Bot} function; `'default'` when omitted. */
  readonly export?: string;
  /** The bot's name in the results; `` `${module}#${export}` `` when omitted. */
  readonly label?: string;
}

/** @internal A module bot as a task carries it to the worker threads. */
export interface ModuleRef {
  readonly module: string;
  readonly export: string;
}

/** The keys of a {@link BotModule}. */
const MODULE_KEYS: readonly string[] = ['module', 'export', 'label'];

function invalid(message: string): RulesError {
  return new RulesError('INVALID_OPTIONS', `simulate: ${message}`);
}

/** @internal Checks a {@link BotModule} and returns its reference and label. */
export function moduleRef(x: BotModule): { ref: ModuleRef; label: string } {
  let keys: string[];
  try {
    keys = Object.keys(x);
  } catch {
    throw invalid('a bot module cannot be read (a proxy whose trap throws)');
  }
  const spec: unknown = x.module;
  const extra = keys.find((k) => !MODULE_KEYS.includes(k));
  if (extra !== undefined) {
    const name = typeof spec === 'string' ? `bot module "${spec}"` : 'a bot module';
    throw invalid(`${name}: unknown key "${extra}": expected ${MODULE_KEYS.join(', ')}`);
  }
  const name: unknown = x.export ?? 'default';
  const label: unknown = x.label;
  if (typeof spec !== 'string' || spec.trim() === '') throw invalid('a bot module needs "module", a module specifier');
  if (spec.startsWith('./') || spec.startsWith('../')) {
    throw invalid(`bot module "${spec}" is a relative path; pass an absolute path or URL, e.g. new URL('${spec}', import.meta.url).href`);
  }
  if (typeof name !== 'string' || name === '') throw invalid(`bot module "${spec}": "export" must be an export name`);
  if (label !== undefined && typeof label !== 'string') throw invalid(`bot module "${spec}": "label" must be a string`);
  return { ref: { module: spec, export: name }, label: label ?? `${spec}#${name}` };
}

/** @internal Imports a module bot; throws `INVALID_OPTIONS` when the module or the export is not there. */
export async function loadModuleBot(ref: ModuleRef): Promise<Bot> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(ref.module)) as Record<string, unknown>;
  } catch (e) {
    throw invalid(`cannot import bot module "${ref.module}": ${e instanceof Error ? e.message : String(e)}`);
  }
  const bot = mod[ref.export];
  if (typeof bot !== 'function') throw invalid(`bot module "${ref.module}" has no function exported as "${ref.export}"`);
  return bot as Bot;
}
