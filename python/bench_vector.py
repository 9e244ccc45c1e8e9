"""Steps per second of the vector bridge, from Python: ``npm run bench:python``.

    /usr/bin/python3 python/bench_vector.py --command "node dist/cli.js env-server" [--games 64] [--players 4]

Steps ``--games`` games of ``--players`` players through :class:`VectorEnv` with uniformly random
legal actions chosen in numpy (their cost is counted), for ``--rounds`` rounds of ``--seconds``
seconds, and prints per round the environment steps per second (one step = one action in one
game, with the next observation and mask back in Python), the CPU seconds the Python process and
the server used, and the load average; then the median. The server's CPU is that of the process
this script starts and all its descendants (Linux ``/proc``), so a server started through a
wrapper (without ``--command``, ``npx --no-install for-the-king env-server``: npm, then node) is
counted whole; the processes counted are printed first. CPU time per step is the figure that
survives a busy machine best; wall-clock steps per second is what a training loop sees.
Standard library and numpy only.
"""

import argparse
import os
import shlex
import statistics
import sys
import time

import numpy as np

from for_the_king_vector import VectorEnv


def _proc_stats():
    """{pid: (name, parent pid, CPU clock ticks)} of every process in Linux /proc, or None elsewhere.

    The ticks are the process's own user + system time and that of its children it has waited for.
    """
    try:
        pids = [int(d) for d in os.listdir("/proc") if d.isdigit()]
    except OSError:
        return None
    stats = {}
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                text = f.read()
        except OSError:
            continue  # ended since the listing
        name = text[text.index("(") + 1 : text.rindex(")")]
        fields = text.rsplit(")", 1)[1].split()
        stats[pid] = (name, int(fields[1]), sum(int(x) for x in fields[11:15]))
    return stats


def tree(pid):
    """The process and its descendants, as {pid: (name, ticks)}, or None where there is no /proc.

    The server may run under a wrapper (``npx`` starts npm, which starts node), so the process
    this script started is not always the one doing the work: the whole tree is counted.
    """
    stats = _proc_stats()
    if stats is None or pid not in stats:
        return None
    children = {}
    for p, (_, parent, _) in stats.items():
        children.setdefault(parent, []).append(p)
    found, todo = {}, [pid]
    while todo:
        p = todo.pop()
        found[p] = (stats[p][0], stats[p][2])
        todo.extend(children.get(p, []))
    return found


def tree_cpu_seconds(pid):
    """User + system CPU seconds of a process and all its descendants (Linux /proc), or None elsewhere."""
    found = tree(pid)
    if found is None:
        return None
    return sum(ticks for _, ticks in found.values()) / os.sysconf("SC_CLK_TCK")


def random_legal(mask, rng):
    """One uniformly random legal action per row of a boolean mask."""
    counts = mask.sum(axis=1)
    pick = (rng.random(mask.shape[0]) * counts).astype(np.int64)
    return np.argmax(np.cumsum(mask, axis=1, dtype=np.int16) > pick[:, None], axis=1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--copy", action="store_true", help="return copies of the arrays (the default of VectorEnv)")
    parser.add_argument("--command", default=None, help='server command, e.g. "node dist/cli.js env-server"')
    args = parser.parse_args()
    command = shlex.split(args.command) if args.command else None
    rng = np.random.default_rng(1)
    with VectorEnv(args.games, args.players, seed="bench", command=command, copy=args.copy) as envs:
        pid = envs._process.pid
        obs, mask, info = envs.reset()
        for _ in range(200):  # warm up the server's JIT
            obs, mask, *_ = envs.step(random_legal(mask, rng))
        print(
            f"vector bridge: {args.games} games of {args.players} players, random legal actions chosen in numpy, "
            f"{'copies' if args.copy else 'views'} of the arrays; python {sys.version.split()[0]}, numpy {np.__version__}, "
            f"{os.cpu_count()} cores"
        )
        server_tree = tree(pid)
        if server_tree is None:
            print("server CPU: not measured (no /proc on this system)")
        else:
            names = ", ".join(f"{name} ({p})" for p, (name, _) in sorted(server_tree.items()))
            print(f"server CPU: the process tree of pid {pid}: {names}")
        rates = []
        cpu_per_step = []
        for r in range(args.rounds):
            load = os.getloadavg()[0]
            s0 = tree_cpu_seconds(pid)  # before the clocks start: reading /proc takes a few ms
            t0, c0 = time.perf_counter(), time.process_time()
            steps = 0
            while time.perf_counter() - t0 < args.seconds:
                obs, mask, rewards, terminations, truncations, infos = envs.step(random_legal(mask, rng))
                steps += args.games
            wall = time.perf_counter() - t0
            py = time.process_time() - c0
            s1 = tree_cpu_seconds(pid)
            server = None if s0 is None or s1 is None else s1 - s0
            rates.append(steps / wall)
            line = f"round {r + 1}: {steps / wall:>10,.0f} steps/s   python {py:.2f} s CPU"
            if server is not None:
                cpu_per_step.append((py + server) / steps)
                line += f", server {server:.2f} s CPU, {1e6 * (py + server) / steps:.2f} µs CPU per step"
            print(f"{line}   (load {load:.1f})")
        median = statistics.median(rates)
        print(f"median: {median:,.0f} steps/s", end="")
        if cpu_per_step:
            print(f"; {1e6 * statistics.median(cpu_per_step):.2f} µs of CPU per step (both processes)", end="")
        print()


if __name__ == "__main__":
    main()
