/**
 * Splits a `perf` profile of the host process into user space and the kernel's parts: the
 * sockets written (`writev`: the send side, and the loopback's receive side that Linux runs in
 * the sender's call), the sockets read (`read`), the journal's system calls, page faults, and the samples
 * whose leaf is the hypervisor's cost of re-enabling interrupts (`pvm_irq_enable` on the
 * project's VMs; counted across every part as well as in its own). `bench:server`'s host CPU per
 * action says how much the whole is; this says where it goes in the kernel, which a JavaScript
 * profile (`--cpu-prof`) shows only as one `writev`.
 *
 *   npm run bench:server -- --matches 200 --players 4 --store file --host-bundle &
 *   sleep 9; perf record -e cpu-clock -g -p "$(pgrep -f bench-host/host-process.js)" -o /tmp/perf.host sleep 5
 *   perf script -i /tmp/perf.host -F ip,sym,dso > /tmp/perf.txt
 *   node test/bench/kernel-split.mjs /tmp/perf.txt --per-action 273
 *
 * `--per-action US` is the run's host CPU per action as `bench:server` printed it: each share
 * is then also shown in µs per action. `perf` needs root or `kernel.perf_event_paranoid` ≤ 1 to
 * see the kernel's frames.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'per-action': { type: 'string' } },
});
const file = positionals[0];
if (file === undefined) {
  console.error('usage: node test/bench/kernel-split.mjs PERF_SCRIPT_OUTPUT [--per-action US]');
  process.exit(2);
}
const perAction = values['per-action'] === undefined ? undefined : Number(values['per-action']);

/** The parts, first match wins; each tests a sample's stack of symbol names, leaf first. */
const PARTS = [
  ['sockets written: the loopback receive (softirq)', (s) => has(s, /^do_writev$/) && has(s, /^net_rx_action$/)],
  ['sockets written: the send side', (s) => has(s, /^do_writev$/)],
  ['sockets read', (s) => has(s, /^ksys_read$/)],
  ['epoll_wait', (s) => has(s, /epoll_wait|epoll_pwait/)],
  [
    'the journal: writes and syncs',
    (s) => has(s, /^(ext4_|do_fsync$|__x64_sys_(fdatasync|fsync|pwrite64|pwritev2?)$|ksys_pwrite64$|vfs_write$)/),
  ],
  ['page faults', (s) => has(s, /exc_page_fault/)],
  ['futex (threads)', (s) => has(s, /futex/)],
  ['other system calls (mmap, madvise, …)', (s) => has(s, /^__x64_sys_/)],
  ["system calls' entry and exit", (s) => has(s, /^entry_SYSCALL/)],
  ['kernel, other (interrupts, timers)', (s) => s.some((f) => f.kernel)],
];

/** Whether a kernel frame of the stack matches. */
function has(stack, re) {
  return stack.some((f) => f.kernel && re.test(f.sym));
}

const samples = readFileSync(file, 'utf8')
  .split(/\n\s*\n/)
  .map((block) =>
    block
      .trim()
      .split('\n')
      .map(frameOf)
      .filter((frame) => frame !== undefined),
  )
  .filter((stack) => stack.length > 0);

/** One line of `perf script -F ip,sym,dso`: `<ip> <symbol> (<dso>)`; kernel frames' dso is `[kernel.kallsyms]`. */
function frameOf(line) {
  const m = /^\s*[0-9a-f]+\s+(.*?)\s+\((.*)\)\s*$/.exec(line);
  if (m === null) return undefined;
  return { sym: m[1].replace(/\+0x[0-9a-f]+$/, ''), dso: m[2], kernel: m[2] === '[kernel.kallsyms]' };
}

/** User space by the stack and its leaf: the collector, V8's compilers, V8's builtins, compiled JavaScript, the rest of Node, libc. */
function userPart(stack) {
  const leaf = stack[0];
  if (
    stack.some((f) =>
      /^v8::internal::(Scavenge|Heap::|MarkCompact|MinorMarkCompact|ConcurrentMarking|Sweeper|GCTracer|IncrementalMarking)/.test(f.sym),
    )
  )
    return 'user space: the garbage collector';
  if (stack.some((f) => /^v8::internal::(compiler::|maglev::|OptimizingCompileDispatcher|Compiler::)/.test(f.sym)))
    return "user space: V8's compilers";
  if (/^Builtins_/.test(leaf.sym)) return "user space: V8's builtins";
  if (/perf-\d+\.map$|^\[JIT\]/.test(leaf.dso) || leaf.sym === '[unknown]') return 'user space: compiled JavaScript';
  if (/libc\.so/.test(leaf.dso)) return 'user space: libc';
  return "user space: Node and V8's own code";
}

const counts = new Map();
let hypervisor = 0;
for (const stack of samples) {
  const part = PARTS.find(([, test]) => test(stack))?.[0] ?? userPart(stack);
  counts.set(part, (counts.get(part) ?? 0) + 1);
  if (stack[0]?.kernel && stack[0].sym === 'pvm_irq_enable') hypervisor++;
}
const n = samples.length;
const line = (count, name) => {
  const share = `${((count / n) * 100).toFixed(1)}%`.padStart(6);
  const us = perAction === undefined ? '' : `${((count / n) * perAction).toFixed(1)} µs`.padStart(10);
  console.log(`${share}${us}  ${name}`);
};
console.log(`${n} samples${perAction === undefined ? '' : `; the run's host CPU per action: ${perAction} µs`}`);
for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1])) line(count, name);
line(hypervisor, 'of all the above: samples whose leaf is pvm_irq_enable (the hypervisor)');
