"""PettingZoo's API checks for both wrappers: PettingZoo's own ``api_test`` and
``parallel_api_test`` when pettingzoo can be imported, and in any case the same checks written
out here (CI has Debian's python3 and numpy only), for 2 to 5 players."""

import random
import unittest

import numpy as np

from for_the_king_env import ForTheKingEnv
from for_the_king_parallel import ForTheKingParallelEnv
from tests.helpers import COMMAND, needs_server

try:
    import pettingzoo  # noqa: F401

    HAVE_PETTINGZOO = True
except ImportError:
    HAVE_PETTINGZOO = False


def check_observation(test, obs, env, agent):
    """The observation is a dict of a float32 observation in [0, 15] and an int8 0/1 mask of 364."""
    test.assertIsInstance(obs, dict)
    o, m = obs["observation"], obs["action_mask"]
    test.assertIsInstance(o, np.ndarray)
    test.assertEqual(o.shape, (env.observation_size,))
    test.assertEqual(o.dtype, np.float32)
    test.assertTrue(np.isfinite(o).all() and o.min() >= 0 and o.max() <= 15, "observation outside its space")
    test.assertEqual(m.shape, (env.action_count,))
    test.assertEqual(m.dtype, np.int8)
    test.assertTrue(np.array_equal(m, m.astype(bool)), "action mask holds something else than 0 and 1")
    test.assertIs(env.observation_space(agent), env.observation_space(agent), "observation_space must return the same object")
    test.assertIs(env.action_space(agent), env.action_space(agent), "action_space must return the same object")


def sample(obs, rng):
    """PettingZoo's sampling: a random legal index, or 0 when the mask is empty (Discrete.sample with an empty mask)."""
    legal = np.flatnonzero(obs["action_mask"])
    return int(rng.choice(legal)) if len(legal) else 0


@needs_server
class AecApiTest(unittest.TestCase):
    """The checks of ``pettingzoo.test.api_test``, written out."""

    def run_api(self, env, num_cycles):
        rng = random.Random(0)
        env.reset(seed=0, options={"options": 1})  # reset takes seed and options
        env.reset()
        self.assertFalse(any(env.terminations.values()), "terminations must all be False after reset")
        self.assertFalse(any(env.truncations.values()), "truncations must all be False after reset")
        self.assertIsInstance(env.num_agents if hasattr(env, "num_agents") else len(env.agents), int)
        self.assertGreater(len(env.agents), 0)
        env.reset()
        observation_0, *_ = env.last()
        check_observation(self, observation_0, env, env.agent_selection)
        non_observe, *_ = env.last(observe=False)
        self.assertIsNone(non_observe, "last must return None when observe=False")
        for agent in env.agents:
            self.assertRegex(agent, "[a-z]+_[0-9]+")
        # play_test
        env.reset()
        live_agents = set(env.agents)
        has_finished = set()
        generated = set()
        accumulated = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter(len(env.agents) * num_cycles):
            generated.add(agent)
            self.assertNotIn(agent, has_finished, "agents cannot resurrect")
            self.assertIsInstance(env.infos[agent], dict)
            prev, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                action = None
            else:
                action = sample(prev, rng)
            self.assertTrue(live_agents.issubset(set(env.agents)), "environment must delete agents as the game continues")
            if terminated or truncated:
                live_agents.remove(agent)
                has_finished.add(agent)
            self.assertEqual(accumulated[agent], reward, "reward returned by last is not the accumulated rewards")
            accumulated[agent] = 0
            self.assertIsNone(env.step(action), "step() must not return anything")
            for a, r in env.rewards.items():
                accumulated[a] += r
            for table in (env.rewards, env.terminations, env.truncations, env.infos):
                self.assertEqual(set(table), set(env.agents), "agents done last turn must leave every table")
            self.assertTrue(set(env.agents).issubset(set(env.possible_agents)))
            if not env.agents:
                break
            check_observation(self, prev, env, agent)
            self.assertIsInstance(env.infos[env.agent_selection], dict)
        if not env.agents:
            self.assertEqual(has_finished, generated, "not all agents finished, some were skipped over")
        # last() and the tables agree
        env.reset()
        for agent in env.agent_iter(len(env.agents) * 2):
            obs, reward, terminated, truncated, info = env.last()
            self.assertIsInstance(terminated, bool)
            self.assertIsInstance(truncated, bool)
            self.assertEqual(terminated, env.terminations[agent])
            self.assertEqual(truncated, env.truncations[agent])
            self.assertEqual(info, env.infos[agent])
            float(env.rewards[agent])
            env.step(None if terminated or truncated else sample(obs, rng))
        # rewards, terminations, truncations, infos have one entry per agent
        self.assertTrue(len(env.rewards) == len(env.terminations) == len(env.truncations) == len(env.infos) == len(env.agents))
        for agent in env.agents:
            self.assertIsInstance(env.terminations[agent], bool)
            self.assertIsInstance(env.truncations[agent], bool)
            float(env.rewards[agent])
        # action flexibility: a numpy integer works as well as an int
        env.reset(seed=0)
        obs, *_ = env.last()
        action = sample(obs, rng)
        env.step(action)
        env.reset(seed=0)
        env.step(np.int32(action))

    def test_api(self):
        for players in (2, 3, 4, 5):
            with self.subTest(players=players):
                env = ForTheKingEnv(players=players, command=COMMAND)
                try:
                    self.run_api(env, num_cycles=1000)
                    if HAVE_PETTINGZOO:
                        from pettingzoo.test import api_test

                        api_test(env, num_cycles=1000)
                finally:
                    env.close()


@needs_server
class ParallelApiTest(unittest.TestCase):
    """The checks of ``pettingzoo.test.parallel_api_test``, written out."""

    def run_api(self, env, num_cycles):
        rng = random.Random(1)
        env.reset(seed=0, options={"options": 1})
        for _ in range(2):
            obs, infos = env.reset()
            self.assertIsInstance(obs, dict)
            self.assertIsInstance(infos, dict)
            self.assertTrue(set(env.agents).issubset(obs))
            self.assertTrue(set(env.agents).issubset(infos))
            terminated = dict.fromkeys(env.agents, False)
            truncated = dict.fromkeys(env.agents, False)
            live_agents = set(env.agents)
            has_finished = set()
            acted = 0
            for _ in range(num_cycles):
                actions = {agent: sample(obs[agent], rng) for agent in env.agents if not terminated[agent] or not truncated[agent]}
                acting = [a for a in env.agents if obs[a]["action_mask"].any()]
                self.assertEqual(len(acting), 1, "exactly one agent may act in a turn-based game")
                obs, rew, terminated, truncated, info = env.step(actions)
                acted += 1
                for agent in env.agents:
                    self.assertNotIn(agent, has_finished, "agent cannot be revived once dead")
                for table in (obs, rew, terminated, truncated, info):
                    self.assertIsInstance(table, dict)
                    self.assertEqual(set(table), live_agents, "every live agent gets each entry, and no dead one")
                for agent in live_agents:
                    if agent in obs and env.agents:
                        check_observation(self, obs[agent], env, agent)
                self.assertTrue(set(env.agents).issubset(set(env.possible_agents)))
                has_finished |= {a for a in live_agents if terminated[a] or truncated[a]}
                if not env.agents:
                    self.assertEqual(has_finished, set(env.possible_agents), "not every agent finished")
                live_agents -= {a for a in live_agents if terminated[a] or truncated[a]}
                self.assertEqual(set(env.agents), live_agents)
                if not live_agents:
                    self.assertAlmostEqual(sum(rew.values()), 1.0, places=6)
                    self.assertEqual(sorted(info["player_0"]), ["points", "winners"])
                    break
            self.assertGreater(acted, 10)

    def test_parallel_api(self):
        for players in (2, 3, 4, 5):
            with self.subTest(players=players):
                env = ForTheKingParallelEnv(players=players, command=COMMAND)
                try:
                    self.run_api(env, num_cycles=5000)
                    if HAVE_PETTINGZOO:
                        from pettingzoo.test import parallel_api_test

                        parallel_api_test(env, num_cycles=1000)
                finally:
                    env.close()

    def test_parallel_needs_the_acting_agents_action(self):
        env = ForTheKingParallelEnv(players=3, command=COMMAND)
        self.addCleanup(env.close)
        obs, _ = env.reset(seed=3)
        acting = next(a for a in env.agents if obs[a]["action_mask"].any())
        others = {a: 0 for a in env.agents if a != acting}
        from for_the_king_env import ActionTypeError, InvalidActionError, UnknownAgentError

        with self.assertRaises(InvalidActionError):
            env.step(others)
        with self.assertRaises(ActionTypeError):
            env.step({acting: 0.5})
        with self.assertRaises(ActionTypeError):
            env.step([0])
        with self.assertRaises(UnknownAgentError):
            env.step({acting: int(np.flatnonzero(obs[acting]["action_mask"])[0]), "player_7": 0})
        obs2, *_ = env.step({acting: int(np.flatnonzero(obs[acting]["action_mask"])[0]), **others})
        self.assertEqual(set(obs2), set(env.possible_agents))
        self.assertEqual(env.state().dtype, np.float32)

    def test_parallel_reset_checks_its_seed_as_the_agent_loop(self):
        from for_the_king_env import SeedError

        env = ForTheKingParallelEnv(players=3, command=COMMAND)
        self.addCleanup(env.close)
        by_int, _ = env.reset(seed=3)
        by_numpy, _ = env.reset(seed=np.int64(3))
        for agent in env.possible_agents:
            np.testing.assert_array_equal(by_numpy[agent]["observation"], by_int[agent]["observation"])
        # A bool, or an int JavaScript would round (2**60 and 2**60 + 1 would be one game): refused before sending.
        for bad in (True, np.bool_(False), 2**60, -(2**60), float("nan"), [1]):
            with self.subTest(seed=bad), self.assertRaises(SeedError):
                env.reset(seed=bad)


if __name__ == "__main__":
    unittest.main()
