"""Every event and result of seeded games rendered as screen text, names shown as plain text."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from textual.content import Content

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core.events import Played, Seated
from hanafuda_tui.core.game import Game
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.rulesets import RULESETS
from hanafuda_tui.ui.i18n import set_lang
from hanafuda_tui.ui.rulesets.hachihachi import screen as hachihachi
from hanafuda_tui.ui.screens.results import MonthShown, result_parts, sheet_table, standings
from hanafuda_tui.ui.text import ZERO_WIDTH, event_line, plain

NAMES = ("Bob[", "[red]\\[", "[b]x\\", "[/]")
"""Seat names that are not markup: each must be shown exactly as typed."""
UNTRANSLATED = ("log.", "reason.", "result.", "event.", "hh.", "sheet.")


def played(ruleset: str, seed: int, players: int | None = None) -> Game:
    """A whole seeded game of random bots (``players`` seated, if the ruleset lets it choose)."""
    options = {} if players is None else {"players": players}
    game = new_game(ruleset, random.Random(seed), options)
    bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(game.players)]
    while not game.is_over:
        game.apply(bots[game.to_act].act(game.view(game.to_act)))
    return game


def shown(renderable: object) -> str:
    """What the terminal would show for a Content or a Rich renderable (plain text)."""
    if isinstance(renderable, str):
        renderable = Content.from_markup(renderable)
    if isinstance(renderable, Content):
        return renderable.plain.replace(ZERO_WIDTH, "")
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text().replace(ZERO_WIDTH, "")


def shape(thing: Any) -> tuple[object, ...]:
    """What decides how an event or a result is worded (its kind, who, which fields are set)."""
    if hasattr(thing, "flat"):
        flat = thing.flat()
        return (
            flat.kind,
            flat.seat >= 0,
            flat.card >= 0,
            bool(flat.cards),
            flat.names[:1],
            bool(flat.value),
            bool(flat.amounts),
        )
    return (type(thing).__name__, thing.winner >= 0, thing.reason, bool(getattr(thing, "yaku", ())))


def rendered(games: Sequence[Game], names: Sequence[str]) -> Iterator[tuple[str, str]]:
    """(what, text) for one event and one month result of every shape in ``games``, and the
    score sheet and standings of the first three."""
    seen: set[tuple[object, ...]] = set()
    for game in games:
        settled = game.settlements
        for e in game.log:
            line = event_line(e, names, game.ruleset) if shape(e) not in seen else None
            seen.add(shape(e))
            if line is not None:
                yield e.flat().kind, shown(line)
        for r in game.results:
            if shape(r) not in seen:
                seen.add(shape(r))
                title, body = result_parts(MonthShown(game.ruleset, r, names, game.scores, settled))
                yield "result", " ".join([shown(title), *map(shown, body)])
    for game in games[:3]:
        sheet = hachihachi.sheet_table if game.ruleset == "hachihachi" else sheet_table
        yield "sheet", shown(sheet(game, names))
        yield "standings", shown("\n".join(standings(game, names)))


@pytest.mark.long
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_event_and_result_of_seeded_games_renders_in_both_languages(ruleset: str) -> None:
    """A 花合わせ round ending in フケ has no winner and no reason name on its round-end event;
    every other way a month ends is covered by the same games."""
    names = NAMES[: RULESETS[ruleset].table_sizes[0]]
    games = [played(ruleset, seed) for seed in range(60 if ruleset == "hachihachi" else 120)]
    try:
        for lang in ("ja", "en"):
            set_lang(lang)
            for what, text in rendered(games, names):
                assert not any(key in text for key in UNTRANSLATED), (what, text)
                if what in ("result", "sheet", "standings"):
                    assert all(name in text for name in names), (what, text)
    finally:
        set_lang("ja")
    if ruleset == "hanaawase":
        assert any(r.reason == "fuke" for game in games for r in game.results)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_hanaawase_with_more_seated_renders_every_event_and_result(players: int) -> None:
    """出る・下る, しばり, 追い込み and the seating each have their own sentence; every seated
    player, in or out, is named on each result, the sheet and the standings."""
    names = [f"P{i}[" for i in range(players)]
    games = [played("hanaawase", seed, players) for seed in range(12)]
    seating = {"deru", "oriru", "shibari", "oikomi", "seated"}
    assert seating <= {e.flat().kind for game in games for e in game.log}
    try:
        for lang in ("ja", "en"):
            set_lang(lang)
            for what, text in rendered(games, names):
                assert not any(key in text for key in UNTRANSLATED), (what, text)
                assert what not in seating or what not in text, (what, text)
                if what in ("result", "sheet", "standings"):
                    assert all(name in text for name in names), (what, text)
            seated = next(e for e in games[0].log if isinstance(e, Seated))
            text = shown(event_line(seated, names, "hanaawase") or "")
            assert all(names[s] in text for s in seated.players), text
    finally:
        set_lang("ja")


def test_every_seat_is_named_exactly_in_the_log() -> None:
    names = NAMES[:3]
    game = played("koikoi3", 1)
    lines = [
        shown(event_line(e, names, "koikoi3") or "") for e in game.log if isinstance(e, Played)
    ]
    assert {name for name in names if any(line.startswith(name) for line in lines)} == set(names)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="[]\\/ab@=#$ ", max_size=12))
def test_a_name_is_shown_as_typed_wherever_markup_surrounds_it(name: str) -> None:
    for template in ("{}", "[b]{}[/b]", "{} [dim]y[/]", "[reverse]{}[/]x", "[b]{}[/b] [dim]{}[/]"):
        markup = template.format(*[plain(name)] * template.count("{}"))
        expected = template.replace("[b]", "").replace("[/b]", "").replace("[dim]", "")
        expected = expected.replace("[/]", "").replace("[reverse]", "")
        assert shown(markup) == expected.format(*[name] * template.count("{}"))


def test_a_name_never_sends_a_terminal_control() -> None:
    name = "Bob\x1b]0;owned\x1b\\\x1b[31m\u202e"
    text = shown(f"[b]{plain(name)}[/b]")
    assert text == "Bob\\u001b]0;owned\\u001b\\\\u001b[31m\\u202e"
    assert not any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 or ch == "\u202e" for ch in text)


def test_score_tables_never_send_a_terminal_control() -> None:
    from rich.console import Console

    from hanafuda_tui.ui.screens.results import sheet_table

    names = ["A\x1b]0;owned\x07", "B\x1b[31m", "C"]
    game = played("koikoi3", 1)
    console = Console(file=io.StringIO(), width=200, color_system=None, legacy_windows=False)
    console.print(sheet_table(game, names))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "A\\u001b]0;owned\\u0007" in out and "\x1b" not in out
