"""Runs PettingZoo's own API tests on both wrappers (needs pettingzoo and gymnasium installed).

    python3 python/check_pettingzoo.py --command "node dist/cli.js env-server"

``api_test`` on ``ForTheKingEnv`` and ``parallel_api_test`` on ``ForTheKingParallelEnv``, for 2 to
5 players. Without pettingzoo, ``python/tests/test_pettingzoo_api.py`` runs the same checks
written out (``npm run test:python``).
"""

import argparse
import shlex

from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.test import api_test, parallel_api_test

from for_the_king_env import ForTheKingEnv
from for_the_king_parallel import ForTheKingParallelEnv


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
        par = ForTheKingParallelEnv(players=players, command=command)
        assert isinstance(par, ParallelEnv), "ForTheKingParallelEnv is not a PettingZoo ParallelEnv"
        try:
            parallel_api_test(par, num_cycles=1000)
        finally:
            par.close()
        print(f"{players} players: PettingZoo api_test and parallel_api_test passed")


if __name__ == "__main__":
    main()
