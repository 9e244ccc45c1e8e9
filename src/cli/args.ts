/**
 * @internal Command-line options without dependencies: `--name value`, `--name=value`, boolean
 * flags, and positional arguments. Every problem is one clear sentence ({@link UsageError}).
 * @module
 */

/** @internal A mistake in the command line: printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** @internal What a command accepts: option names with their kind. */
export type OptionSpec = Readonly<Record<string, 'string' | 'boolean'>>;

/** @internal Parsed options and positional arguments. */
export interface Parsed {
  readonly options: Readonly<Record<string, string | boolean>>;
  readonly positional: readonly string[];
}

/**
 * @internal Parses `argv` against `spec`; unknown options (only `spec`'s own names count, never
 * `constructor` or `__proto__`), missing or empty values (`--name=`, `--name ""`) and an option
 * with a value given twice throw a {@link UsageError}: no option of the command line means
 * anything by an empty value, and of two values one would be dropped unseen (a flag given twice
 * says the same thing twice, and is taken). Everything after `--` is a positional argument.
 */
export function parseArgs(argv: readonly string[], spec: OptionSpec, command: string): Parsed {
  const options: Record<string, string | boolean> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h') {
      options.help = true;
      continue;
    }
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const kind = name === 'help' ? 'boolean' : Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (kind === undefined) {
      const known = Object.keys(spec).map((k) => `--${k}`);
      throw new UsageError(`unknown option --${name} for "${command}"${known.length ? ` (options: ${known.join(', ')})` : ''}`);
    }
    if (kind === 'boolean') {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      options[name] = true;
      continue;
    }
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      i += 1;
    }
    if (value === '') throw new UsageError(`--${name} needs a value, got an empty one`);
    if (Object.hasOwn(options, name))
      throw new UsageError(`--${name} given twice ("${String(options[name])}", then "${value}"): give it once`);
    options[name] = value;
  }
  return { options, positional };
}

/** @internal An integer option within bounds, or the default. */
export function intOption(parsed: Parsed, name: string, fallback: number, min: number, max: number): number {
  const raw = parsed.options[name];
  if (raw === undefined) return fallback;
  const n = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${String(raw)}"`);
  return n;
}

/** @internal A string option, or `undefined`. */
export function stringOption(parsed: Parsed, name: string): string | undefined {
  const raw = parsed.options[name];
  return typeof raw === 'string' ? raw : undefined;
}

/** @internal A seed from the command line: digits give a number, anything else stays a string. */
export function seedOption(parsed: Parsed): number | string | undefined {
  const raw = stringOption(parsed, 'seed');
  if (raw === undefined) return undefined;
  return /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw;
}

/** @internal The `--lang` option: `en` (default) or `uk`. */
export function langOption(parsed: Parsed): 'en' | 'uk' {
  const raw = stringOption(parsed, 'lang') ?? 'en';
  if (raw !== 'en' && raw !== 'uk') throw new UsageError(`--lang must be en or uk, got "${raw}"`);
  return raw;
}
