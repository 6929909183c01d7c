"""What one connection or one address may cost a host: how many connections it holds, how many
join checks it has pending, how many spectators a table takes, how fast a connection may send;
and the host's log of what it refused, one line per kind at most every few seconds.

A host refuses what goes past a limit at once and cheaply (a connection over the caps is
dropped as it is accepted, before its handshake), so one player cannot slow or stop the others.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

MAX_CONNECTIONS = 1000
"""Connections a host holds at once (fewer if its open-file limit is lower)."""
MAX_PER_ADDRESS = 20
"""Connections one address holds at once: a table's players behind one router fit."""
MAX_SPECTATORS = 50
"""Spectators one table takes."""
MAX_JOIN_CHECKS = 4
"""Join codes one address may have checked at once; a wrong code takes WRONG_CODE_DELAY."""
MESSAGES_PER_SECOND = 5.0
"""What a connection may send each second besides one message for each update it is sent."""
MESSAGE_BURST = 20
"""Messages a connection may send at once before the rate above applies."""
FLOOD_DROPS = 50
"""Messages dropped for coming too fast (one more each second) before the connection is closed."""
RESERVED_FILES = 64
"""Open files a host keeps for itself (records, history, logs) below its open-file limit."""
LOG_EVERY = 10.0
"""Seconds between two lines of the same kind in the host's log of what it refused."""

Clock = Callable[[], float]


@dataclass(frozen=True)
class MessageLimits:
    """How fast one connection may send (the module's constants unless told other): what a
    host's and the server's limits share."""

    messages_per_second: float = MESSAGES_PER_SECOND
    message_burst: int = MESSAGE_BURST
    flood_drops: int = FLOOD_DROPS

    def budget(self, clock: Clock = time.monotonic) -> MessageBudget:
        """A new connection's budget of messages."""
        return MessageBudget(self.messages_per_second, self.message_burst, self.flood_drops, clock)


@dataclass(frozen=True)
class Limits(MessageLimits):
    """A host's limits (the module's constants unless told other)."""

    max_connections: int = MAX_CONNECTIONS
    max_per_address: int = MAX_PER_ADDRESS
    max_spectators: int = MAX_SPECTATORS
    max_join_checks: int = MAX_JOIN_CHECKS


class TokenBucket:
    """Up to ``burst`` tokens, ``rate`` more each second: an event may happen while one is left."""

    def __init__(self, rate: float, burst: float, clock: Clock = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.then = clock()

    def refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.then) * self.rate)
        self.then = now

    def take(self) -> bool:
        """Use a token if one is left."""
        self.refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def add(self, tokens: float = 1) -> None:
        self.refill()
        self.tokens = min(self.burst, self.tokens + tokens)


class MessageBudget:
    """What one connection may send: a burst, then ``rate`` messages a second and one more for
    each update it was sent (a client answers each decision once, however fast the table
    plays). Past it a message is dropped; past ``drops`` dropped messages (one more each
    second) the connection is closed."""

    def __init__(self, rate: float, burst: int, drops: int, clock: Clock = time.monotonic) -> None:
        self.messages = TokenBucket(rate, burst, clock)
        self.drops = TokenBucket(1.0, drops, clock)

    def take(self) -> Literal["read", "drop", "close"]:
        """What to do with the message just received."""
        if self.messages.take():
            return "read"
        return "drop" if self.drops.take() else "close"

    def grant(self) -> None:
        """The connection was sent an update: it may answer it."""
        self.messages.add()


class Counts:
    """How many of something each address holds now, and all addresses together."""

    def __init__(self) -> None:
        self.held: dict[str, int] = {}
        self.total = 0

    def take(self, address: str, most: int) -> bool:
        """Count one more for ``address`` unless it holds ``most`` already."""
        if self.held.get(address, 0) >= most:
            return False
        self.held[address] = self.held.get(address, 0) + 1
        self.total += 1
        return True

    def give(self, address: str) -> None:
        left = self.held.get(address, 0) - 1
        if left > 0:
            self.held[address] = left
        else:
            self.held.pop(address, None)
        self.total -= 1


def raise_open_files() -> int | None:
    """Raise this process's open-file limit to the most it may have; the limit now (None where
    there is none to read, as on Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (OSError, ValueError):
            pass
    return None if soft == resource.RLIM_INFINITY else soft


class RateLimitedLog:
    """One line per kind of event at most every ``every`` seconds, saying how many like it were
    left out since the last."""

    def __init__(
        self, report: Callable[[str], None], every: float = LOG_EVERY, clock: Clock = time.monotonic
    ) -> None:
        self.report = report
        self.every = every
        self.clock = clock
        self.last: dict[str, float] = {}
        self.left_out: dict[str, int] = {}

    def note(self, kind: str, line: str) -> None:
        now = self.clock()
        last = self.last.get(kind)
        if last is not None and now - last < self.every:
            self.left_out[kind] = self.left_out.get(kind, 0) + 1
            return
        self.last[kind] = now
        more = self.left_out.pop(kind, 0)
        self.report(f"{line} (and {more} more like it since)" if more else line)


class OneLineLogs(logging.Handler):
    """Warnings and errors of a library (websockets' server, asyncio's loop) as one rate-limited
    line each, their traceback left out, rather than printed as they come. Each host has its
    own: nothing is installed on a logger or a loop that another host shares."""

    def __init__(self, log: RateLimitedLog) -> None:
        super().__init__(logging.WARNING)
        self.log = log

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage().splitlines()[0] if record.getMessage() else record.name
        error = record.exc_info[1] if record.exc_info else None
        self.said(record.name, message, error)

    def said(self, name: str, message: str, error: object) -> None:
        line = f"{message}: {error}" if error is not None else message
        self.log.note(f"{name}: {message}", f"{name}: {line}")

    def logger(self, name: str) -> logging.Logger:
        """A logger of the host's own for a library (known to no other code): warnings and
        errors only, each a line of this log."""
        logger = logging.Logger(name, logging.WARNING)
        logger.addHandler(self)
        return logger

    def loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The event loop's exception handler: asyncio's errors (accept() out of files...)."""
        self.said("asyncio", str(context.get("message") or "error"), context.get("exception"))
