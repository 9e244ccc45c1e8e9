"""Plays seeded random games through the bridge and checks what it answers.

    python3 python/check_bridge.py --games 100 --command "node dist/cli.js env-server"

For each game (seed ``bridge-<g>``, 2 to 5 players in turn) it checks the observation's shape,
type and range, that the mask of the agent to act is not empty and the masks of the others are
zeros, that an illegal action is refused without changing the game, and that the final rewards
split the win. Actions are chosen among the legal indexes by a 32-bit xorshift generator, so
that ``test/env/python-bridge.mjs`` can replay the very same games in TypeScript. Prints one JSON
object: per game the seed, players, steps, rewards, points, winners and a CRC-32 of every
observation and mask seen, and the seconds it took; exits 1 if a check fails.
"""

import argparse
import json
import shlex
import sys
import time
import zlib

import numpy as np

from for_the_king_env import ACTION_COUNT, ForTheKingEnv, ForTheKingError

OBSERVATION_SIZE = {2: 390, 3: 446, 4: 502, 5: 650}


def xorshift(seed):
    """The generator shared with the TypeScript side: 32-bit xorshift (13, 17, 5)."""
    x = seed & 0xFFFFFFFF or 1

    def next_u32():
        nonlocal x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        return x

    return next_u32


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def play(envs, g):
    players = 2 + g % 4
    env = envs[players]
    seed = f"bridge-{g}"
    env.reset(seed=seed)
    rand = xorshift(((g + 1) * 0x9E3779B1) & 0xFFFFFFFF)
    crc = 0
    steps = 0
    tried_illegal = False
    final = None
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination:
            if final is None:  # the first dead step: every agent is still listed
                final = {a: (env.rewards[a], env.infos[a]) for a in env.possible_agents}
                check(set(env.agents) == set(env.possible_agents), "an agent left before the end")
            check(reward == final[agent][0], "last() does not give the agent its final reward")
            env.step(None)
            continue
        o, m = obs["observation"], obs["action_mask"]
        check(o.shape == (OBSERVATION_SIZE[players],) and o.dtype == np.float32, f"observation shape {o.shape} {o.dtype}")
        check(m.shape == (ACTION_COUNT,) and m.dtype == np.int8, f"mask shape {m.shape} {m.dtype}")
        check(np.isfinite(o).all() and o.min() >= 0 and o.max() <= 15, "observation out of range")
        check(set(np.unique(m)) <= {0, 1}, "mask holds something else than 0 and 1")
        legal = np.flatnonzero(m)
        check(len(legal) > 0, f"empty mask for the agent to act at step {steps}")
        check(reward == 0, "a reward before the end")
        if steps % 25 == 0:
            other = f"player_{(int(agent.split('_')[1]) + 1) % players}"
            check(not env.observe(other)["action_mask"].any(), "an agent not to act has legal actions")
        if not tried_illegal:
            illegal = int(np.flatnonzero(m == 0)[0])
            try:
                env.step(illegal)
                check(False, "an illegal action was accepted")
            except ForTheKingError as e:
                check(e.code in ("ILLEGAL_ACTION", "WRONG_STEP"), f"illegal action refused with {e.code}")
            check(env.agent_selection == agent, "a refused action changed the agent to act")
            tried_illegal = True
        crc = zlib.crc32(m.astype(np.uint8).tobytes(), zlib.crc32(o.astype("<f4").tobytes(), crc))
        env.step(int(legal[rand() % len(legal)]))
        steps += 1
        check(steps < 100000, "the game did not end")
    check(final is not None and env.agents == [], "the loop ended before every agent was done")
    rewards = [final[a][0] for a in env.possible_agents]
    check(abs(sum(rewards) - 1) < 1e-9, f"rewards {rewards} do not add up to 1")
    return {
        "seed": seed,
        "players": players,
        "steps": steps,
        "rewards": rewards,
        "points": [final[a][1]["points"] for a in env.possible_agents],
        "winners": final["player_0"][1]["winners"],
        "crc": crc,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--command", default=None, help='server command, e.g. "node dist/cli.js env-server"')
    args = parser.parse_args()
    command = shlex.split(args.command) if args.command else None
    envs = {n: ForTheKingEnv(players=n, command=command) for n in (2, 3, 4, 5)}
    started = time.perf_counter()
    try:
        games = [play(envs, g) for g in range(args.games)]
    finally:
        for e in envs.values():
            e.close()
    json.dump({"games": games, "seconds": time.perf_counter() - started}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print(f"check_bridge: {e}", file=sys.stderr)
        sys.exit(1)
