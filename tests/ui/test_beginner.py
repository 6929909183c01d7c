"""Beginner mode: the hand cards that would take are marked, the last bot move's reason and a
yaku another seat is one card from are said under the last turns, all from the viewer's own
view; n turns it off (a setting)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from helpers.koikoi2 import DEALER, FIELD, OTHER, STOCK, game_of, play, stacked
from helpers.ui import settle

from hanafuda_tui.core.cards import AOTAN, card_list, mask
from hanafuda_tui.core.game import PlayerView
from hanafuda_tui.core.hints import takes
from hanafuda_tui.core.records import SeatRecord, new_game
from hanafuda_tui.core.turns import Step
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui import i18n
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.beginner import beginner_notes, move_reason, yaku_warning
from hanafuda_tui.ui.widgets.last_turns import LastTurns
from hanafuda_tui.ui.widgets.table import HandPanel

NAMES = ["You", "Bot"]


def view_with(captures: tuple[str, str]) -> PlayerView:
    """Seat 0's view of a new 二人こいこい deal, the captures set as given (card codes)."""
    view = new_game("koikoi2", random.Random(1)).view(0)
    return view._replace(captures=tuple(mask(c) for c in captures))


def step(card: str, took: str) -> Step:
    """The bot's hand step, done: it took ``took``, or was laid if that is empty."""
    return Step(0, 1, mask(card).bit_length() - 1, False, 0, 0, mask(took), not took, 0)


def test_a_bot_move_is_given_its_reason() -> None:
    i18n.set_lang("en")
    made = move_reason(view_with(("", "gIK")), 1, [step("I", "K")], NAMES)
    assert made.startswith("Bot: took ") and "桜幕" in made and made.endswith(", made 花見で一杯")
    near = move_reason(view_with(("", "IK")), 1, [step("I", "K")], NAMES)
    assert "桜幕" in near and near.endswith(": 花見で一杯 one card away")
    laid = move_reason(view_with(("", "")), 1, [step("C", "")], NAMES)
    assert laid.startswith("Bot: laid ") and laid.endswith(", took nothing")
    i18n.set_lang("ja")


def test_a_bot_choosing_between_two_field_cards_is_not_said_to_have_taken_nothing() -> None:
    """The other seat plays 桜の赤短 J where 桜カス K and L lie and has not chosen yet."""
    i18n.set_lang("en")
    game = game_of([stacked(DEALER, OTHER, FIELD, STOCK)])
    play(game, "c koikoi B M J")
    turns = game.book.latest_turns()
    notes = beginner_notes(game.view(0), turns, NAMES, lambda seat: seat == 0)
    assert notes[0].startswith("Bot: played ") and notes[0].endswith(", choosing what to take")
    play(game, "take:L")
    done = move_reason(game.view(0), 1, game.book.latest_turns()[1], NAMES)
    assert done.startswith("Bot: took ") and "took nothing" not in done
    i18n.set_lang("ja")


def test_a_yaku_one_card_away_worth_more_than_the_month_is_warned() -> None:
    i18n.set_lang("en")
    warned = yaku_warning(view_with(("", "I")), NAMES)
    assert warned.startswith("[b]![/b] Bot needs ") and warned.endswith(" for 花見で一杯 (5 pts)")
    assert yaku_warning(view_with(("g", "I")), NAMES) == ""  # the sake cup is the viewer's
    assert yaku_warning(view_with(("BFJ", "I")), NAMES) == ""  # 赤短 6 already: worth more
    i18n.set_lang("ja")


def test_a_hachihachi_dekiyaku_is_warned_in_kan() -> None:
    """八八's 出来役 are valued in 貫 (docs/rules/hachihachi.md §5), not in the 点 of its scores."""
    view = new_game("hachihachi", random.Random(1)).view(0)
    two_of_aotan = AOTAN & ~(1 << card_list(AOTAN)[0])
    view = view._replace(captures=(0, two_of_aotan, 0))
    names = ["You", "Bot", "Other"]
    i18n.set_lang("en")
    assert yaku_warning(view, names).endswith(" for 青短 (7 貫)")
    i18n.set_lang("ja")
    assert yaku_warning(view, names).startswith("[b]注意[/b] Botは青短（7貫）まであと")


def test_beginner_mode_marks_takers_and_explains_and_b_turns_it_off(tmp_path: Path) -> None:
    seats = [SeatRecord(name="", player="human"), SeatRecord(name="", player="easy")]

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.start_game("koikoi2", {}, seats, "7")
            await settle(pilot)
            table = app.table()
            assert table is not None and table.beginner
            moved = 0
            while moved < 3:  # a few turns: the bot's move gets its reason
                view = table.session.link.table.game.view(0)
                hand = table.query_one("#hand", HandPanel)
                takers = {c for c in card_list(view.hand) if takes(view, c)}
                assert {c for c in hand.cards if hand.marks.takers >> c & 1} == takers
                await pilot.press("enter")
                await settle(pilot)
                moved += 1
            notes = table.query_one(LastTurns).notes
            assert any(n.startswith(table.session.names[1] + ": ") for n in notes)
            await pilot.press("n")
            assert not table.beginner and not app.config.settings.beginner
            assert not table.query_one(LastTurns).notes
            assert table.query_one("#hand", HandPanel).marks.takers == 0

    asyncio.run(run())
    i18n.set_lang("ja")
