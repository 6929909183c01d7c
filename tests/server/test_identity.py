"""Who a connection is: display names (width, control characters, escapes, markup kept
literally, NFKC duplicates) and tokens (only a hash kept, compared in constant time, a wrong one
refused once after the delay)."""

from __future__ import annotations

import asyncio
import hmac
from pathlib import Path
from unittest import mock

import pytest

from hanafuda_tui.server.identity import (
    MAX_NAME_CELLS,
    WRONG_TOKEN,
    Identities,
    IdentityError,
    check_name,
    name_key,
    secret_hash,
)
from hanafuda_tui.server.store import ServerStore


@pytest.mark.parametrize(
    "name",
    [
        "[red]Hana[/red]",
        "[bold]",
        "花子",
        "a" * MAX_NAME_CELLS,
        "あ" * (MAX_NAME_CELLS // 2),
        "O'Neil",
    ],
)
def test_a_name_of_visible_characters_within_its_width_is_kept_as_typed(name: str) -> None:
    assert check_name(name) == name
    assert check_name(f"  {name} ") == name


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("", "at least one visible"),
        ("   ", "at least one visible"),
        ("\u0301", "at least one visible"),
        ("a" * (MAX_NAME_CELLS + 1), "at most 20 cells wide (this one is 21)"),
        ("あ" * (MAX_NAME_CELLS // 2 + 1), "(this one is 22)"),
        ("a" + "\u0301" * 40, "at most 40 characters"),
        ("\x1b[31mred", "U+001B"),
        ("\x9b31mred", "U+009B"),
        ("bell\x07", "U+0007"),
        ("two\nlines", "U+000A"),
        ("tab\tbed", "U+0009"),
        ("\u202eevil", "U+202E"),
        ("zero\u200bwidth", "U+200B"),
        ("line\u2028sep", "U+2028"),
        ("wide\u3000space", "U+3000"),
    ],
)
def test_a_name_with_invisible_or_control_characters_or_too_wide_is_refused(
    name: str, said: str
) -> None:
    with pytest.raises(IdentityError) as caught:
        check_name(name)
    assert said in str(caught.value) and "\n" not in str(caught.value)


def test_names_that_read_the_same_after_nfkc_and_case_folding_share_a_key() -> None:
    assert name_key("Ｈａｎａ") == name_key("hana") == name_key("HANA")
    assert name_key("ﾊﾅ") == name_key("ハナ")
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("a  b") == name_key("a b")
    assert name_key("hana") != name_key("hanb")


def test_a_second_player_cannot_take_a_name_that_differs_only_in_width_or_case(
    tmp_path: Path,
) -> None:
    with ServerStore(tmp_path / "s.sqlite3") as store:
        identities = Identities(store)
        player, _ = identities.register("Hana")
        with pytest.raises(IdentityError, match="taken"):
            identities.register("ＨＡＮＡ")
        assert identities.register("[red]Hana[/]")[0].name == "[red]Hana[/]"
        assert store.player(player.id) == player


def test_only_a_hash_of_the_token_is_kept_and_the_token_identifies_its_player(
    tmp_path: Path,
) -> None:
    with ServerStore(tmp_path / "s.sqlite3") as store:
        identities = Identities(store)
        player, token = identities.register("Hana")
        secret = token.partition(".")[2]
        stored = store.token_hash(player.id)
        assert stored == secret_hash(secret) and stored not in (token, secret)
        assert all(token not in str(row) for row in store.query("SELECT * FROM players"))
        assert len(secret) >= 43
        with mock.patch("hmac.compare_digest", wraps=hmac.compare_digest) as compare:
            assert asyncio.run(identities.identify(token)) == player
        compare.assert_called_once_with(stored, secret_hash(secret))


@pytest.mark.parametrize(
    "wrong", ["", "1", "1.", ".x", "2.abc", "x.abc", "1.wrong", "1." + "a" * 500, "١.abc"]
)
def test_a_wrong_token_is_refused_with_one_reason_after_the_delay(
    tmp_path: Path, wrong: str
) -> None:
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    with ServerStore(tmp_path / "s.sqlite3") as store:
        identities = Identities(store, delay=1.5, sleep=sleep)
        identities.register("Hana")
        with pytest.raises(IdentityError) as caught:
            asyncio.run(identities.identify(wrong))
    assert str(caught.value) == WRONG_TOKEN
    assert waits == [1.5]


def test_a_right_token_waits_for_nothing(tmp_path: Path) -> None:
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    with ServerStore(tmp_path / "s.sqlite3") as store:
        identities = Identities(store, sleep=sleep)
        _, token = identities.register("Hana")
        asyncio.run(identities.identify(token))
    assert waits == []
