"""The AEC wrapper: integers only, clear exceptions, no step before reset, clone/restore/load,
information and global states, one meaning for reset."""

import gc
import unittest

import numpy as np

from for_the_king_env import (
    ActionTypeError,
    ForTheKingEnv,
    ForTheKingError,
    InvalidActionError,
    NotResetError,
    SeedError,
    UnknownAgentError,
    action_index,
    seed_value,
)
from tests.helpers import COMMAND, needs_server, random_legal


class SeedValueTest(unittest.TestCase):
    def test_ints_strings_and_finite_floats_pass(self):
        self.assertEqual(seed_value(7), 7)
        self.assertIs(type(seed_value(np.int64(7))), int)
        self.assertEqual(seed_value(np.uint32(2**32 - 1)), 2**32 - 1)
        self.assertEqual(seed_value(2**53 - 1), 2**53 - 1)
        self.assertEqual(seed_value(-(2**53 - 1)), -(2**53 - 1))
        self.assertEqual(seed_value("s"), "s")
        self.assertEqual(seed_value(1.5), 1.5)
        self.assertIsNone(seed_value(None))

    def test_what_javascript_would_round_or_refuse_is_a_seed_error(self):
        for bad in (2**53, -(2**53), 2**64 + 1, float("nan"), float("inf"), np.float32("nan"), True, np.bool_(False), [1], b"s"):
            with self.subTest(seed=bad), self.assertRaises(SeedError) as caught:
                seed_value(bad)
            self.assertEqual(caught.exception.code, "INVALID_OPTIONS")
            self.assertIsInstance(caught.exception, ValueError)


class ActionIndexTest(unittest.TestCase):
    def test_integers_pass(self):
        for x in (0, 5, np.int8(7), np.int64(363), np.uint16(12), np.array(3)):
            self.assertEqual(action_index(x), int(x))
            self.assertIs(type(action_index(x)), int)

    def test_floats_strings_bools_and_none_are_type_errors(self):
        for x in (0.5, 1.0, np.float32(0.25), np.float64(2), "0", b"0", True, False, np.bool_(True), None, [1], 1 + 0j):
            with self.subTest(x=x):
                with self.assertRaises(ActionTypeError) as caught:
                    action_index(x)
                self.assertIsInstance(caught.exception, TypeError)
                self.assertEqual(caught.exception.code, "MALFORMED_ACTION")
                self.assertIn("integer", str(caught.exception))

    def test_out_of_range_is_a_value_error(self):
        for x in (-1, 364, 10**9):
            with self.assertRaises(InvalidActionError) as caught:
                action_index(x)
            self.assertIsInstance(caught.exception, ValueError)


@needs_server
class WrapperTest(unittest.TestCase):
    def setUp(self):
        self.env = ForTheKingEnv(players=4, command=COMMAND, info_state=True)
        self.addCleanup(self.env.close)

    def test_before_reset(self):
        fresh = ForTheKingEnv(players=2, command=COMMAND)
        self.addCleanup(fresh.close)
        for call in (lambda: fresh.step(0), lambda: fresh.observe("player_0"), fresh.last, lambda: fresh.info_state("player_0")):
            with self.assertRaises(NotResetError) as caught:
                call()
            self.assertIsInstance(caught.exception, RuntimeError)
            self.assertIn("reset()", str(caught.exception))
        self.assertEqual(fresh.agents, [])
        self.assertEqual(fresh.rewards, {})

    def test_unknown_agents(self):
        self.env.reset(seed=1)
        for agent in ("player_9", "player_4", 3, None, "PLAYER_0"):
            with self.subTest(agent=agent):
                with self.assertRaises(UnknownAgentError) as caught:
                    self.env.observe(agent)
                self.assertIsInstance(caught.exception, KeyError)
                self.assertIn("player_0", str(caught.exception))
        with self.assertRaises(UnknownAgentError):
            self.env.observation_space("player_9")

    def test_bad_actions_change_nothing(self):
        self.env.reset(seed=2)
        state = self.env.game_state()
        agent = self.env.agent_selection
        mask = self.env.observe(agent)["action_mask"]
        illegal = int(np.flatnonzero(mask == 0)[0])
        for bad, error in (
            (0.5, ActionTypeError),
            (np.float32(0.25), ActionTypeError),
            ("0", ActionTypeError),
            (True, ActionTypeError),
            (None, ActionTypeError),
            (-3, InvalidActionError),
            (364, InvalidActionError),
            (illegal, ForTheKingError),
        ):
            with self.subTest(action=bad):
                with self.assertRaises(error) as caught:
                    self.env.step(bad)
                if bad == illegal and error is ForTheKingError:
                    self.assertIn(caught.exception.code, ("ILLEGAL_ACTION", "WRONG_STEP"))
        self.assertEqual(self.env.game_state(), state)
        self.assertEqual(self.env.agent_selection, agent)
        self.env.step(np.int32(np.flatnonzero(mask)[0]))  # a numpy integer is fine

    def test_a_clone_dropped_without_close_is_dropped_on_the_server(self):
        # The look-ahead pattern: snapshot, play ahead, restore, and let the snapshot go.
        self.env.reset(seed=3)
        process = self.env._bridge.process
        for _ in range(30):
            snapshot = self.env.clone()
            self.env.step(random_legal(self.env.observe(self.env.agent_selection)["action_mask"], np.random.default_rng(0)))
            self.env.restore(snapshot)
            del snapshot
        gc.collect()  # a wrapper may sit in a reference cycle until the collector runs
        self.env.game_state()  # the drops go with the next request
        self.assertEqual(self.env._bridge.users, 1)
        self.assertEqual(self.env._bridge.dropped, [])
        with self.assertRaises(ForTheKingError) as caught:
            self.env._bridge.request(cmd="observe", env=1, agent=0)  # the first clone is gone on the server
        self.assertNotEqual(caught.exception.code, "CLOSED")
        self.env.close()
        self.assertIsNotNone(process.wait(timeout=10))  # no clone keeps the server running

    def test_clone_and_restore(self):
        self.env.reset(seed=3)
        rng = np.random.default_rng(0)
        for _ in range(20):
            self.env.step(random_legal(self.env.observe(self.env.agent_selection)["action_mask"], rng))
        snapshot = self.env.clone()
        self.addCleanup(snapshot.close)
        state = self.env.game_state()
        tokens = self.env.info_state("player_1")
        while self.env.agents:
            agent = self.env.agent_selection
            obs, _, done, _, _ = self.env.last()
            self.env.step(None if done else random_legal(obs["action_mask"], rng))
        self.assertEqual(snapshot.game_state(), state)
        self.env.restore(snapshot)
        self.assertEqual(self.env.game_state(), state)
        np.testing.assert_array_equal(self.env.info_state("player_1"), tokens)
        self.assertEqual(len(self.env.agents), 4)
        # The clone plays on by itself.
        snapshot.step(random_legal(snapshot.observe(snapshot.agent_selection)["action_mask"], rng))
        self.assertNotEqual(snapshot.game_state(), state)
        self.assertEqual(self.env.game_state(), state)

    def test_load_state_and_privileged_global_state(self):
        self.env.reset(seed=4)
        rng = np.random.default_rng(1)
        for _ in range(30):
            self.env.step(random_legal(self.env.observe(self.env.agent_selection)["action_mask"], rng))
        state = self.env.game_state()
        other = ForTheKingEnv(players=4, command=COMMAND)
        self.addCleanup(other.close)
        other.load_state(state)
        self.assertEqual(other.game_state(), state)
        self.assertEqual(other.agent_selection, self.env.agent_selection)
        np.testing.assert_array_equal(other.observe("player_2")["observation"], self.env.observe("player_2")["observation"])
        g = other.global_state("player_0")
        self.assertEqual(g.dtype, np.float32)
        self.assertGreater(g.size, other.observation_size)
        with self.assertRaises(ForTheKingError) as caught:
            other.load_state({"players": 4})
        self.assertEqual(caught.exception.code, "INVALID_SAVE")

    def test_reset_has_one_meaning(self):
        named = ForTheKingEnv(players=2, seed="ctor", command=COMMAND)
        self.addCleanup(named.close)
        named.reset()
        self.assertEqual(named.game_state()["seed"], "ctor")  # the first reset: the constructor's run
        named.reset()
        self.assertEqual(named.game_state()["seed"], "ctor/1")
        self.env.reset(seed="run")
        self.assertEqual(self.env.game_state()["seed"], "run")
        self.env.reset()
        self.assertEqual(self.env.game_state()["seed"], "run/1")
        self.env.reset()
        self.assertEqual(self.env.game_state()["seed"], "run/2")
        self.env.reset(seed=7)
        self.assertEqual(self.env.game_state()["seed"], 7)
        self.env.reset(seed=np.int64(8))
        self.assertEqual(self.env.game_state()["seed"], 8)
        # A seed JavaScript would round is refused before anything is sent: the run goes on.
        with self.assertRaises(SeedError):
            self.env.reset(seed=2**53 + 1)
        self.env.reset()
        self.assertEqual(self.env.game_state()["seed"], "8/1")
        with self.assertRaises(SeedError):
            ForTheKingEnv(players=2, seed=2**64, command=COMMAND)

    def test_last_has_truncation_and_final_info(self):
        self.env.reset(seed=5)
        rng = np.random.default_rng(2)
        seen_end = False
        for agent in self.env.agent_iter():
            obs, reward, termination, truncation, info = self.env.last()
            self.assertIs(truncation, False)
            if termination:
                seen_end = True
                self.assertIn("points", info)
                self.assertIn("winners", info)
                self.env.step(None)
            else:
                self.env.step(random_legal(obs["action_mask"], rng))
        self.assertTrue(seen_end)
        with self.assertRaises(NotResetError):
            self.env.step(0)


if __name__ == "__main__":
    unittest.main()
