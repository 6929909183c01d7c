"""The lobby's messages: strict, versioned, bounded; a frame that is none is one line."""

from __future__ import annotations

import json

import pytest

from hanafuda_tui.server.protocol import (
    MAX_LISTED,
    SERVER,
    CreateTable,
    Error,
    Hello,
    JoinTable,
    Leaderboard,
    LeaderRow,
    LobbyState,
    OpenTable,
    ProtocolError,
    QuickMatch,
    RealTime,
    TurnBased,
    Welcome,
    read_client,
    schema_text,
)


def frame(**fields: object) -> str:
    return json.dumps(fields, ensure_ascii=False)


def test_each_client_message_reads_back_as_itself() -> None:
    for message in (
        Hello(name="[red]Hana[/]"),
        Hello(token="1.secret"),
        CreateTable(ruleset="hanaawase", options={"players": 5}, time_control=TurnBased()),
        CreateTable(ruleset="koikoi2", rated=False, private=True),
        JoinTable(table=4, invite="abc"),
        QuickMatch(ruleset="koikoi3", bots_after=20),
    ):
        assert read_client(message.model_dump_json()) == message


def test_a_table_s_options_are_the_ruleset_s_and_make_its_seats() -> None:
    assert CreateTable(ruleset="hanaawase", options={"players": 5}).seats() == 5
    assert CreateTable(ruleset="koikoi2").seats() == 2
    with pytest.raises(ProtocolError, match="option nope: Extra inputs are not permitted"):
        read_client(frame(type="create", ruleset="koikoi3", options={"nope": 1}))


@pytest.mark.parametrize(
    ("sent", "said"),
    [
        (frame(type="hello", name="a", token="1.x"), "a name or a token, not both"),
        (frame(type="hello"), "a name or a token, not both"),
        (frame(type="hello", name="a", extra=1), "hello.extra: Extra inputs are not permitted"),
        (frame(v=True, type="hello", name="a"), "hello.v: should be 1"),
        (frame(v=2, type="hello", name="a"), "hello.v"),
        (frame(type="hello", name="x" * 41), "hello.name"),
        (frame(type="join", table="5"), "join.table: Input should be a valid integer"),
        (frame(type="join", table=0), "join.table"),
        (frame(type="join", table=1 << 63), "join.table"),
        (frame(type="create", ruleset="chess"), "not a ruleset of this server: 'chess'"),
        (frame(type="quick", ruleset="koikoi3", bots_after=601), "quick.bots_after"),
        (frame(type="leaderboard", ruleset="koikoi3", limit=1000), "leaderboard.limit"),
        (
            frame(
                type="create",
                ruleset="koikoi3",
                time_control={"kind": "realtime", "move_seconds": 1},
            ),
            "move_seconds",
        ),
        (
            frame(type="create", ruleset="koikoi3", options={str(n): n for n in range(33)}),
            "create.options",
        ),
        (frame(type="dance"), "does not match any of the expected tags"),
        ("{not json", "Invalid JSON"),
    ],
)
def test_a_frame_that_is_no_client_message_is_one_line(sent: str, said: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        read_client(sent)
    assert said in str(caught.value) and "\n" not in str(caught.value)


def test_a_binary_or_oversized_frame_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(ProtocolError, match="JSON text frames"):
        read_client(b'{"type": "hello", "name": "a"}')
    with pytest.raises(ProtocolError, match="larger than 100 bytes"):
        read_client(frame(type="hello", name="a" + " " * 100), max_bytes=100)
    with pytest.raises(ProtocolError, match="larger than 100 bytes"):
        read_client(frame(type="hello", name="あ" * 34), max_bytes=100)


def test_server_messages_read_back_and_their_lists_are_bounded() -> None:
    table = OpenTable(
        table=1,
        ruleset="koikoi3",
        options={},
        seats=3,
        free=2,
        players=["Hana"],
        time_control=RealTime(),
        rated=True,
        waiting_since=1.5,
    )
    for message in (
        Welcome(player=1, name="Hana", token="1.s"),
        LobbyState(open=[table]),
        Leaderboard(
            ruleset="koikoi3",
            rows=[LeaderRow(rank=1, player=1, name="Hana", bot=False, ordinal=3.2, games=4)],
        ),
        Error(reason="the name 'Hana' is taken"),
    ):
        assert SERVER.validate_json(message.model_dump_json()) == message
    too_many = LobbyState(open=[table]).model_dump() | {
        "open": [table.model_dump()] * (MAX_LISTED + 1)
    }
    with pytest.raises(ValueError, match="open"):
        SERVER.validate_python(too_many)


def test_the_schema_names_every_message() -> None:
    schema = json.loads(schema_text())
    text = json.dumps(schema)
    for name in ("Hello", "CreateTable", "QuickMatch", "LobbyState", "Leaderboard", "Error"):
        assert name in text
