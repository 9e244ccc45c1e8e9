"""The vector bridge: the same games as the agent loop with the same seeds, auto-reset with every
seat's reward, one meaning for reset, checked actions that move no game when one is bad, every
seat's rows, information and global states, bots."""

import unittest

import numpy as np

from for_the_king_env import ActionTypeError, ForTheKingEnv, ForTheKingError, InvalidActionError, NotResetError, SeedError
from for_the_king_vector import VectorEnv
from tests.helpers import COMMAND, needs_server


def random_actions(mask, rng):
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask], dtype=np.int64)


@needs_server
class VectorEnvTest(unittest.TestCase):
    def make(self, *args, **kwargs):
        envs = VectorEnv(*args, command=COMMAND, **kwargs)
        self.addCleanup(envs.close)
        return envs

    def test_shapes_and_types(self):
        envs = self.make(4, 3, seed=1)
        obs, mask, info = envs.reset()
        self.assertEqual(obs.shape, (4, envs.observation_size))
        self.assertEqual(obs.dtype, np.float32)
        self.assertEqual(mask.shape, (4, 364))
        self.assertEqual(mask.dtype, np.bool_)
        self.assertTrue(mask.any(axis=1).all())
        self.assertEqual(info["agent"].shape, (4,))
        obs, mask, rewards, terminations, truncations, infos = envs.step(np.flatnonzero(mask[0])[:1].repeat(4) * 0 + np.argmax(mask, axis=1))
        self.assertEqual(rewards.shape, (4, 3))
        self.assertEqual(rewards.dtype, np.float32)
        self.assertEqual(terminations.dtype, np.bool_)
        self.assertFalse(truncations.any())
        for key in ("agent", "points", "_points", "winners", "_winners"):
            self.assertIn(key, infos)

    def test_same_games_as_the_agent_loop_with_auto_reset_and_every_seats_reward(self):
        games, players = 3, 4
        envs = self.make(games, players, seed="v")
        obs, mask, info = envs.reset()
        singles = [ForTheKingEnv(players=players, command=COMMAND) for _ in range(games)]
        for g, env in enumerate(singles):
            self.addCleanup(env.close)
            env.reset(seed=f"v/{g}/0")
        episode = [0] * games
        rng = np.random.default_rng(4)
        ended = 0
        for _ in range(3000):
            for g, env in enumerate(singles):
                agent = env.agent_selection
                self.assertEqual(info["agent"][g], int(agent.split("_")[1]))
                np.testing.assert_array_equal(obs[g], env.observe(agent)["observation"])
                np.testing.assert_array_equal(mask[g], env.observe(agent)["action_mask"].astype(bool))
            actions = random_actions(mask, rng)
            obs, mask, rewards, terminations, truncations, info = envs.step(actions)
            for g, env in enumerate(singles):
                env.step(int(actions[g]))
                done = not env.agents or all(env.terminations.values())
                self.assertEqual(bool(terminations[g]), done)
                if done:
                    want = [env.rewards[a] for a in env.possible_agents]
                    np.testing.assert_allclose(rewards[g], want, rtol=1e-6)
                    self.assertAlmostEqual(float(rewards[g].sum()), 1.0, places=5)
                    self.assertTrue(info["_points"][g])
                    np.testing.assert_array_equal(info["points"][g], [env.infos[a]["points"] for a in env.possible_agents])
                    self.assertEqual(list(np.flatnonzero(info["winners"][g])), env.infos["player_0"]["winners"])
                    episode[g] += 1
                    ended += 1
                    env.reset(seed=f"v/{g}/{episode[g]}")
                else:
                    self.assertFalse(rewards[g].any())
            info = {"agent": info["agent"]}
            if ended >= 2:
                break
        self.assertGreaterEqual(ended, 2)

    def test_reset_has_one_meaning(self):
        envs = self.make(2, 2, seed="r")
        obs0, *_ = envs.reset()
        single = ForTheKingEnv(players=2, command=COMMAND)
        self.addCleanup(single.close)

        def first_obs(seed):
            single.reset(seed=seed)
            return single.observe(single.agent_selection)["observation"]

        np.testing.assert_array_equal(obs0[1], first_obs("r/1/0"))  # the first reset: the constructor's run
        obs1, *_ = envs.reset()
        np.testing.assert_array_equal(obs1[0], first_obs("r/0/1"))  # then each game's next game
        obs2, *_ = envs.reset(seed="s")
        np.testing.assert_array_equal(obs2[1], first_obs("s/1/0"))
        # Seeds JavaScript would round (two of them would play the same games) are refused.
        with self.assertRaises(SeedError):
            envs.reset(seed=2**53 + 1)
        obs3, *_ = envs.reset(seed=np.int64(9))
        np.testing.assert_array_equal(obs3[0], first_obs("9/0/0"))

    def test_checked_actions_move_no_game(self):
        envs = self.make(3, 4, seed=5)
        obs, mask, _ = envs.reset()
        good = np.argmax(mask, axis=1)
        illegal = good.copy()
        illegal[2] = int(np.flatnonzero(~mask[2])[0])
        for bad, error in (
            (good.astype(np.float32), ActionTypeError),
            (good.astype(bool), ActionTypeError),
            (good.astype(str), ActionTypeError),
            (list(map(float, good)), ActionTypeError),
            ([True, *map(int, good[1:])], ActionTypeError),  # numpy would read it as the integers [1, ...]
            ((np.bool_(False), *map(int, good[1:])), ActionTypeError),
            (good.astype("m8[s]"), ActionTypeError),  # timedelta64: an integer kind to issubdtype
            (good[:2], InvalidActionError),
            (good.reshape(3, 1), InvalidActionError),
            (good - 1000, InvalidActionError),
            (illegal, ForTheKingError),
        ):
            with self.subTest(actions=bad):
                with self.assertRaises(error) as caught:
                    envs.step(bad)
                if error is ForTheKingError:
                    self.assertIn("game 2", str(caught.exception))
        after, *_ = envs.step(list(map(int, good)))
        fresh = self.make(3, 4, seed=5)
        fresh.reset()
        want, *_ = fresh.step(good)
        np.testing.assert_array_equal(after, want)

    def test_step_before_reset_and_after_close(self):
        envs = VectorEnv(2, 2, command=COMMAND)
        with self.assertRaises(NotResetError):
            envs.step(np.zeros(2, dtype=np.int64))
        envs.close()
        envs.close()  # twice is fine
        with self.assertRaises(ForTheKingError):
            envs.reset()
        with self.assertRaises(ForTheKingError) as caught:
            VectorEnv(2, 9, command=COMMAND)
        self.assertEqual(caught.exception.code, "INVALID_OPTIONS")
        with self.assertRaises(TypeError):
            VectorEnv(2.5, 2, command=COMMAND)

    def test_every_seat_information_and_global_states(self):
        envs = self.make(2, 3, seed=6, seats="all", info_state=32, global_state=True)
        obs, mask, info = envs.reset()
        self.assertEqual(obs.shape, (2, 3, envs.observation_size))
        self.assertEqual(info["info_state"].shape, (2, 3, 32))
        self.assertEqual(info["info_state"].dtype, np.int16)
        self.assertEqual(info["info_state_length"].shape, (2, 3))
        self.assertEqual(info["global_state"].shape, (2, 3, envs.global_state_size))
        single = ForTheKingEnv(players=3, command=COMMAND, info_state=True)
        self.addCleanup(single.close)
        single.reset(seed="6/1/0")
        np.testing.assert_array_equal(obs[1, 2], single.observe("player_2")["observation"])
        tokens = single.info_state("player_0")
        self.assertEqual(info["info_state_length"][1, 0], len(tokens))
        np.testing.assert_array_equal(info["info_state"][1, 0, : len(tokens)], tokens[-32:])
        np.testing.assert_array_equal(info["global_state"][1, 1], single.global_state("player_1"))

    def test_bots_play_the_other_seats(self):
        envs = self.make(4, 4, seed=7, bots=[None, "heuristic", "random", "heuristic"])
        obs, mask, info = envs.reset()
        rng = np.random.default_rng(1)
        ends = 0
        for _ in range(400):
            self.assertTrue((info["agent"] == 0).all())
            obs, mask, rewards, terminations, _, info = envs.step(random_actions(mask, rng))
            ends += int(terminations.sum())
            for g in np.flatnonzero(terminations):
                self.assertAlmostEqual(float(rewards[g].sum()), 1.0, places=5)
        self.assertGreater(ends, 0)

    def test_teacher_labels(self):
        envs = self.make(3, 4, seed=9, bots=[None, "random", "random", "random"], teacher="heuristic")
        obs, mask, info = envs.reset()
        for _ in range(50):
            advice = info["teacher_action"]
            self.assertEqual(advice.shape, (3,))
            self.assertTrue(mask[np.arange(3), advice].all(), "the teacher's choice is legal")
            obs, mask, _, _, _, info = envs.step(advice)

    def test_views_without_copy(self):
        envs = self.make(2, 2, seed=8, copy=False)
        obs, mask, _ = envs.reset()
        before = obs.copy()
        kept = mask.copy()
        # A refused step leaves every game, and so the arrays the caller holds, as they were.
        with self.assertRaises(ForTheKingError):
            envs.step(np.argmin(mask, axis=1))
        np.testing.assert_array_equal(obs, before)
        np.testing.assert_array_equal(mask, kept)
        envs.step(np.argmax(mask, axis=1))
        self.assertFalse(np.array_equal(obs, before))  # the next step wrote into the same array


if __name__ == "__main__":
    unittest.main()
