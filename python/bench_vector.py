"""Steps per second of the vector bridge, from Python: ``npm run bench:python``.

    /usr/bin/python3 python/bench_vector.py --command "node dist/cli.js env-server" [--games 64] [--players 4]

Steps ``--games`` games of ``--players`` players through :class:`VectorEnv` with uniformly random
legal actions chosen in numpy (their cost is counted), for ``--rounds`` rounds of ``--seconds``
seconds, and prints per round the environment steps per second (one step = one action in one
game, with the next observation and mask back in Python), the CPU seconds the Python process and
the server used, and the load average; then the median. CPU time per step is the figure that
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


def child_cpu_seconds(pid):
    """User + system CPU seconds of a process (Linux /proc), or None elsewhere."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


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
        rates = []
        cpu_per_step = []
        for r in range(args.rounds):
            load = os.getloadavg()[0]
            t0, c0, s0 = time.perf_counter(), time.process_time(), child_cpu_seconds(pid)
            steps = 0
            while time.perf_counter() - t0 < args.seconds:
                obs, mask, rewards, terminations, truncations, infos = envs.step(random_legal(mask, rng))
                steps += args.games
            wall = time.perf_counter() - t0
            py = time.process_time() - c0
            s1 = child_cpu_seconds(pid)
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
