"""What the For the King (and Me) wrappers share: the errors, the action check, the server command
and the JSON-lines bridge to ``for-the-king env-server``. Standard library and numpy only; import
these names from ``for_the_king_env`` (they are re-exported there).
"""

import base64
import json
import operator
import os
import select
import shlex
import shutil
import signal
import subprocess
import weakref

import numpy as np

__all__ = [
    "ACTION_COUNT",
    "ActionTypeError",
    "Bridge",
    "CLOSE_WAIT",
    "ForTheKingError",
    "InvalidActionError",
    "NotResetError",
    "UnknownAgentError",
    "action_index",
    "broken_message",
    "decode",
    "default_command",
    "ended_message",
    "options_text",
    "server_command",
    "start_server",
    "stop_process",
    "whole",
]

#: Length of every action mask (action indexes 0 ... 363, the same for every player count).
ACTION_COUNT = 364

#: How long ``close()`` waits for a server, in seconds: for the answer to a clone's ``drop``, and for
#: the server to stop after ``close``. A server still running then (one that stopped answering) is killed.
CLOSE_WAIT = 5


class ForTheKingError(Exception):
    """An error of the environment: ``code`` is the library's error code (``ILLEGAL_ACTION``, ...)."""

    def __init__(self, code, message):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def __str__(self):
        return f"{self.code}: {self.message}"


class ActionTypeError(ForTheKingError, TypeError):
    """An action that is not an integer: a float, a string, a bool, ``None`` for an agent still playing."""

    def __init__(self, message):
        super().__init__("MALFORMED_ACTION", message)


class InvalidActionError(ForTheKingError, ValueError):
    """An integer action outside 0 ... 363, or actions of the wrong shape for a batch."""

    def __init__(self, message):
        super().__init__("MALFORMED_ACTION", message)


class NotResetError(ForTheKingError, RuntimeError):
    """``step``, ``observe`` or ``last`` before the first ``reset``."""

    def __init__(self, message):
        super().__init__("NO_RESET", message)


class UnknownAgentError(ForTheKingError, KeyError):
    """An agent name that is not one of the game's (``player_0`` ... ``player_{N-1}``)."""

    def __init__(self, message):
        super().__init__("UNKNOWN_AGENT", message)


def action_index(action, count=ACTION_COUNT):
    """``action`` as an ``int`` action index, checked: integers only, from 0 to ``count - 1``.

    Raises :class:`ActionTypeError` for a float, a string, a bool or ``None``, and
    :class:`InvalidActionError` for an integer out of range.
    """
    if isinstance(action, (bool, np.bool_)):
        raise ActionTypeError(f"an action is an integer action index from 0 to {count - 1}, got the bool {action!r}")
    try:
        index = operator.index(action)
    except TypeError:
        raise ActionTypeError(
            f"an action is an integer action index from 0 to {count - 1}, got {type(action).__name__} {action!r}"
        ) from None
    if not 0 <= index < count:
        raise InvalidActionError(f"an action index is from 0 to {count - 1}, got {index}")
    return index


class SeedError(ForTheKingError, ValueError):
    """A seed that is not an int, a finite float or a string, or an int JavaScript cannot hold exactly."""

    def __init__(self, message):
        super().__init__("INVALID_OPTIONS", message)


#: The largest integer a JavaScript number holds exactly (``Number.MAX_SAFE_INTEGER``).
MAX_SEED = 2**53 - 1


def seed_value(seed):
    """``seed`` as the bridge sends it: ``None``, a string, an ``int`` (numpy's too) or a finite float.

    Raises :class:`SeedError` for a bool, NaN or an infinity, another type, or an integer beyond
    ``±(2**53 - 1)``: JavaScript would round it, and two seeds would play the same games (pass
    such a seed as a string, ``str(seed)``).
    """
    if seed is None or isinstance(seed, str):
        return seed
    if isinstance(seed, (bool, np.bool_)):
        raise SeedError(f"a seed is an int or a string, got the bool {seed!r}")
    if isinstance(seed, (float, np.floating)):
        value = float(seed)
        if value != value or value in (float("inf"), float("-inf")):
            raise SeedError(f"a seed is an int or a string, got {value!r}")
        return value
    try:
        value = operator.index(seed)
    except TypeError:
        raise SeedError(f"a seed is an int or a string, got {type(seed).__name__} {seed!r}") from None
    if abs(value) > MAX_SEED:
        raise SeedError(
            f"an int seed is at most 2**53 - 1 in size (JavaScript would round {value}); pass it as a string: str(seed)"
        )
    return value


def whole(x):
    """``x`` as a plain ``int`` when it is a whole number (numpy's too, not a bool), else ``x`` as it is.

    For the options sent to the server: ``players=np.int64(4)`` is sent as ``4``; anything else
    goes as it is, for the server to check and refuse with its own code.
    """
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer)):
        return x
    return operator.index(x)


def options_text(options):
    """The JSON text of ``options``, before any server starts: raises :class:`ForTheKingError`
    (``INVALID_OPTIONS``) for a value JSON cannot hold (a numpy array, a set, ...)."""
    try:
        return json.dumps(options, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as e:
        raise ForTheKingError("INVALID_OPTIONS", f"the options must be plain JSON values: {e}") from None


def stop_process(process):
    """Stops a server nobody will talk to again: closes its input and output, kills it, reaps it.

    Used when an environment is garbage collected without ``close()``, and when a request was cut
    off (its answer would be read as the next request's).
    """
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            try:
                stream.close()
            except (OSError, ValueError):
                pass  # buffered bytes the dead or stopped server cannot take
    if process.poll() is None:
        process.kill()
        process.wait()


def ended_message(process, command, what="the server closed its output"):
    """Why the server ``process`` (started by ``command``) cannot answer: ``what`` happened, its exit
    code or the signal that killed it, the command, and how to name another one.

    Waits a moment for the exit code: a server's output closes just before it is reaped.
    """
    try:
        code = process.wait(timeout=2)
    except subprocess.TimeoutExpired:
        code = None
    if code is None:
        status = "still running"
    elif code < 0:
        try:
            status = f"killed by signal {signal.Signals(-code).name}"
        except ValueError:
            status = f"killed by signal {-code}"
    else:
        status = f"exit code {code}"
    return f"{what} ({status}); {command_advice(command)}"


def command_advice(command, started=True):
    """The end of a message about a server that cannot answer: its ``command`` (and, when it
    ``started``, where its error output went), and how to name another one."""
    output = " (its error output, if any, is above)" if started else ""
    return f"the command was {shlex.join(str(part) for part in command)}{output}. {_HOW}"


_HOW = (
    "Pass command=[...] or set FOR_THE_KING_ENV_COMMAND to a working env-server command, "
    "e.g. 'node node_modules/for-the-king-and-me/dist/cli.js env-server'"
)


def broken_message(error):
    """Why a bridge refuses every call after ``error`` cut a request off before its whole answer was read.

    A ``CLOSED`` error (the server ended on its own) is its own reason: nothing was interrupted.
    """
    if isinstance(error, ForTheKingError) and error.code == "CLOSED":
        return error.message
    what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    return (
        f"a request was interrupted before its whole answer was read ({what}), so the server was stopped: "
        "its answer would have been read as the next request's. Make a new environment"
    )


def default_command():
    """The command that starts the server when none is given (without ``--vector``)."""
    configured = os.environ.get("FOR_THE_KING_ENV_COMMAND")
    if configured:
        return shlex.split(configured)
    if shutil.which("for-the-king"):
        return ["for-the-king", "env-server"]
    return ["npx", "--no-install", "for-the-king", "env-server"]


def server_command(command):
    """The server command as a list: ``command`` (a string is split as a shell would, :func:`shlex.split`),
    or :func:`default_command` when it is ``None``."""
    if command is None:
        return default_command()
    if isinstance(command, str):
        return shlex.split(command)
    return list(command)


def start_server(command, **options):
    """Starts ``command`` (a list) with pipes to its input and output (``options`` go to ``Popen``).

    A command that cannot start (an empty one, a program that is not there or cannot be run)
    raises :class:`ForTheKingError` ``CLOSED`` naming it, as a server that exits at once does.
    """
    if not command:
        raise ForTheKingError("CLOSED", f"the server command is empty. {_HOW}")
    try:
        return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, **options)
    except (OSError, ValueError) as e:
        why = f"the server could not start ({type(e).__name__}: {e})"
        raise ForTheKingError("CLOSED", f"{why}; {command_advice(command, started=False)}") from None


class Bridge:
    """One ``env-server`` process: send a request, read its answer (one JSON line each).

    Environments made by ``clone()`` share their original's bridge; the process stops when the
    last of them is closed, or when the bridge is garbage collected. A clone garbage collected
    without ``close()`` is :meth:`dropped <drop_later>`: the server frees it with the next request. A request cut off before its
    whole answer was read (a ``KeyboardInterrupt``, an answer that is not the protocol) stops the
    process too, and every later request raises :class:`ForTheKingError` ``CLOSED``: the answer
    left in the pipe would otherwise be read as the next request's.
    """

    def __init__(self, command=None):
        #: The command that started the server, for the errors.
        self.command = server_command(command)
        self.process = start_server(self.command)
        self.users = 1
        #: The server-side environments of clones collected without ``close()``, dropped with the next request.
        self.dropped = []
        #: Why every request is refused, once one was cut off (``None`` while the bridge works).
        self.broken = None
        self._finalizer = weakref.finalize(self, stop_process, self.process)

    def _break(self, error):
        self.broken = broken_message(error)
        self._finalizer.detach()
        stop_process(self.process)

    def drop_later(self, env):
        """A clone's environment ``env`` is no longer used (its wrapper was garbage collected): the
        server drops it with the next request, and the bridge has one user fewer (:meth:`close`).
        No I/O here while other users are left: the collector may run in the middle of another
        request. The last user stops the server at once (nobody is in a request then)."""
        self.dropped.append(env)
        self.close()

    def request(self, **message):
        """Sends ``message`` and returns the answer; raises :class:`ForTheKingError` for an error answer."""
        return self._exchange(message, None)

    def request_within(self, seconds, **message):
        """:meth:`request`, but a server that has not begun its answer after ``seconds`` is stopped and
        the bridge refuses every later request (``CLOSED``). Where a pipe cannot be polled (Windows),
        it waits as :meth:`request` does."""
        return self._exchange(message, seconds)

    def _answer_line(self, seconds):
        if seconds is not None:
            # Only one answer is ever outstanding, so the reader holds nothing of it yet: the pipe tells.
            try:
                ready = select.select([self.process.stdout], [], [], seconds)[0]
            except (OSError, ValueError):
                ready = True
            if not ready:
                raise ForTheKingError(
                    "CLOSED", f"the server did not answer within {seconds} s, so it was stopped; {command_advice(self.command)}"
                )
        return self.process.stdout.readline()

    def _exchange(self, message, seconds):
        if self.broken is not None:
            raise ForTheKingError("CLOSED", self.broken)
        if self.process.poll() is not None:
            raise ForTheKingError("CLOSED", ended_message(self.process, self.command, "the server has exited"))
        while self.dropped:
            try:
                self._send({"cmd": "drop", "env": self.dropped.pop()}, seconds)
            except ForTheKingError as e:
                if e.code in ("CLOSED", "PROTOCOL"):
                    raise
        return self._send(message, seconds)

    def _send(self, message, seconds):
        data = json.dumps(message, separators=(",", ":")).encode() + b"\n"
        # From the first byte written to the answer's last byte read, anything that stops us
        # (Ctrl-C included) leaves the pipe out of step: the bridge breaks, and the error goes on.
        try:
            try:
                self.process.stdin.write(data)
                self.process.stdin.flush()
            except (BrokenPipeError, ValueError) as e:
                raise ForTheKingError("CLOSED", ended_message(self.process, self.command, "the server has exited")) from e
            line = self._answer_line(seconds)
            if not line:
                raise ForTheKingError("CLOSED", ended_message(self.process, self.command))
            try:
                answer = json.loads(line)
            except ValueError:
                raise ForTheKingError("PROTOCOL", f"the server answered something that is not a JSON line: {line[:200]!r}") from None
            if not isinstance(answer, dict):
                raise ForTheKingError("PROTOCOL", f"the server answered {type(answer).__name__}, not a JSON object: {line[:200]!r}")
        except BaseException as e:
            self._break(e)
            raise
        error = answer.get("error")
        if isinstance(error, dict):
            raise ForTheKingError(error.get("code", "ERROR"), error.get("message", ""))
        if error is not None:
            raise ForTheKingError("ERROR", str(error))
        return answer

    def close(self):
        """One user fewer; the last one asks the server to stop and waits for it (killing it after
        ``CLOSE_WAIT``, 5 s: the answer is not awaited, so a server that stopped answering is killed too)."""
        self.users -= 1
        if self.users > 0:
            return
        try:
            if self.process.poll() is None and self.broken is None:
                try:
                    self.process.stdin.write(b'{"cmd":"close"}\n')
                    self.process.stdin.flush()
                except (OSError, ValueError):
                    pass  # it has exited: reaped below
                self.process.stdin.close()
                self.process.wait(timeout=CLOSE_WAIT)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            pass  # stopped below
        finally:
            # Even when the wait is interrupted: no server outlives its last environment.
            self._finalizer.detach()
            stop_process(self.process)


def decode(value, dtype):
    """An array from the server: base64 of little-endian bytes, or a JSON list."""
    if isinstance(value, str):
        little = np.dtype(dtype).newbyteorder("<")
        return np.frombuffer(base64.b64decode(value), dtype=little).astype(dtype)
    return np.asarray(value, dtype=dtype)
