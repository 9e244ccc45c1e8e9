/**
 * Child processes in tests: a host (or any program) started with Node, awaited until it says it
 * listens, and killed with SIGKILL.
 */
import { type ChildProcess, spawn } from 'node:child_process';

/** A started process and the port it said it listens on. */
export interface Listening {
  readonly child: ChildProcess;
  readonly port: number;
  /** Everything it has written to stdout so far (it keeps growing). */
  output(): string;
}

/**
 * Runs `node …args` and resolves once its stdout matches `listening` (group 1: the port); rejects
 * with its stderr if it exits first. `track` receives the child at once, so that a test's cleanup
 * can kill it even if it never listens. `stderr: 'inherit'` shows the process's errors instead;
 * `ipc: true` opens an IPC channel (`child.send`, `process.send` in the child); `command` runs
 * another program than this Node (e.g. Bun) with the same arguments.
 */
export function spawnListening(
  args: readonly string[],
  listening: RegExp,
  options: {
    readonly track?: ChildProcess[];
    readonly stderr?: 'pipe' | 'inherit';
    readonly ipc?: boolean;
    readonly command?: string;
  } = {},
): Promise<Listening> {
  const stdio = ['ignore', 'pipe', options.stderr ?? 'pipe', ...(options.ipc ? ['ipc' as const] : [])] as const;
  const child = spawn(options.command ?? process.execPath, args, { stdio: [...stdio] });
  options.track?.push(child);
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = listening.exec(out);
      if (m) resolve({ child, port: Number(m[1]), output: () => out });
    });
    child.stderr?.on('data', (d) => {
      err += String(d);
    });
    child.on('exit', (code, signal) =>
      reject(new Error(`${options.command ?? 'node'} ${args.join(' ')} exited (${code ?? signal}) before listening: ${err || out}`)),
    );
  });
}

/** Kills `child` with SIGKILL (no chance to clean up) and resolves once it is gone. */
export function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
