"""The right words for each ruleset: the stakes of こいこい, 吟味 only where it is played, the
dealer's title, the season, the カス count, 法度 marked before Enter, English names and grammar,
and Japanese lines folded by 禁則 at any width."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.ui import continued, saved_where
from rich.cells import cell_len
from textual.content import Content

import hanafuda_tui.ui
from hanafuda_tui.bots import make_bot
from hanafuda_tui.core.cards import (
    CARD_OF_CODE,
    CODES,
    KASU,
    KIKU_SAKAZUKI,
    KIND_MASK,
    card_list,
)
from hanafuda_tui.core.events import Dealt, Drew, Event, KoikoiCalled, Played, Shobu, YakuFormed
from hanafuda_tui.core.game import Game, Phase
from hanafuda_tui.core.hints import current_yaku
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.rulesets import RULESETS, ruleset_class
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui import i18n
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.faces import FACES, describe, short_name
from hanafuda_tui.ui.i18n import own, t
from hanafuda_tui.ui.rulesets import screen_of
from hanafuda_tui.ui.screens.modals import Decision
from hanafuda_tui.ui.text import event_line, seat_roles
from hanafuda_tui.ui.turn_flow import PROMPTS
from hanafuda_tui.ui.widgets.folded import NO_END, NO_START, fold
from hanafuda_tui.ui.widgets.table import HandPanel


@pytest.fixture(autouse=True)
def japanese() -> object:
    i18n.set_lang("ja")
    yield
    i18n.set_lang("ja")


def koikoi_asks(options: dict[str, object], called: bool) -> Game:
    """A 二人こいこい game where seat 0 is asked こいこい or 勝負, after a こいこい this month or not."""
    for seed in range(400):
        game = new_game("koikoi2", random.Random(seed), options)
        bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(2)]
        while not game.results:
            view = game.view(game.to_act)
            asked = game.to_act == 0 and view.phase == Phase.KOIKOI
            if asked and any(view.facts.called()) == called:
                return game
            game.apply(bots[game.to_act].act(view))
    raise AssertionError("no such game")


def prompt_for(game: Game) -> Decision:
    """The prompt the table opens for seat 0's decision."""
    view = game.view(0)
    make = screen_of(view.ruleset).prompts.get(view.phase) or PROMPTS[view.phase]
    return make(view, ["A", "B"])


@pytest.mark.parametrize("called", [False, True])
def test_koikoi2_prompt_states_the_doubling_and_the_losers_zero(called: bool) -> None:
    game = koikoi_asks({}, called)
    value = sum(current_yaku("koikoi2", game.options, game.captures[0]).values())
    body = "\n".join(prompt_for(game).body)
    total = value * 2 if called else value
    assert f"= {total}点" in body and "相手は0点" in body
    assert ("×2 (こいこいの後)" in body) == called
    assert "2倍" in body and "0点" in body  # what going on risks


def test_koikoi2_prompt_doubles_seven_under_its_option() -> None:
    for seed in range(3):
        game = koikoi_asks({"double_seven": True}, called=bool(seed % 2))
        value = sum(current_yaku("koikoi2", game.options, game.captures[0]).values())
        body = "\n".join(prompt_for(game).body)
        assert ("×2 (7点以上)" in body) == (value >= 7)


def year_settlements(ruleset: str) -> set[str]:
    """The names of the settlements a short random game of ``ruleset`` makes."""
    cls = RULESETS[ruleset]
    months = {"months": 3} if "months" in cls.Options.model_fields else {}
    names: set[str] = set()
    for seed in range(3):
        game = new_game(ruleset, random.Random(seed), months)
        bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(game.players)]
        while not game.is_over:
            game.apply(bots[game.to_act].act(game.view(game.to_act)))
        names |= {s.name for s in game.settlements}
    return names


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_year_end_names_ginmi_only_where_the_ruleset_pays_it(ruleset: str) -> None:
    assert ("吟味" in t(own("year.title", ruleset))) == ("吟味" in year_settlements(ruleset))


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_the_dealer_is_called_as_the_ruleset_calls_it(ruleset: str) -> None:
    """花合わせ's dealer is 親 (docs/rules/hanaawase.md §3), not 胴: in the seat roles, the log and
    the sheet."""
    cls = ruleset_class(ruleset)
    assert seat_roles(ruleset, cls.table_sizes[0], 1)[1] == cls.dealer_title
    deal = event_line(Dealt(0, 3, 0), ["A", "B", "C"], ruleset)
    assert deal is not None and cls.dealer_title in deal
    assert t(own("sheet.dealer", ruleset)) == cls.dealer_title
    other = {"胴", "親"} - {cls.dealer_title}
    assert not any(word in deal for word in other)


def test_the_season_shown_is_the_months_on_every_month_and_at_the_end() -> None:
    seasons = ["season." + s for s in "春夏秋冬"]
    for seed in range(3):
        game = new_game("koikoi3", random.Random(seed))
        bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(3)]
        while True:
            view = game.view(0)
            shown = dict(view.facts.status())["season"]
            assert "season." + str(shown) == seasons[(view.month - 1) // 3], view.month
            if game.is_over:
                break
            game.apply(bots[game.to_act].act(game.view(game.to_act)))


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_the_kasu_count_is_the_one_the_kasu_yaku_counts(ruleset: str) -> None:
    cls = ruleset_class(ruleset)
    chaff = [c for c in card_list(KIND_MASK[KASU]) if c // 4 != 10]  # no rain card
    caps = sum(1 << c for c in chaff[:9]) | KIKU_SAKAZUKI
    counted = (caps & cls.kasu_cards).bit_count()  # as a seat's panel counts them
    assert counted == 10 if KIKU_SAKAZUKI & cls.kasu_cards else counted == 9
    if any(d.name == "カス" for d in cls.yaku_defs(cls.Options())):
        assert ("カス" in current_yaku(ruleset, cls.Options(), caps)) == (counted >= 10)


def test_a_hatto_card_is_marked_in_the_hand_before_enter(tmp_path: Path) -> None:
    def risky(game: Game) -> bool:
        view = game.view(0)
        return view.phase == Phase.PLAY and any(
            not exempt for _, exempt in view.facts.warnings().values()
        )

    saved = saved_where(tmp_path, "hachihachi", risky)
    view = saved.view(0)
    warned = {c for c, (_, exempt) in view.facts.warnings().items() if not exempt}

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="ja")
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            hand = app.screen.query_one("#hand", HandPanel)
            assert {c for c in hand.cards if hand.marks.warned >> c & 1} == warned
            index = list(hand.cards).index(min(warned))
            await pilot.press(str(index + 1))
            await pilot.pause()
            text = "\n".join(hand.lines(78))
            assert "法度" in text.splitlines()[-1]
            assert "[reverse]" in text.splitlines()[0] or "[reverse]" in text

    asyncio.run(run())


def test_english_says_you_play_not_you_plays() -> None:
    i18n.set_lang("en")
    names = ["You", "Bot Plum"]
    mine = [event_line(kind(0), names, "koikoi3") for kind in KINDS]
    theirs = [event_line(kind(1), names, "koikoi3") for kind in KINDS]
    assert all(line and "You" in line for line in mine)
    for line in mine:
        assert not any(f" {verb} " in f"{line} " for verb in VERBS), line
    assert all(any(f" {verb} " in f"{line} " for verb in VERBS) for line in theirs)


KINDS: tuple[Callable[[int], Event], ...] = (
    lambda seat: Played(seat, 3),
    lambda seat: Drew(seat, 3),
    lambda seat: KoikoiCalled(seat, ("赤短",)),
    lambda seat: Shobu(seat, 5, ("赤短",)),
    lambda seat: YakuFormed(seat, ("赤短",), 5),
)
VERBS = ("plays", "draws", "calls", "stops:", "forms")


def test_cards_are_named_without_letter_codes() -> None:
    for lang in ("ja", "en"):
        i18n.set_lang(lang)
        for c in range(48):
            assert not describe(c).startswith(CODES[c] + " ")
            assert not short_name(c).startswith(CODES[c] + " ")
    i18n.set_lang("en")
    assert describe(CARD_OF_CODE["A"]) == "crane (pine) · light"


def test_help_names_no_card_by_its_letter_code() -> None:
    from hanafuda_tui.ui.screens.help import _HELP, yaku_rows

    for path in sorted(_HELP.glob("*.json")):
        import json

        data = json.loads(path.read_text("utf-8"))
        notes = [row[-1] for row in data["teyaku"]] + [
            str(row[-1]) for row in yaku_rows(path.stem, data["yaku"])
        ]
        for note in notes:
            words = str(note).replace(",", " ").split()
            assert not [w for w in words if w in CODES and w != "a"], (path.stem, note)


KINSOKU_TEXTS = ["koikoi.go_on", "teyaku.explain", "help.keys", "help.rules.koikoi3"]


@pytest.mark.parametrize("width", range(8, 41))
def test_japanese_lines_never_start_with_closing_punctuation(width: int) -> None:
    texts = [t(k) for k in KINSOKU_TEXTS] + [t("small.body", w=40, h=10, need_w=80, need_h=24)]
    for text in texts:
        lines = fold(Content.from_markup(text), width)
        assert all(line.cell_length <= width for line in lines)
        assert "".join(line.plain for line in lines).replace(" ", "") == (
            Content.from_markup(text).plain.replace("\n", "").replace(" ", "")
        )
        for line in lines:
            assert not line.plain[:1] or line.plain[0] not in NO_START, (width, line.plain)
            assert not line.plain[-1:] or line.plain[-1] not in NO_END, (width, line.plain)


def test_the_too_small_notice_is_folded_by_kinsoku() -> None:
    async def run() -> None:
        app = HanafudaApp(bot_pause=0, language="ja")
        async with app.run_test(size=(20, 10)) as pilot:
            await pilot.pause()
            notice = app.screen.query_one("#too-small")
            lines = [strip.text for strip in notice.render_lines(notice.region.reset_offset)]
            shown = [line.strip() for line in lines if line.strip()]
            assert shown and not any(line[0] in NO_START for line in shown)

    asyncio.run(run())


@pytest.mark.parametrize("width", range(14, 41))  # every term fits the line
def test_english_lines_break_at_spaces_and_keep_japanese_terms_whole(width: int) -> None:
    i18n.set_lang("en")
    text = Content.from_markup(t("help.rules.koikoi2"))
    words = set(text.plain.split())
    for line in fold(text, width, cjk=False):
        japanese = [w for w in line.plain.split() if cell_len(w) > len(w)]
        assert all(w in words for w in japanese), (width, line.plain)


@pytest.mark.parametrize(
    ("values", "shown"),
    [
        ({}, []),
        ({"rules": "nintendo", "kuitsuki": True}, ["任天堂式", "喰い付き"]),
        ({"rain": True, "double_seven": True}, ["雨流れ", "7点以上倍"]),
    ],
)
def test_koikoi2_status_line_names_the_rules_in_play(values, shown):
    i18n.set_lang("ja")
    game = new_game("koikoi2", random.Random(0), values)
    parts = screen_of("koikoi2").status_parts(game.view(0), ["A", "B"])
    assert parts == shown


def test_a_teyaku_s_english_gloss_is_the_same_in_every_ruleset_s_help() -> None:
    """The help's gloss of a teyaku (its pattern in words) says what the yaku list's English
    name says: 二三本 (3-3-1) is two threes in every ruleset."""
    data = Path(hanafuda_tui.ui.__file__).parent / "data"
    names = json.loads((data / "i18n" / "en.json").read_text(encoding="utf-8"))
    compared = 0
    for path in sorted((data / "help").glob("*.json")):
        for name, gloss, *_ in json.loads(path.read_text(encoding="utf-8")).get("teyaku", []):
            if f"yaku.{name}" in names:
                ours = sorted(gloss.replace(" of a month", "").split())
                assert ours == sorted(names[f"yaku.{name}"].split()), (path.name, name, gloss)
                compared += 1
    assert compared >= 8


def two_to_choose(game: Game) -> bool:
    """Seat 0 to play a hand card that meets two field cards of its month."""
    if game.phase != Phase.PLAY:
        return False
    return any(
        sum(1 for f in card_list(game.field) if f // 4 == c // 4) == 2
        for c in card_list(game.hands[0])
    )


@pytest.mark.parametrize(("lang", "word"), [("en", " or "), ("ja", " か ")])
def test_a_card_meeting_two_field_cards_takes_one_or_the_other(
    tmp_path: Path, lang: str, word: str
) -> None:
    """The hand's hint for a card that meets two field cards says it takes one or the other,
    not both."""
    game = saved_where(tmp_path, "koikoi3", two_to_choose, seeds=400)
    hand = card_list(game.hands[0])
    index = next(
        i for i, c in enumerate(hand) if sum(f // 4 == c // 4 for f in card_list(game.field)) == 2
    )

    async def run() -> str:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await continued(pilot)
            await pilot.press(str(index + 1))
            await pilot.pause()
            return Content.from_markup(app.screen.query_one(HandPanel).hint).plain

    try:
        hint = asyncio.run(run())
    finally:
        i18n.set_lang("ja")
    first, second = (FACES[c] for c in card_list(game.field) if c // 4 == hand[index] // 4)
    assert word in hint, hint
    assert hint.index(first) < hint.index(word) < hint.rindex(second), hint


@pytest.mark.parametrize(
    ("language", "expected"), [("en", "1/2[/b] take that card"), ("ja", "1/2[/b] その札を取る")]
)
def test_a_choice_of_two_field_cards_names_its_two_keys_and_what_they_do(
    language: str, expected: str
) -> None:
    from hanafuda_tui.ui.i18n import lang, set_lang
    from hanafuda_tui.ui.screens.modals import Decision

    was = lang()
    set_lang(language)
    try:
        line = Decision("take", ["which?"], [(3, "梅鶯", "1"), (4, "梅カ", "2")]).keys_line()
    finally:
        set_lang(was)
    assert expected in line and "1-2" not in line
