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

run(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`for-the-king: error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
