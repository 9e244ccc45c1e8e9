"""Runs PettingZoo's own API test on the wrapper (needs pettingzoo and gymnasium installed).

    python3 python/check_pettingzoo.py --command "node dist/cli.js env-server"
"""

import argparse
import shlex

from pettingzoo import AECEnv
from pettingzoo.test import api_test

from for_the_king_env import ForTheKingEnv


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--command", default=None, help='server command, e.g. "node dist/cli.js env-server"')
    args = parser.parse_args()
    command = shlex.split(args.command) if args.command else None
    for players in (2, 3, 4, 5):
        env = ForTheKingEnv(players=players, command=command)
        assert isinstance(env, AECEnv), "ForTheKingEnv is not a PettingZoo AECEnv"
        try:
            api_test(env, num_cycles=1000)
        finally:
            env.close()
        print(f"{players} players: PettingZoo api_test passed")


if __name__ == "__main__":
    main()
