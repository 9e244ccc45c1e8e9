/**
 * The processes of `npm run train:net` end on their own soon after the process that started them
 * is gone: one killed with SIGKILL (or dead otherwise) cannot stop them, and a self-play process
 * left running would play its games for hours on both cores. A process whose parent dies is
 * handed to another (init, or a subreaper), so its parent's pid changes: that is what is checked.
 * (The Python trainer, `python/train/net_train.py`, does the same.)
 */

/**
 * The variable of the environment in which `train:net` gives its processes its pid: killed in the
 * second a process it started takes to load this module under tsx, it would be gone already, and
 * that process's parent another.
 */
export const TRAIN_NET_PID = 'TRAIN_NET_PID';

/**
 * The pid of the process that started this one: the one {@link TRAIN_NET_PID} names (taken out
 * of the environment, for this process's own children), else the parent's when this module is loaded.
 */
const startedBy = Number(process.env[TRAIN_NET_PID] ?? process.ppid);
delete process.env[TRAIN_NET_PID];

/** Exits (code 1, the `'exit'` handlers run) when the process that started this one is gone. */
export function exitIfOrphaned(): void {
  if (process.ppid !== startedBy) process.exit(1);
}

/**
 * Checks every half second whether the process that started this one is gone, and exits if so;
 * the timer keeps no process alive. Code that holds the event loop for long (a chunk of games)
 * calls {@link exitIfOrphaned} itself as it goes.
 */
export function exitWithParent(): void {
  setInterval(exitIfOrphaned, 500).unref();
}
