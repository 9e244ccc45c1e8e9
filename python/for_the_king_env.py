"""For the King (and Me) as a learning environment for Python.

A thin wrapper around ``for-the-king env-server`` (JSON lines over a pipe) from the npm package
``for-the-king-and-me``. Standard library and numpy only. When ``pettingzoo`` can be imported,
:class:`ForTheKingEnv` is a PettingZoo ``AECEnv``; otherwise it is a plain class with the same
methods (``reset``, ``observe``, ``step``, ``last``, ``agent_iter``, ``agents``, ``rewards``,
``terminations``, ``truncations``, ``infos``, ``agent_selection``).

    from for_the_king_env import ForTheKingEnv

    env = ForTheKingEnv(players=4)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            print(agent, reward, info["points"])   # the game is over: its reward and points
            action = None
        else:
            legal = obs["action_mask"].nonzero()[0]
            action = int(legal[0])          # a policy would read obs["observation"]
        env.step(action)
    env.close()

Observations are ``{"observation": float32[OBSERVATION_SIZE], "action_mask": int8[364]}``; the
features are documented in docs/env.md of the package. Agents are named ``player_0`` ...
``player_{N-1}`` (the game's seats). Rewards come at the end: 1 to the winner, a shared win
split, 0 to the others (or the points scored with ``reward="points"``).

The server command is, in order: the ``command`` argument, the ``FOR_THE_KING_ENV_COMMAND``
environment variable (split like a shell would), ``for-the-king env-server`` when it is on the
PATH, else ``npx --no-install for-the-king env-server``.
"""

import base64
import json
import os
import shlex
import shutil
import subprocess

import numpy as np

__all__ = ["ForTheKingEnv", "ForTheKingError", "Bridge", "ACTION_COUNT", "env"]

#: Length of every action mask (action indexes 0 ... 363, the same for every player count).
ACTION_COUNT = 364


class ForTheKingError(Exception):
    """An error answered by the server: ``code`` is the library's error code (``ILLEGAL_ACTION``, ...)."""

    def __init__(self, code, message):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def default_command():
    """The command that starts the server when none is given."""
    configured = os.environ.get("FOR_THE_KING_ENV_COMMAND")
    if configured:
        return shlex.split(configured)
    if shutil.which("for-the-king"):
        return ["for-the-king", "env-server"]
    return ["npx", "--no-install", "for-the-king", "env-server"]


class Bridge:
    """One ``env-server`` process: send a request, read its answer (one JSON line each)."""

    def __init__(self, command=None):
        self.process = subprocess.Popen(
            list(command) if command is not None else default_command(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )

    def request(self, **message):
        """Sends ``message`` and returns the answer; raises :class:`ForTheKingError` for an error answer."""
        if self.process.poll() is not None:
            raise ForTheKingError("CLOSED", f"the server has exited (code {self.process.returncode})")
        self.process.stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise ForTheKingError("CLOSED", "the server closed its output")
        answer = json.loads(line)
        error = answer.get("error")
        if error is not None:
            raise ForTheKingError(error.get("code", "ERROR"), error.get("message", ""))
        return answer

    def close(self):
        """Asks the server to stop and waits for it."""
        if self.process.poll() is None:
            try:
                self.request(cmd="close")
            except (ForTheKingError, BrokenPipeError, OSError):
                pass
            self.process.stdin.close()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process.stdout.close()


def _decode(value, dtype):
    if isinstance(value, str):
        little = np.dtype(dtype).newbyteorder("<")
        return np.frombuffer(base64.b64decode(value), dtype=little).astype(dtype)
    return np.asarray(value, dtype=dtype)


class _ForTheKingCore:
    """The environment's methods, shared by the PettingZoo and the plain class."""

    metadata = {"name": "for_the_king_v0", "render_modes": ["human"], "is_parallelizable": False}

    def __init__(self, players=4, variants=None, reward="win", seed=None, command=None, render_mode=None):
        self.render_mode = render_mode
        self._bridge = Bridge(command)
        make = {"cmd": "make", "players": players, "reward": reward, "encoding": "base64"}
        if variants is not None:
            make["variants"] = variants
        if seed is not None:
            make["seed"] = seed
        info = self._bridge.request(**make)
        self.players = info["players"]
        self.observation_size = info["observationSize"]
        self.action_count = info["actionCount"]
        #: The observation's groups: ``[{"name", "offset", "size"}, ...]`` (see docs/env.md).
        self.layout = info["layout"]
        self.possible_agents = [f"player_{p}" for p in range(self.players)]
        self._seat = {name: p for p, name in enumerate(self.possible_agents)}
        self.agents = []
        self.rewards = {}
        self._cumulative_rewards = {}
        self.terminations = {}
        self.truncations = {}
        self.infos = {}
        self.agent_selection = None
        self._cache = {}
        self._last = None
        self._spaces = None

    # -- spaces ------------------------------------------------------------------------------

    def _make_spaces(self):
        try:
            from gymnasium import spaces
        except ImportError:
            return None
        observation = spaces.Dict(
            {
                "observation": spaces.Box(low=0.0, high=15.0, shape=(self.observation_size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.action_count,), dtype=np.int8),
            }
        )
        return observation, spaces.Discrete(self.action_count)

    def observation_space(self, agent):
        """A gymnasium ``Dict`` space when gymnasium is installed, else a description of the shapes."""
        if self._spaces is None:
            self._spaces = self._make_spaces() or (
                {"observation": (self.observation_size,), "action_mask": (self.action_count,)},
                self.action_count,
            )
        return self._spaces[0]

    def action_space(self, agent):
        """``Discrete(364)`` when gymnasium is installed, else the number of action indexes."""
        self.observation_space(agent)
        return self._spaces[1]

    # -- the agent loop ----------------------------------------------------------------------

    def _take_turn(self, answer):
        self._last = answer
        self._cache = {}
        done = answer["done"]
        for p, name in enumerate(self.possible_agents):
            reward = float(answer["rewards"][p])
            self.rewards[name] = reward
            self._cumulative_rewards[name] = self._cumulative_rewards.get(name, 0.0) + reward
            self.terminations[name] = done
        if done:
            self.agent_selection = self.agents[0] if self.agents else None
            for name in self.possible_agents:
                self.infos[name] = {"points": answer["points"][self._seat[name]], "winners": answer["winners"]}
        else:
            agent = f"player_{answer['agent']}"
            self.agent_selection = agent
            self._cache[agent] = self._observation(answer)

    def _observation(self, answer):
        return {
            "observation": _decode(answer["observation"], np.float32),
            "action_mask": _decode(answer["mask"], np.uint8).astype(np.int8),
        }

    def reset(self, seed=None, options=None):
        """Starts a new game; ``seed`` (an int or a string) makes it reproducible."""
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        request = {"cmd": "reset"}
        if seed is not None:
            request["seed"] = seed
        self._take_turn(self._bridge.request(**request))

    def observe(self, agent):
        """``{"observation": float32[...], "action_mask": int8[364]}`` for ``agent`` (a mask of zeros unless it is to act)."""
        cached = self._cache.get(agent)
        if cached is None:
            cached = self._observation(self._bridge.request(cmd="observe", agent=self._seat[agent]))
            self._cache[agent] = cached
        return cached

    def last(self, observe=True):
        """``(observation, cumulative reward, termination, truncation, info)`` of the agent to act."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action):
        """Plays action index ``action`` for the agent to act; ``None`` for an agent whose game is over."""
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            if action is not None:
                raise ValueError("the game is over for this agent: step(None)")
            # PettingZoo's dead step: the agent leaves, with its entries; the next finished agent is selected.
            self.agents.remove(agent)
            for table in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
                del table[agent]
            for name in self.rewards:
                self.rewards[name] = 0.0
            self.agent_selection = self.agents[0] if self.agents else None
            return
        answer = self._bridge.request(cmd="step", action=int(action))
        self._cumulative_rewards[agent] = 0.0
        self._take_turn(answer)

    def agent_iter(self, max_iter=2**63):
        """Yields the agent to act until every agent is done (PettingZoo's loop)."""
        count = 0
        while self.agents and count < max_iter:
            yield self.agent_selection
            count += 1

    def action_of(self, action):
        """The action (as the library's JSON object) that index ``action`` means for the agent to act."""
        return self._bridge.request(cmd="action", action=int(action))["action"]

    def game_state(self):
        """The full game state as JSON, hidden cards included (for logging; never for a policy)."""
        return self._bridge.request(cmd="state")["state"]

    def render(self):
        """Prints the last answer's agent, step count and rewards."""
        if self._last is not None:
            print(f"step {self._last['steps']}: agent {self._last['agent']}, rewards {self._last['rewards']}")

    def close(self):
        """Stops the server."""
        self._bridge.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


try:
    from pettingzoo import AECEnv as _AECEnv
except ImportError:  # pettingzoo is optional
    _AECEnv = None

if _AECEnv is not None:

    class ForTheKingEnv(_ForTheKingCore, _AECEnv):
        """For the King (and Me) as a PettingZoo AEC environment."""

        def __init__(self, *args, **kwargs):
            _AECEnv.__init__(self)
            _ForTheKingCore.__init__(self, *args, **kwargs)

else:

    class ForTheKingEnv(_ForTheKingCore):
        """For the King (and Me) as a plain agent-loop environment (install pettingzoo for the AECEnv base class)."""


def env(**kwargs):
    """PettingZoo-style constructor: ``env(players=4)``."""
    return ForTheKingEnv(**kwargs)
