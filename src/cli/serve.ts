/**
 * @internal The `serve` command: the match host on HTTP and WebSocket, with the embedded store
 * in a folder (or in memory, or PostgreSQL shared by several hosts), serving the site (the
 * lobby and table at `/`, the built ES modules under `/lib/`) or a folder of static files.
 * Stops cleanly on SIGINT and SIGTERM. The server module is loaded only here; it loads `ws`
 * (and `pg` for `--postgres`) when the transport (the store) starts.
 * @module
 */
import { existsSync } from 'node:fs';
import type { MemoryStoreOptions } from '../server/store/memory.js';
import { hidesPasswordOf, passwordsHidden, withoutPassword } from '../server/without-password.js';
import type { OptionSpec, Parsed } from './args.js';
import { intOption, stringOption, UsageError } from './args.js';
import { checkFolderDestination, isFolder } from './files.js';
import type { Io } from './io.js';
import { say } from './io.js';

/** @internal Options of `serve`. */
export const SERVE_OPTIONS: OptionSpec = {
  port: 'string',
  host: 'string',
  data: 'string',
  memory: 'boolean',
  postgres: 'string',
  static: 'string',
  cors: 'string',
  'static-max-age': 'string',
  'trust-proxy': 'boolean',
  'metrics-port': 'string',
  'metrics-host': 'string',
  'expire-finished': 'string',
  'expire-abandoned': 'string',
  'drop-records': 'boolean',
  away: 'string',
  'matches-per-address': 'string',
  'match-every': 'string',
  'bot-matches': 'string',
  'take-over-lock': 'string',
  'cut-corrupt-tail': 'boolean',
  'kept-records': 'string',
};

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** @internal A duration option such as `90s`, `30m`, `12h` or `7d`, in milliseconds; `undefined` when absent. */
export function durationOption(parsed: Parsed, name: string): number | undefined {
  const raw = stringOption(parsed, name);
  if (raw === undefined) return undefined;
  const m = /^(\d{1,6})(s|m|h|d)$/.exec(raw);
  const ms = m === null ? Number.NaN : Number(m[1]) * (UNIT_MS[m[2] as string] as number);
  if (!(ms >= 1000 && ms <= 3650 * 86_400_000)) {
    throw new UsageError(`--${name} takes a time such as 90s, 30m, 12h or 7d (from 1s to 3650d), got "${raw}"`);
  }
  return ms;
}

/**
 * @internal The options of the store `--memory` makes: `--kept-records N`, how many expired
 * matches' records it holds (the latest; the store's default 1,000 without the flag). Only the
 * memory store bounds them (the embedded store and PostgreSQL keep every one), and only expiry
 * keeps records.
 */
export function memoryStoreOptions(parsed: Parsed): MemoryStoreOptions {
  if (stringOption(parsed, 'kept-records') === undefined) return {};
  const keptRecords = intOption(parsed, 'kept-records', 0, 0, 1_000_000);
  if (parsed.options.memory !== true) throw new UsageError('--kept-records goes with --memory (the other stores keep every record)');
  if (stringOption(parsed, 'expire-finished') === undefined && stringOption(parsed, 'expire-abandoned') === undefined)
    throw new UsageError('--kept-records goes with --expire-finished or --expire-abandoned');
  if (parsed.options['drop-records'] === true) throw new UsageError('--kept-records and --drop-records exclude each other');
  return { keptRecords };
}

/** @internal Runs the host until a signal; returns the exit code. */
export async function serveCommand(parsed: Parsed, io: Io): Promise<number> {
  if (parsed.positional.length > 0) throw new UsageError(`serve takes no arguments, got "${parsed.positional[0]}"`);
  const port = intOption(parsed, 'port', 8080, 0, 65535);
  const hostname = stringOption(parsed, 'host') ?? '127.0.0.1';
  const data = stringOption(parsed, 'data') ?? './ftk-data';
  const memory = parsed.options.memory === true;
  const postgres = stringOption(parsed, 'postgres');
  if ([memory, stringOption(parsed, 'data') !== undefined, postgres !== undefined].filter(Boolean).length > 1) {
    throw new UsageError('--data, --memory and --postgres exclude each other');
  }
  if (postgres !== undefined && !/^postgres(ql)?:\/\//.test(postgres)) {
    throw new UsageError('--postgres takes a connection URL: postgres://user@host:5432/database (the password from PGPASSWORD)');
  }
  const staticDir = stringOption(parsed, 'static');
  // A typo in --static would serve 404s for every page.
  if (staticDir !== undefined && !isFolder(staticDir)) throw new UsageError(`--static: ${staticDir} is not a folder`);
  const corsText = stringOption(parsed, 'cors');
  const staticMaxAge = intOption(parsed, 'static-max-age', 0, 0, 31_536_000);
  if (staticDir === undefined && stringOption(parsed, 'static-max-age') !== undefined)
    throw new UsageError('--static-max-age goes with --static (the built-in site sets its own caching)');
  const metricsPort = stringOption(parsed, 'metrics-port') === undefined ? undefined : intOption(parsed, 'metrics-port', 0, 0, 65535);
  const metricsHostname = stringOption(parsed, 'metrics-host');
  if (metricsHostname !== undefined && metricsPort === undefined) throw new UsageError('--metrics-host goes with --metrics-port');
  const finishedAfterMs = durationOption(parsed, 'expire-finished');
  const abandonedAfterMs = durationOption(parsed, 'expire-abandoned');
  const dropRecords = parsed.options['drop-records'] === true;
  if (dropRecords && finishedAfterMs === undefined && abandonedAfterMs === undefined) {
    throw new UsageError('--drop-records goes with --expire-finished or --expire-abandoned');
  }
  const memoryOptions = memoryStoreOptions(parsed);
  const awayMs = durationOption(parsed, 'away');
  // Matches an address may create at once, then one every --match-every; matches with bots in play on this host.
  const matchBurst =
    stringOption(parsed, 'matches-per-address') === undefined ? undefined : intOption(parsed, 'matches-per-address', 0, 1, 1_000_000);
  const matchEveryMs = durationOption(parsed, 'match-every');
  const maxBotMatches = stringOption(parsed, 'bot-matches') === undefined ? undefined : intOption(parsed, 'bot-matches', 0, 1, 100_000);
  const takeOverText = stringOption(parsed, 'take-over-lock');
  if (takeOverText !== undefined && (memory || postgres !== undefined))
    throw new UsageError('--take-over-lock goes with the embedded store (--data)');
  const takeOverPid = takeOverText === undefined ? undefined : intOption(parsed, 'take-over-lock', 0, 1, 4_194_304);
  const cutCorruptTail = parsed.options['cut-corrupt-tail'] === true;
  if (cutCorruptTail && (memory || postgres !== undefined))
    throw new UsageError('--cut-corrupt-tail goes with the embedded store (--data)');
  if (!memory && postgres === undefined) {
    // A file in the store's place would stop the store with a raw EEXIST.
    if (existsSync(data) && !isFolder(data)) throw new UsageError(`--data: ${data} is not a folder`);
    checkFolderDestination(data);
  }
  const expiry = { finishedAfterMs: finishedAfterMs ?? null, abandonedAfterMs: abandonedAfterMs ?? null, keepRecords: !dropRecords };
  const server = await import('../server/index.js');
  let cors: string[] = [];
  if (corsText !== undefined) {
    try {
      cors = server.parseOrigins(corsText.split(',').filter((o) => o.trim() !== ''));
    } catch (e) {
      throw new UsageError(`--cors takes origins separated by commas: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  // Every line it prints: a password the operator gave, or any in an error's text, shown as ***.
  const hide = postgres === undefined ? passwordsHidden : hidesPasswordOf(postgres);
  const tell = (m: string): void => say(io.stderr, `for-the-king serve: ${hide(m)}`);
  const store =
    postgres !== undefined
      ? await server.createPostgresStore({ connectionString: postgres, onError: (e) => tell(e.message) })
      : memory
        ? new server.MemoryStore(memoryOptions)
        : await openFolder(server, io, data, { ...(takeOverPid === undefined ? {} : { takeOver: { pid: takeOverPid } }), cutCorruptTail });
  let running: Awaited<ReturnType<typeof server.startServer>>;
  try {
    running = await server.startServer({
      store,
      port,
      hostname,
      trustProxy: parsed.options['trust-proxy'] === true,
      log: tell,
      cors,
      ...(staticDir === undefined ? {} : { staticDir, staticMaxAge }),
      ...(metricsPort === undefined ? {} : { metricsPort }),
      ...(metricsHostname === undefined ? {} : { metricsHostname }),
      expiry,
      ...(awayMs === undefined ? {} : { awayMs }),
      ...(maxBotMatches === undefined ? {} : { maxBotMatches }),
      ...(matchBurst === undefined && matchEveryMs === undefined
        ? {}
        : {
            limits: {
              ...(matchBurst === undefined ? {} : { matchBurst }),
              ...(matchEveryMs === undefined ? {} : { matchesPerMinute: 60_000 / matchEveryMs }),
            },
          }),
    });
  } catch (e) {
    await store.close();
    throw e;
  }
  // Armed before the first line is printed: whoever waits for it may send a signal at once.
  const stopped = new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  say(
    io.stdout,
    `for-the-king serve: listening on ${running.url} (lobby ${running.url}/api/matches, WebSocket ${running.url.replace(/^http/, 'ws')}/ws)`,
  );
  say(
    io.stdout,
    `for-the-king serve: health ${running.url}/health/ready${running.metricsUrl === null ? '' : `, metrics ${running.metricsUrl}/metrics`}`,
  );
  say(
    io.stdout,
    `for-the-king serve: store ${postgres !== undefined ? `PostgreSQL ${withoutPassword(postgres)}` : memory ? 'in memory (nothing survives a restart)' : `in ${data}`}${staticDir === undefined ? `, the site at ${running.url}/` : `, static files from ${staticDir}`}${cors.length === 0 ? '' : `, pages of ${cors.join(', ')} allowed`}`,
  );
  if (finishedAfterMs !== undefined || abandonedAfterMs !== undefined) {
    const after = (name: string, ms: number | undefined): string =>
      `${name} ${ms === undefined ? 'never' : `after ${stringOption(parsed, `expire-${name}`)}`}`;
    say(
      io.stdout,
      `for-the-king serve: matches expire: ${after('finished', finishedAfterMs)}, ${after('abandoned', abandonedAfterMs)}; records ${dropRecords ? 'dropped' : 'kept'}`,
    );
  }
  await stopped;
  say(io.stdout, 'for-the-king serve: stopping');
  await running.close();
  await store.close();
  return 0;
}

/**
 * Opens the embedded store in `data`; with `takeOver`, takes over a lock that still names that
 * pid and whose process is not running here (`FileStore.open`'s `takeOver`). A lock held by
 * another live process is told with the flag that takes it over once that process is gone; a
 * corrupt tail of the journal with the flag that cuts it (and where its copy went, once cut).
 */
async function openFolder(
  server: typeof import('../server/index.js'),
  io: Io,
  data: string,
  options: import('../server/index.js').FileStoreOptions,
) {
  const takeOverPid = options.takeOver?.pid;
  try {
    const store = await server.FileStore.open(data, options);
    if (store.cutFile !== null)
      say(io.stdout, `for-the-king serve: cut ${store.tornBytes} bytes of corrupt records off the journal, copied to ${store.cutFile}`);
    return store;
  } catch (e) {
    if (e instanceof server.JournalCorruptError && e.tail) {
      throw new Error(`${e.message.replace(/open with \{ cutCorruptTail: true \}/, 'start again with --cut-corrupt-tail')}`);
    }
    if (!(e instanceof server.StoreLockedError)) throw e;
    const hint =
      takeOverPid === undefined
        ? `if process ${e.owner.pid} is gone, start again with --take-over-lock ${e.owner.pid}`
        : `--take-over-lock ${takeOverPid} takes over only a lock that names that process, once it is gone`;
    throw new Error(`${e.message.replace(/\. If that process is gone.*$/, '')}. ${hint} (docs/server.md, "Taking over a store's lock")`);
  }
}
