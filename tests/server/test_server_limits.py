"""The server's limits (connections per address and player, tables an hour, messages a second,
message size) on an injected clock, and its ban list: addresses, networks and names, comments,
and a malformed line reported by its number and skipped."""

from __future__ import annotations

from pathlib import Path

from hanafuda_tui.server.limits import MAX_HOURLY, Gate, ServerLimits, load_bans, parse_bans

BANS = """\
# who may not come
203.0.113.7
198.51.100.0/24   # a whole network
2001:db8::/32
name: Ｍａｌｌｏｒｙ
this is no address
10.0.0.300
name:
"""


def test_a_ban_list_reads_addresses_networks_and_names_and_skips_a_bad_line_by_number() -> None:
    bans, problems = parse_bans(BANS, "bans.txt")
    assert problems == [
        "bans.txt:6: not an address, a network or 'name: ...': 'this is no address'; skipped",
        "bans.txt:7: not an address, a network or 'name: ...': '10.0.0.300'; skipped",
        "bans.txt:8: a name to ban after 'name:'",
    ]
    for address in ("203.0.113.7", "198.51.100.200", "2001:db8::1", "::ffff:198.51.100.9"):
        assert bans.bans_address(address), address
    for address in ("203.0.113.8", "127.0.0.1", "2001:db9::1", "not an address", "fe80::1%eth0"):
        assert not bans.bans_address(address), address
    assert bans.bans_name("mallory") and bans.bans_name("MALLORY")
    assert not bans.bans_name("Alice")


def test_a_ban_file_that_is_missing_or_unreadable_bans_no_one_and_says_why(
    tmp_path: Path,
) -> None:
    assert load_bans(tmp_path / "none.txt")[1] == []
    (tmp_path / "bans.txt").write_bytes(b"203.0.113.7\n\xff\n")
    bans, problems = load_bans(tmp_path / "bans.txt")
    assert not bans.bans_address("203.0.113.7")
    assert len(problems) == 1 and "not UTF-8" in problems[0]
    (tmp_path / "good.txt").write_text("203.0.113.7\nnope\n", "utf-8")
    bans, problems = load_bans(tmp_path / "good.txt")
    assert bans.bans_address("203.0.113.7")
    assert problems == [
        f"{tmp_path / 'good.txt'}:2: not an address, a network or 'name: ...': 'nope'; skipped"
    ]


def test_connections_are_counted_per_address_and_in_all() -> None:
    gate = Gate(ServerLimits(max_connections=3, connections_per_address=2))
    assert gate.connect("192.0.2.1") == gate.connect("192.0.2.1") == ""
    assert "from one address" in gate.connect("192.0.2.1")
    assert gate.connect("192.0.2.2") == ""
    assert "full" in gate.connect("192.0.2.3")
    gate.disconnect("192.0.2.1")
    assert gate.connect("192.0.2.3") == ""


def test_a_banned_address_or_name_is_refused() -> None:
    bans, _ = parse_bans("192.0.2.0/28\nname: Mallory\n")
    gate = Gate(bans=bans)
    assert "may not connect" in gate.connect("192.0.2.5")
    assert gate.addresses.total == 0
    assert "may not play" in gate.identify(1, "mallory")
    assert gate.identify(2, "Alice") == ""


def test_connections_are_counted_per_player() -> None:
    gate = Gate(ServerLimits(connections_per_player=2))
    assert gate.identify(7, "Hana") == gate.identify(7, "Hana") == ""
    assert "connections for one player" in gate.identify(7, "Hana")
    assert gate.identify(8, "Tsuki") == ""
    gate.leave(7)
    assert gate.identify(7, "Hana") == ""


def test_tables_created_an_hour_come_back_with_time() -> None:
    now = [0.0]
    gate = Gate(ServerLimits(tables_per_hour=3), clock=lambda: now[0])
    assert [gate.create_table(1, "192.0.2.1") for _ in range(3)] == ["", "", ""]
    assert "at most 3 new tables an hour" in gate.create_table(1, "192.0.2.1")
    assert gate.create_table(2, "192.0.2.1") == ""
    now[0] += 1199.0
    assert gate.create_table(1, "192.0.2.1") != ""
    now[0] += 2.0
    assert gate.create_table(1, "192.0.2.1") == ""


def test_tables_created_an_hour_are_counted_per_address_too() -> None:
    gate = Gate(ServerLimits(tables_per_hour=2, tables_per_hour_per_address=3), clock=lambda: 0.0)
    assert [gate.create_table(n, "192.0.2.1") for n in (1, 2, 3)] == ["", "", ""]
    assert "from one address" in gate.create_table(4, "192.0.2.1")
    assert gate.create_table(4, "192.0.2.2") == ""
    assert gate.create_table(4, "192.0.2.2") == ""
    assert "at most 2 new tables an hour:" in gate.create_table(4, "192.0.2.3")
    assert gate.create_table(5, "192.0.2.3") == ""  # the refused one took nothing from its address


def test_new_players_an_hour_are_counted_per_address_and_in_all() -> None:
    now = [0.0]
    limits = ServerLimits(players_per_hour_per_address=2, players_per_hour=3)
    gate = Gate(limits, clock=lambda: now[0])
    assert [gate.register("192.0.2.1") for _ in range(2)] == ["", ""]
    assert "at most 2 new players an hour from one address" in gate.register("192.0.2.1")
    assert gate.register("192.0.2.2") == ""
    assert "at most 3 new players an hour on this server" in gate.register("192.0.2.3")
    now[0] += 1800  # half an hour: one more for each address, one and a half for the server
    assert gate.register("192.0.2.1") == ""
    assert gate.register("192.0.2.3") != ""


def test_the_hourly_counts_forget_those_filled_up_again() -> None:
    """However many addresses come, the counts kept are those still short of their burst."""
    now = [0.0]
    many = MAX_HOURLY + 5
    limits = ServerLimits(players_per_hour_per_address=1, players_per_hour=2 * many)
    gate = Gate(limits, clock=lambda: now[0])
    for n in range(many):
        assert gate.register(f"10.0.{n >> 8}.{n & 255}") == ""
    assert len(gate.hourly) == many + 1  # each address, and the server's
    now[0] += 3600  # every count full again
    assert gate.register("192.0.2.1") == ""
    assert len(gate.hourly) == 2


def test_messages_past_the_burst_are_dropped_then_the_connection_closed() -> None:
    now = [0.0]
    gate = Gate(
        ServerLimits(messages_per_second=1, message_burst=2, flood_drops=2), clock=lambda: now[0]
    )
    budget = gate.budget()
    assert [budget.take() for _ in range(5)] == ["read", "read", "drop", "drop", "close"]
    now[0] += 1.0
    assert budget.take() == "read"


def test_a_message_over_the_size_limit_is_not_read() -> None:
    gate = Gate(ServerLimits(max_message_bytes=10))
    assert gate.too_large("x" * 10) == ""
    assert gate.too_large("あ" * 4) == "a message is at most 10 bytes"
    assert gate.too_large(b"x" * 11) != ""
