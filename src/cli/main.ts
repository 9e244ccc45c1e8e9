#!/usr/bin/env node
/**
 * The `for-the-king` program: play, watch, simulate and replay games in the terminal.
 * Run `for-the-king --help`.
 * @module
 */
import { run } from './run.js';

// Output piped into a program that stops reading early (`| head`): stop quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

// stdin is opened only by a command that reads it: `env-server --vector` reads file descriptor 0
// directly, and Node's stream over a pipe would make it non-blocking.
const io = {
  get stdin() {
    return process.stdin;
  },
  stdout: process.stdout,
  stderr: process.stderr,
};

run(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`for-the-king: error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
