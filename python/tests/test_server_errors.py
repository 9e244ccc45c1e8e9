"""When the server command fails or the server dies: ``ForTheKingError`` ``CLOSED`` names the
command, its exit code or the signal that killed it (or why it could not start), and
``FOR_THE_KING_ENV_COMMAND``; and after a server died on its own, later calls say so, not that a
request was interrupted. A command given as one string is split as a shell would."""

import os
import shlex
import signal
import sys
import time
import unittest
from unittest import mock

import numpy as np

from for_the_king_env import ForTheKingEnv, ForTheKingError
from for_the_king_parallel import ForTheKingParallelEnv
from for_the_king_vector import VectorEnv
from tests.helpers import COMMAND, needs_server

EXITS = [sys.executable, "-c", "import sys; sys.stderr.write('no such script\\n'); sys.exit(3)"]
KILLED = [sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGKILL)"]


def make(kind, command):
    if kind is VectorEnv:
        return VectorEnv(2, 4, command=command)
    return kind(players=4, command=command)


class FailingCommandTest(unittest.TestCase):
    def check(self, error, command, status):
        self.assertEqual(error.code, "CLOSED")
        self.assertIn(status, error.message)
        self.assertIn(shlex.join(command), error.message)
        self.assertIn("FOR_THE_KING_ENV_COMMAND", error.message)
        self.assertNotIn("None", error.message)
        self.assertNotIn("interrupted", error.message)

    def test_a_command_that_exits_names_itself_its_exit_code_and_the_variable(self):
        for kind in (VectorEnv, ForTheKingEnv, ForTheKingParallelEnv):
            with self.subTest(kind=kind.__name__), self.assertRaises(ForTheKingError) as caught:
                make(kind, EXITS)
            command = [*EXITS, "--vector"] if kind is VectorEnv else EXITS
            self.check(caught.exception, command, "exit code 3")

    def test_a_command_that_cannot_start_names_itself_and_the_variable(self):
        missing = ["ftk-no-such-command", "env-server"]
        for kind in (VectorEnv, ForTheKingEnv, ForTheKingParallelEnv):
            with self.subTest(kind=kind.__name__), self.assertRaises(ForTheKingError) as caught:
                make(kind, missing)
            command = [*missing, "--vector"] if kind is VectorEnv else missing
            self.check(caught.exception, command, "could not start")
            self.assertIn("ftk-no-such-command", caught.exception.message)

    def test_a_configured_command_that_cannot_start_is_closed_too(self):
        with mock.patch.dict(os.environ, {"FOR_THE_KING_ENV_COMMAND": "ftk-no-such-command env-server"}):
            for kind in (VectorEnv, ForTheKingEnv):
                with self.subTest(kind=kind.__name__), self.assertRaises(ForTheKingError) as caught:
                    make(kind, None)
                command = ["ftk-no-such-command", "env-server", *(["--vector"] if kind is VectorEnv else [])]
                self.check(caught.exception, command, "could not start")

    def test_a_command_given_as_a_string_is_split_like_a_shell_would(self):
        text = shlex.join(EXITS)
        for kind in (VectorEnv, ForTheKingEnv, ForTheKingParallelEnv):
            with self.subTest(kind=kind.__name__), self.assertRaises(ForTheKingError) as caught:
                make(kind, text)
            command = [*EXITS, "--vector"] if kind is VectorEnv else EXITS
            self.check(caught.exception, command, "exit code 3")

    def test_a_killed_server_is_named_by_its_signal(self):
        for kind in (VectorEnv, ForTheKingEnv):
            with self.subTest(kind=kind.__name__), self.assertRaises(ForTheKingError) as caught:
                make(kind, KILLED)
            command = [*KILLED, "--vector"] if kind is VectorEnv else KILLED
            self.check(caught.exception, command, "killed by signal SIGKILL")


@needs_server
class StringCommandTest(unittest.TestCase):
    def test_every_wrapper_plays_through_a_command_given_as_a_string(self):
        text = shlex.join(COMMAND)
        env = ForTheKingEnv(players=2, seed=1, command=text)
        self.addCleanup(env.close)
        env.reset()
        self.assertEqual(env.agents, ["player_0", "player_1"])
        par = ForTheKingParallelEnv(players=2, command=text)
        self.addCleanup(par.close)
        observations, _ = par.reset(seed=1)
        self.assertEqual(len(observations), 2)
        envs = VectorEnv(2, 2, seed=1, command=text)
        self.addCleanup(envs.close)
        obs, _, _ = envs.reset()
        self.assertEqual(obs.shape[0], 2)


@needs_server
class ServerDiedTest(unittest.TestCase):
    def kill(self, process):
        os.kill(process.pid, signal.SIGKILL)
        for _ in range(500):  # until the kill has landed (not reaped: a zombie)
            with open(f"/proc/{process.pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    break
            time.sleep(0.01)

    def test_vector_env_after_its_server_was_killed(self):
        env = VectorEnv(2, 4, seed=1, command=COMMAND)
        self.addCleanup(env.close)
        _, mask, _ = env.reset()
        self.kill(env._process)
        actions = np.argmax(mask, axis=1)
        for _ in range(2):  # the step that meets the end, then a later one
            with self.assertRaises(ForTheKingError) as caught:
                env.step(actions)
            self.assertEqual(caught.exception.code, "CLOSED")
            self.assertIn("killed by signal SIGKILL", caught.exception.message)
            self.assertIn("FOR_THE_KING_ENV_COMMAND", caught.exception.message)
            self.assertNotIn("interrupted", caught.exception.message)

    def test_aec_env_after_its_server_was_killed(self):
        env = ForTheKingEnv(players=4, seed=1, command=COMMAND)
        self.addCleanup(env.close)
        env.reset()
        self.kill(env._bridge.process)
        for _ in range(2):
            with self.assertRaises(ForTheKingError) as caught:
                env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
            self.assertEqual(caught.exception.code, "CLOSED")
            self.assertIn("killed by signal SIGKILL", caught.exception.message)
            self.assertNotIn("interrupted", caught.exception.message)


if __name__ == "__main__":
    unittest.main()
