"""This machine's addresses that other machines may reach a table on (a table listening on every
interface, ``--public``), found without sending anything."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Callable

EVERY_INTERFACE = ("0.0.0.0", "::", "")
"""Listening addresses that mean every interface of this machine."""
LOOPBACK = "127.0.0.1"
"""The address a table on every interface is reached by from this machine only."""
PROBE = ("192.0.2.1", 9)
"""An address of TEST-NET-1 (RFC 5737): a UDP socket connected to it names the interface of the
default route; a UDP connect sends nothing."""


def reachable_addresses(
    host_addresses: Callable[[], list[str]] | None = None,
    outward: Callable[[], str | None] | None = None,
) -> list[str]:
    """This machine's IPv4 addresses other than loopback, the default route's first: the
    address of its host name (``getaddrinfo``) and the one a UDP socket would leave by."""
    found = [a for a in [(outward or outward_address)()] if a]
    found += (host_addresses or named_addresses)()
    return [a for a in dict.fromkeys(found) if not a.startswith("127.") and a != "0.0.0.0"]


def named_addresses() -> list[str]:
    """The IPv4 addresses this machine's host name resolves to ([] if it does not)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


def outward_address() -> str | None:
    """The address traffic to other networks leaves by (None without a route)."""
    with (
        contextlib.suppress(OSError),
        socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe,
    ):
        probe.connect(PROBE)
        return str(probe.getsockname()[0])
    return None
