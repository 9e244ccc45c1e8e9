"""When the pipe to the server breaks: a request cut off before its whole answer was read (Ctrl-C)
stops the server and every later call raises CLOSED, instead of reading the previous request's
answer; an output that is not the protocol is a PROTOCOL error that stops the server; a server is
stopped when its environment is garbage collected, or when its constructor fails; ``close()`` on a
server that stopped answering returns after its wait and kills it."""

import fcntl
import gc
import os
import signal
import struct
import sys
import termios
import threading
import time
import unittest
from unittest import mock

import numpy as np

import for_the_king_protocol
from for_the_king_env import ForTheKingEnv, ForTheKingError
from for_the_king_parallel import ForTheKingParallelEnv
from for_the_king_vector import VectorEnv
from tests.helpers import COMMAND, needs_server


def process_state(pid):
    """The state letter of process ``pid`` (``"T"`` stopped, ``"Z"`` a zombie), or ``None`` once it is reaped."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return None


def stop_server(test, process):
    """Stops the server (SIGSTOP) and waits until it is stopped (a state, not a duration)."""
    os.kill(process.pid, signal.SIGSTOP)
    for _ in range(6000):
        if process_state(process.pid) == "T":
            break
        time.sleep(0.01)
    test.assertEqual(process_state(process.pid), "T")


def live_children(marker):
    """The pids of this process's children, not yet exited, whose command line holds ``marker``."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmdline = f.read()
        except OSError:
            continue
        if int(fields[1]) == os.getpid() and fields[0] != "Z" and marker.encode() in cmdline:
            found.append(int(name))
    return found


class _Interrupt(BaseException):
    """What the test's signal raises in the main thread, as Ctrl-C raises ``KeyboardInterrupt``."""


def interrupted_mid_request(test, process, call):
    """Runs ``call`` while the server is stopped (SIGSTOP), and interrupts it once its request is in the pipe.

    A thread waits until the request's bytes are in the server's input (the stopped server cannot
    read them, nor answer), then signals the main thread, whose handler raises :class:`_Interrupt`:
    the interrupt always comes after the request was written and before any answer. Then the
    server, if it still runs, goes on (SIGCONT) and answers into the pipe.
    """
    if sys.platform != "linux":
        test.skipTest("needs Linux's /proc and FIONREAD on a pipe")
    stop_server(test, process)
    fd = process.stdin.fileno()
    main = threading.main_thread().ident
    seen = threading.Event()

    def watch():
        buf = bytearray(4)
        for _ in range(60000):
            fcntl.ioctl(fd, termios.FIONREAD, buf)
            if struct.unpack("i", buf)[0] > 0:
                seen.set()
                signal.pthread_kill(main, signal.SIGUSR1)
                return
            time.sleep(0.001)

    def raise_interrupt(*_):
        raise _Interrupt()

    previous = signal.signal(signal.SIGUSR1, raise_interrupt)
    watcher = threading.Thread(target=watch, daemon=True)
    try:
        watcher.start()
        with test.assertRaises(_Interrupt):
            call()
    finally:
        watcher.join()
        signal.signal(signal.SIGUSR1, previous)
        if process.poll() is None:
            os.kill(process.pid, signal.SIGCONT)
    test.assertTrue(seen.is_set())


@needs_server
class InterruptedRequestTest(unittest.TestCase):
    def test_an_interrupted_step_closes_the_agent_loop(self):
        env = ForTheKingEnv(players=3, command=COMMAND)
        self.addCleanup(env.close)
        env.reset(seed=1)
        action = int(np.flatnonzero(env.last()[0]["action_mask"])[0])
        process = env._bridge.process
        interrupted_mid_request(self, process, lambda: env.step(action))
        for call in (env.game_state, lambda: env.observe("player_0"), env.reset):
            with self.subTest(call=call), self.assertRaises(ForTheKingError) as caught:
                call()
            self.assertEqual(caught.exception.code, "CLOSED")
            self.assertIn("interrupted", caught.exception.message)
        self.assertIsNotNone(process.poll())  # stopped and reaped
        env.close()  # still fine

    def test_an_interrupted_step_closes_the_vector_env(self):
        envs = VectorEnv(2, 3, seed=1, command=COMMAND)
        self.addCleanup(envs.close)
        _, mask, _ = envs.reset()
        process = envs._process
        interrupted_mid_request(self, process, lambda: envs.step(np.argmax(mask, axis=1)))
        for call in (lambda: envs.reset(seed=1), lambda: envs.step(np.argmax(mask, axis=1))):
            with self.subTest(call=call), self.assertRaises(ForTheKingError) as caught:
                call()
            self.assertEqual(caught.exception.code, "CLOSED")
            self.assertIn("interrupted", caught.exception.message)
        self.assertIsNotNone(process.poll())
        envs.close()


class NotTheProtocolTest(unittest.TestCase):
    """Programs that print text, not the protocol (a usage text, a banner): PROTOCOL errors, no server left."""

    def test_the_agent_loop_refuses_text_and_stops_the_program(self):
        marker = "ftk-not-the-protocol-aec"
        script = "read line; echo 'Usage: for-the-king <command>'; exec sleep 3600 2>/dev/null"
        with self.assertRaises(ForTheKingError) as caught:
            ForTheKingEnv(players=2, command=["sh", "-c", script, marker])
        self.assertEqual(caught.exception.code, "PROTOCOL")
        self.assertIn("Usage", caught.exception.message)
        self.assertEqual(live_children(marker), [])

    def test_the_agent_loop_refuses_a_line_cut_short(self):
        with self.assertRaises(ForTheKingError) as caught:
            ForTheKingEnv(players=2, command=["sh", "-c", "read line; printf '{\"players\":2'"])
        self.assertEqual(caught.exception.code, "PROTOCOL")

    def test_the_vector_env_refuses_text_before_allocating_for_it(self):
        # "Usage: f" read as a header is code 1734439765 and a length of 1.7 GB. The program reads
        # the make request's header first, so that the request is written before it exits.
        with self.assertRaises(ForTheKingError) as caught:
            VectorEnv(2, 2, command=["sh", "-c", "head -c 8 >/dev/null; echo 'Usage: for-the-king <command>'"])
        self.assertEqual(caught.exception.code, "PROTOCOL")

    def test_the_vector_env_refuses_a_json_frame_longer_than_any_answer(self):
        header = "\\001\\000\\000\\000\\377\\377\\377\\177"  # code 1 (JSON), length 2**31 - 1
        with self.assertRaises(ForTheKingError) as caught:
            VectorEnv(2, 2, command=["sh", "-c", f"head -c 8 >/dev/null; printf '{header}'"])
        self.assertEqual(caught.exception.code, "PROTOCOL")


@needs_server
class ServerLifetimeTest(unittest.TestCase):
    def test_a_garbage_collected_environment_stops_its_server(self):
        if sys.platform != "linux":
            self.skipTest("reads /proc")
        env = ForTheKingEnv(players=2, command=COMMAND)
        env.reset(seed=1)
        pid = env._bridge.process.pid
        del env
        gc.collect()
        self.assertIsNone(process_state(pid))  # killed and reaped, not left running or a zombie

    def test_numpy_integers_pass_and_options_json_cannot_hold_start_no_server(self):
        env = ForTheKingEnv(players=np.int64(3), command=COMMAND)
        self.addCleanup(env.close)
        self.assertEqual(env.players, 3)
        envs = VectorEnv(np.int64(2), np.int64(3), command=COMMAND)
        self.addCleanup(envs.close)
        self.assertEqual(envs.players, 3)
        marker = "ftk-never-started"
        for make in (
            lambda: ForTheKingEnv(players=2, variants={"payment": np.int64(1)}, command=["sh", "-c", "exec sleep 3600 2>/dev/null", marker]),
            lambda: VectorEnv(2, 2, variants={"payment": {1, 2}}, command=["sh", "-c", "exec sleep 3600 2>/dev/null", marker]),
        ):
            with self.subTest(make=make), self.assertRaises(ForTheKingError) as caught:
                make()
            self.assertEqual(caught.exception.code, "INVALID_OPTIONS")
        self.assertEqual(live_children(marker), [])


@needs_server
class StoppedServerTest(unittest.TestCase):
    """A server that stopped answering (SIGSTOP): ``close()`` waits ``CLOSE_WAIT`` seconds (5; 1 here), then kills it."""

    def setUp(self):
        if sys.platform != "linux":
            self.skipTest("reads /proc")
        patcher = mock.patch.object(for_the_king_protocol, "CLOSE_WAIT", 1)
        patcher.start()
        self.addCleanup(patcher.stop)

    def stop(self, process):
        stop_server(self, process)

    def closes(self, close, process):
        """Calls ``close`` in a thread: it must return within 15 s (the test kills the server otherwise, to end)."""
        closer = threading.Thread(target=close, daemon=True)
        closer.start()
        closer.join(15)
        if closer.is_alive():
            os.kill(process.pid, signal.SIGKILL)  # unblocks it
            closer.join()
            self.fail("close() was still waiting for the stopped server after 15 s")

    def test_the_agent_loop_and_the_parallel_env_close_a_stopped_server(self):
        for kind in (ForTheKingEnv, ForTheKingParallelEnv):
            with self.subTest(kind=kind.__name__):
                env = kind(players=4, command=COMMAND)
                self.addCleanup(env.close)
                env.reset(seed=1)
                process = env._bridge.process
                self.stop(process)
                self.closes(env.close, process)
                self.assertIsNone(process_state(process.pid))  # killed and reaped

    def test_a_clone_closed_on_a_stopped_server_stops_it(self):
        env = ForTheKingEnv(players=4, command=COMMAND)
        self.addCleanup(env.close)
        env.reset(seed=1)
        other = env.clone()
        process = env._bridge.process
        self.stop(process)
        self.closes(other.close, process)  # its drop is never answered
        self.assertIsNone(process_state(process.pid))
        with self.assertRaises(ForTheKingError) as caught:
            env.observe("player_0")
        self.assertEqual(caught.exception.code, "CLOSED")
        self.closes(env.close, process)

    def test_the_vector_env_closes_a_stopped_server(self):
        envs = VectorEnv(2, 4, seed=1, command=COMMAND)
        self.addCleanup(envs.close)
        envs.reset()
        process = envs._process
        self.stop(process)
        self.closes(envs.close, process)
        self.assertIsNone(process_state(process.pid))


if __name__ == "__main__":
    unittest.main()
