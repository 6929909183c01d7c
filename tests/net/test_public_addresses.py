"""A table on every interface (``--public``) says which of this machine's addresses others join
at and that 127.0.0.1 is for this machine only; hosted seats go by their default names."""

from __future__ import annotations

import argparse
import random

from hanafuda_tui.cli.together import listening_lines, seat_list
from hanafuda_tui.core.records import SeatRecord, new_game
from hanafuda_tui.net.addresses import reachable_addresses
from hanafuda_tui.net.host import Table


def table(seats: list[SeatRecord]) -> Table:
    game = new_game("koikoi3", random.Random(1), {"months": 3})
    return Table(game, seats, None, None, report=lambda line: None)  # dealt securely


def test_public_lists_the_addresses_others_use_and_loopback_is_this_machine_only() -> None:
    seats = seat_list(argparse.Namespace(seats="", names="", json=True), 3)
    lines = listening_lines("0.0.0.0", 8765, False, table(seats), lambda: ["192.168.1.20"])
    assert lines[1] == "  others join at: 192.168.1.20:8765"
    assert lines[2] == "  127.0.0.1:8765 is for this machine only"
    assert lines[3].startswith("  seat 1 (Player 1): hanafuda join 192.168.1.20:8765 ")
    assert lines[5].startswith("  seat 3 (Player 3): ")


def test_public_without_a_known_address_says_so_and_local_tables_name_loopback() -> None:
    seats = seat_list(argparse.Namespace(seats="remote,remote,normal", names="", json=True), 3)
    public = listening_lines("0.0.0.0", 9, False, table(seats), lambda: [])
    assert "none found" in public[1] and "127.0.0.1:9 is for this machine only" in public[2]
    local = listening_lines("127.0.0.1", 9, True, table(seats), lambda: ["10.0.0.2"])
    assert local[0].startswith("table at wss://127.0.0.1:9")
    assert local[1].startswith("  seat 1 (Player 1): hanafuda join 127.0.0.1:9 ")
    assert local[2].startswith("  seat 2 (Player 2): ")
    assert not any("10.0.0.2" in line for line in local)


def test_the_reachable_addresses_leave_out_loopback_and_repeats() -> None:
    found = reachable_addresses(
        lambda: ["127.0.1.1", "10.0.0.2", "192.168.1.20"], lambda: "192.168.1.20"
    )
    assert found == ["192.168.1.20", "10.0.0.2"]
    assert reachable_addresses(lambda: ["127.0.0.1"], lambda: None) == []
