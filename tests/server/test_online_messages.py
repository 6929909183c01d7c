"""What the online client makes of a server message it cannot read: one line naming the field at
fault, printable whatever the server put in it."""

from __future__ import annotations

import pytest

from hanafuda_tui.net.protocol import Closed
from hanafuda_tui.server.online import LobbyConnection

SAID = "the server sent a message this client does not read: "


def told(raw: str) -> str:
    message = LobbyConnection(socket=None, url="ws://example.test").parse(raw)  # type: ignore[arg-type]
    assert isinstance(message, Closed)
    return message.reason


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ('{"type": "welcome", "player": "one", "name": "a"}', "welcome.player: "),
        ('{"type": "seated", "table": 1, "seat": 0, "invite": 5}', "seated.invite: "),
        ('{"type": "update", "seq": "x"}', "update: "),
        ('{"type": "nothing"}', "message: "),
    ],
)
def test_a_message_not_read_names_the_field(raw: str, field: str) -> None:
    reason = told(raw)
    assert reason.startswith(SAID + field), reason
    assert "\n" not in reason and "validation error" not in reason


def test_a_field_the_server_made_up_is_shown_printable() -> None:
    reason = told('{"type": "welcome", "player": 1, "name": "a", "\\u001b[2J": 1}')
    assert reason.startswith(SAID + "welcome.\\u001b[2J: ")
    assert "\x1b" not in reason


def test_text_that_is_no_json_is_one_line() -> None:
    reason = told("{not json")
    assert reason.startswith(SAID) and "\n" not in reason
