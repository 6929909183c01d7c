"""What one address or one player may cost the server, and who may not come at all.

``Gate`` counts connections per address and per player, tables a player creates per hour, new
players an address registers per hour (and the server in all), and gives each connection its budget of messages (``net.limits.MessageBudget``: a burst, then a rate;
past it messages are dropped, then the connection closed). Each refusal is one reason a client
can be shown. Everything takes an injected clock.

The ban list (``load_bans``) is a text file the server reads: one address (``203.0.113.7``),
network (``198.51.100.0/24``, ``2001:db8::/32``) or ``name: <player name>`` a line; ``#`` starts a
comment line, and a comment after an address or network. A line that is none of these is
reported with its line number and skipped; the rest still apply.
"""

from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..net.limits import Clock, Counts, MessageBudget, MessageLimits, TokenBucket
from .identity import name_key

MAX_CONNECTIONS = 2000
"""Connections the server holds at once."""
CONNECTIONS_PER_ADDRESS = 20
"""Connections one address holds at once: players behind one router fit."""
CONNECTIONS_PER_PLAYER = 4
"""Connections one player holds at once (a table in a terminal, another in a browser...)."""
TABLES_PER_HOUR = 30
"""Tables one player may create each hour (a burst of that many, then one every 2 minutes)."""
TABLES_PER_HOUR_PER_ADDRESS = 60
"""Tables all the players of one address may create each hour."""
PLAYERS_PER_HOUR_PER_ADDRESS = 20
"""New players one address may register each hour (a burst of that many, then one every 3
minutes): a household or a club's first evening fits, a script squatting names does not."""
PLAYERS_PER_HOUR = 600
"""New players the whole server registers each hour, from however many addresses."""
MAX_HOURLY = 10_000
"""Addresses and players counted an hour at once before those whose counts have filled up again
are forgotten (the counts of many addresses stay bounded)."""
MAX_MESSAGE_BYTES = 16 << 10
"""The largest lobby message the server reads (a table's options are a few hundred bytes)."""
MAX_BAN_FILE = 1 << 20

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True)
class ServerLimits(MessageLimits):
    """The server's limits (the module's constants unless told other; a connection's rate of
    messages: the host's)."""

    max_connections: int = MAX_CONNECTIONS
    connections_per_address: int = CONNECTIONS_PER_ADDRESS
    connections_per_player: int = CONNECTIONS_PER_PLAYER
    tables_per_hour: int = TABLES_PER_HOUR
    tables_per_hour_per_address: int = TABLES_PER_HOUR_PER_ADDRESS
    players_per_hour_per_address: int = PLAYERS_PER_HOUR_PER_ADDRESS
    players_per_hour: int = PLAYERS_PER_HOUR
    max_message_bytes: int = MAX_MESSAGE_BYTES


@dataclass(frozen=True)
class BanList:
    """Addresses and networks that may not connect, and player names (by ``name_key``) that may
    not play."""

    networks: tuple[Network, ...] = ()
    names: frozenset[str] = frozenset()

    def bans_address(self, address: str) -> bool:
        """Whether ``address`` (as a connection gives it: IPv4, IPv6, IPv4 mapped into IPv6, with
        a zone or not) is in a banned network; an address that is none is not banned."""
        return in_networks(address, self.networks)

    def bans_name(self, name: str) -> bool:
        return name_key(name) in self.names


def in_networks(address: str, networks: tuple[Network, ...]) -> bool:
    """Whether ``address`` (IPv4, IPv6, IPv4 mapped into IPv6, with a zone or not) is in one of
    ``networks``; an address that is none is in none."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
    return any(ip in net or (mapped is not None and mapped in net) for net in networks)


@dataclass(frozen=True)
class TrustedProxies:
    """The proxies in front of the server (``--trusted-proxy``): a connection from one of them
    is counted, limited and banned under the address its ``X-Forwarded-For`` ends with (the
    client the proxy saw); from anywhere else the header is ignored, so a client cannot choose
    the address it is counted under."""

    networks: tuple[Network, ...] = ()

    @classmethod
    def parse(cls, specs: list[str]) -> TrustedProxies:
        """Addresses or networks; ValueError naming the first that is neither."""
        networks = []
        for spec in specs:
            try:
                networks.append(ipaddress.ip_network(spec.strip(), strict=False))
            except ValueError:
                raise ValueError(f"not an address or a network: {spec!r}") from None
        return cls(tuple(networks))

    def client_address(self, peer: str, forwarded: str | None) -> str:
        """The address a connection from ``peer`` is counted under."""
        if not forwarded or not in_networks(peer, self.networks):
            return peer
        last = forwarded.rsplit(",", 1)[-1].strip()
        try:
            return str(ipaddress.ip_address(last))
        except ValueError:
            return peer  # a proxy's header that names no address: the proxy's own


def parse_bans(text: str, source: str = "bans") -> tuple[BanList, list[str]]:
    """The ban list in ``text``, and one line (``source:line: why``) for each line skipped."""
    networks: list[Network] = []
    names: set[str] = set()
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head, colon, rest = line.partition(":")
        if colon and head.strip().lower() == "name":
            key = name_key(rest)
            if key:
                names.add(key)
            else:
                problems.append(f"{source}:{number}: a name to ban after 'name:'")
            continue
        spec = line.split("#", 1)[0].strip()
        try:
            networks.append(ipaddress.ip_network(spec, strict=False))
        except ValueError:
            shown = " ".join(spec.split())[:40]
            problems.append(
                f"{source}:{number}: not an address, a network or 'name: ...': {shown!r}; skipped"
            )
    return BanList(tuple(networks), frozenset(names)), problems


def load_bans(path: Path) -> tuple[BanList, list[str]]:
    """The ban list in the file ``path`` (none if there is no file), and one line for each line
    skipped, or for the file if it cannot be read."""
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BAN_FILE + 1)
    except FileNotFoundError:
        return BanList(), []
    except OSError as err:
        return BanList(), [f"{path}: {err.strerror or err}; no one is banned"]
    if len(data) > MAX_BAN_FILE:
        return BanList(), [f"{path}: larger than {MAX_BAN_FILE >> 10} KiB; no one is banned"]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        return BanList(), [f"{path}: not UTF-8 text (byte {err.start}); no one is banned"]
    return parse_bans(text, str(path))


@dataclass
class Gate:
    """The server's counts against its limits; each check says '' (go on) or why not."""

    limits: ServerLimits = field(default_factory=ServerLimits)
    bans: BanList = field(default_factory=BanList)
    clock: Clock = time.monotonic
    addresses: Counts = field(default_factory=Counts)
    players: Counts = field(default_factory=Counts)
    hourly: dict[tuple[str, str], TokenBucket] = field(default_factory=dict)
    """The buckets of what is counted an hour (tables, new players), by who is counted."""

    def connect(self, address: str) -> str:
        """A new connection from ``address``; counted unless refused."""
        if self.bans.bans_address(address):
            return "this address may not connect to this server"
        if self.addresses.total >= self.limits.max_connections:
            return "the server is full: try again later"
        if not self.addresses.take(address, self.limits.connections_per_address):
            return f"at most {self.limits.connections_per_address} connections from one address"
        return ""

    def disconnect(self, address: str) -> None:
        self.addresses.give(address)

    def identify(self, player_id: int, name: str) -> str:
        """A connection is player ``player_id``; counted unless refused."""
        if self.bans.bans_name(name):
            return "this player may not play on this server"
        if not self.players.take(str(player_id), self.limits.connections_per_player):
            return f"at most {self.limits.connections_per_player} connections for one player"
        return ""

    def leave(self, player_id: int) -> None:
        """A connection of an identified player ended."""
        self.players.give(str(player_id))

    def create_table(self, player_id: int, address: str) -> str:
        """Player ``player_id`` creates a table from ``address``; counted against both unless
        either is refused."""
        limits = self.limits
        return self._take(
            (
                self._bucket(("player", str(player_id)), limits.tables_per_hour),
                f"at most {limits.tables_per_hour} new tables an hour: try again later",
            ),
            (
                self._bucket(("address", address), limits.tables_per_hour_per_address),
                f"at most {limits.tables_per_hour_per_address} new tables an hour from one"
                " address: try again later",
            ),
        )

    def register(self, address: str) -> str:
        """A new player registers from ``address``; counted against the address and the server
        unless either is refused."""
        limits = self.limits
        return self._take(
            (
                self._bucket(("registering", address), limits.players_per_hour_per_address),
                f"at most {limits.players_per_hour_per_address} new players an hour from one"
                " address: try again later, or come back with your token",
            ),
            (
                self._bucket(("registering", ""), limits.players_per_hour),
                f"at most {limits.players_per_hour} new players an hour on this server: try"
                " again later",
            ),
        )

    @staticmethod
    def _take(*counted: tuple[TokenBucket, str]) -> str:
        """Take one from each bucket, or from none and say why the first empty one refuses."""
        for bucket, _ in counted:
            bucket.refill()
        for bucket, refusal in counted:
            if bucket.tokens < 1:
                return refusal
        for bucket, _ in counted:
            bucket.take()
        return ""

    def _bucket(self, key: tuple[str, str], per_hour: int) -> TokenBucket:
        bucket = self.hourly.get(key)
        if bucket is None:
            if len(self.hourly) >= MAX_HOURLY:
                self._forget_full()
            bucket = self.hourly[key] = TokenBucket(per_hour / 3600, per_hour, self.clock)
        return bucket

    def _forget_full(self) -> None:
        """Drop the buckets that have filled up again: a new one for the same key is the same."""
        for key, bucket in list(self.hourly.items()):
            bucket.refill()
            if bucket.tokens >= bucket.burst:
                del self.hourly[key]

    def budget(self) -> MessageBudget:
        """A new connection's budget of messages."""
        return self.limits.budget(self.clock)

    def too_large(self, message: str | bytes) -> str:
        """Why a received message is not read ('' if it may be)."""
        size = len(
            message.encode("utf-8", "surrogatepass") if isinstance(message, str) else message
        )
        if size > self.limits.max_message_bytes:
            return f"a message is at most {self.limits.max_message_bytes} bytes"
        return ""
