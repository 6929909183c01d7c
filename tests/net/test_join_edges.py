"""`join` and `host` at their edges: an address of another scheme and a stand-in delay that is
no number of seconds are refused in one line; a host that cannot be reached is retried, each
retry said in one line, then given up with a line saying so."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest
from helpers.cli import refused

from hanafuda_tui.net.client import JoinError, play_bot


@pytest.mark.parametrize("value", ["-1", "0", "nan", "inf", "-inf"])
def test_host_refuses_a_stand_in_delay_that_is_no_positive_finite_number(
    value: str, capsys: Any
) -> None:
    err = refused(capsys, "host", "--json", "--seats", "random,remote,remote",
                  f"--stand-in-after={value}")  # fmt: skip
    assert "--stand-in-after" in err


@pytest.mark.parametrize("where", ["http://127.0.0.1:1", "https://example.org", "ftp://x:1"])
def test_join_refuses_an_address_that_is_no_websocket_one(where: str, capsys: Any) -> None:
    err = refused(capsys, "join", where, "code", "--bot", "random")
    assert "join takes HOST:PORT" in err and "ws://" in err


def closed_port() -> int:
    """A port nothing listens on (it was free a moment ago)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_unreachable_host_is_retried_with_a_line_each_time_then_given_up() -> None:
    said: list[str] = []
    where = f"127.0.0.1:{closed_port()}"
    with pytest.raises(JoinError) as caught:
        asyncio.run(play_bot(where, "code", "random", retries=(0, 0, 0), say=said.append))
    assert len(said) == 3 and all("\n" not in line for line in said)
    assert [line.rsplit(" ", 1)[1] for line in said] == ["(1/3)", "(2/3)", "(3/3)"]
    assert all(f"cannot reach ws://{where}" in line and "trying again" in line for line in said)
    assert "gave up after 3 retries" in str(caught.value)
