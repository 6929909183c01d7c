"""What a stop decision is worth, read from the deciding seat's view (``hints.stakes``): pinned on
the worked examples of docs/rules/ (二人こいこい's doublings, 三人こいこい at face value, 八八's 場,
取消し, 下げ and 法度), and checked against what the core then pays in seeded games."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import mask
from hanafuda_tui.core.game import Game, Phase, PlayerView
from hanafuda_tui.core.hints import stakes
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.results import Cause
from hanafuda_tui.core.rulesets.hachihachi.ba import KOBA, OBA, ZEBA
from hanafuda_tui.core.stakes import Doubling, GoOn, Stakes
from hanafuda_tui.core.table import shuffled_deck

A, B, C = 0, 1, 2
K = 12
"""点 in a 貫."""
X2_SEVEN = Doubling(Cause.DOUBLE_SEVEN, 2)
X2_KOIKOI = Doubling(Cause.KOIKOI, 2)


def kan(*values: float) -> tuple[int, ...]:
    return tuple(round(v * K) for v in values)


def asked(
    ruleset: str,
    seat: int,
    captures: dict[int, str],
    phase: Phase,
    options: dict[str, Any] | None = None,
    **facts: Any,
) -> PlayerView:
    """The view of ``seat`` asked to stop or go on (``phase``), holding the captures given by card
    codes, with these public facts."""
    game = new_game(ruleset, random.Random(0), options or {})
    view = game.view(seat)
    caps = tuple(mask(captures.get(s, "")) for s in range(view.players))
    return view._replace(
        phase=phase, to_act=seat, captures=caps, facts=view.facts._replace(**facts)
    )


def koikoi2(seat: int, cards: str, called: tuple[bool, bool], **options: Any) -> Stakes:
    stake = stakes(asked("koikoi2", seat, {seat: cards}, Phase.KOIKOI, options, koikoi=called))
    assert stake is not None
    return stake


# -- 二人こいこい (docs/rules/koikoi2.md §6, §8, §11.3) ------------------------------------------


def test_koikoi2_after_the_others_call_the_winner_scores_double_and_the_loser_nothing():
    """§6: B calls こいこい holding 赤短; A completes 猪鹿蝶 (5) and calls 勝負: A scores 5 × 2 = 10."""
    got = koikoi2(A, "YkU", (False, True))
    assert got.yaku == (("猪鹿蝶", 5),) and got.value == 5
    assert got.doublings == (X2_KOIKOI,)
    assert got.stop == (10, 0)
    assert got.go_on == GoOn((0, 0), ())  # the month is doubled already: a call adds nothing


def test_koikoi2_the_caller_who_makes_more_is_doubled_too():
    """§6: had B added 青短 and called 勝負, 赤短 6 + 青短 6 + タン 2, doubled: 28."""
    got = koikoi2(B, "BFJVhl", (False, True))
    assert dict(got.yaku) == {"赤短": 6, "青短": 6, "タン": 2}
    assert got.stop == (0, 28) and got.doublings == (X2_KOIKOI,)


def test_koikoi2_no_call_yet_stopping_is_face_value_and_a_call_doubles_either_win():
    got = koikoi2(A, "BFJ", (False, False))
    assert got.stop == (6, 0) and got.doublings == ()
    assert got.go_on == GoOn((0, 0), (A, B))


@pytest.mark.parametrize(
    ("cards", "called", "times", "total"),
    [
        # §8: a base of 8 after a こいこい scores 8 × 2 × 2 = 32; 6 after a こいこい scores 12
        ("AIco", (True, False), (X2_SEVEN, X2_KOIKOI), 32),
        ("BFJ", (True, False), (X2_KOIKOI,), 12),
        # 7 is judged before any doubling
        ("AIco", (False, False), (X2_SEVEN,), 16),
    ],
)
def test_koikoi2_double_seven(cards, called, times, total):
    got = koikoi2(A, cards, called, double_seven=True)
    assert got.doublings == times and got.stop == (total, 0)


def test_koikoi2_without_the_option_seven_is_not_doubled():
    assert koikoi2(A, "AIco", (False, False)).stop == (8, 0)


def test_koikoi2_nintendo_doubles_at_seven_and_after_the_others_call_only():
    """§11.3: ×2 at 7 or more, ×2 when the other player had called; the winner's own call doubles
    nothing. 雨四光 is 7 under these rules."""
    assert koikoi2(A, "AIco", (False, False), rules="nintendo").stop == (14, 0)
    assert koikoi2(A, "AIco", (True, False), rules="nintendo").doublings == (X2_SEVEN,)
    assert koikoi2(A, "AIco", (False, True), rules="nintendo").stop == (28, 0)
    # a call now would double the other player's win only
    assert koikoi2(A, "BFJ", (False, False), rules="nintendo").go_on.doubles == (B,)


# -- 三人こいこい (docs/rules/koikoi3.md §8) -------------------------------------------------------


@pytest.mark.parametrize("called", [(False, False, False), (True, True, False)])
def test_koikoi3_each_other_player_pays_at_face_value_never_doubled(called):
    """§8: B calls 勝負 holding 赤短 (7) and タン with six ribbons (2): B gains 18, A and C pay 9;
    a こいこい called earlier changes nothing."""
    view = asked("koikoi3", B, {B: "BFJVhN"}, Phase.KOIKOI, koikoi=called)
    got = stakes(view)
    assert got is not None
    assert dict(got.yaku) == {"赤短": 7, "タン": 2}
    assert got.doublings == () and got.stop == (-9, 18, -9)
    assert got.go_on == GoOn((0, 0, 0))


# -- 八八 (docs/rules/hachihachi.md §5, §10, §11, §13, §17) ---------------------------------------


def hachihachi(
    seat: int, cards: str, ba: int, menu: str = "A", phase: Phase = Phase.AGARI, **facts
):
    view = asked("hachihachi", seat, {seat: cards}, phase, ba=ba, menu=menu, **facts)
    got = stakes(view)
    assert got is not None
    return got


def test_hachihachi_agari_at_zeba_menu_a():
    """§17, 10月 絶場: B's 四光, 12貫 × 4 from each."""
    got = hachihachi(B, "AIcs", ZEBA)
    assert got.yaku == (("四光", 12),)
    assert got.doublings == (Doubling(Cause.BA, 4),)
    assert got.stop == kan(-48, 96, -48)


def test_hachihachi_sage_then_beaten_leaves_half_and_pays_the_winner_alone():
    """§17, 11月 大場: B made 赤短 and went 下げ; A then went out: B got half of 14 from each, and
    paid A's 猪鹿蝶 alone (§11 6)."""
    got = hachihachi(B, "BFJ", OBA)
    assert got.stop == kan(-14, 28, -14)
    assert got.go_on == GoOn(kan(-7, 14, -7), pays_all=True)


def test_hachihachi_cancel_pays_half():
    """§17, 8月 小場: C cancels 下げ on 青短: half, 3.5貫 from each."""
    got = hachihachi(C, "Vhl", KOBA, phase=Phase.CANCEL, sage=C)
    assert got.doublings == (Doubling(Cause.SAGE, 1, 2),)
    assert got.stop == kan(-3.5, -3.5, 7)


def test_hachihachi_menus():
    """§5: menu C multiplies by 1.5 at 大場; menu F adds 2貫 at 絶場 (青短 9貫); menu E nothing."""
    got = hachihachi(A, "BFJ", OBA, "C")
    assert got.doublings == (Doubling(Cause.BA, 3, 2),) and got.stop == kan(21, -10.5, -10.5)
    got = hachihachi(A, "Vhl", ZEBA, "F")
    assert got.doublings == (Doubling(Cause.BA, 1, 1, 2),) and got.stop == kan(18, -9, -9)
    got = hachihachi(A, "BFJ", ZEBA, "E")
    assert got.doublings == () and got.stop == kan(14, -7, -7)


def test_hachihachi_a_hatto_offender_pays_its_yaku_alone():
    """§13: the 赤短 C helped complete by 法度 is paid by C alone, both shares; the 猪鹿蝶 by both."""
    got = hachihachi(A, "BFJYkU", OBA, charged=(("赤短", C),))
    assert got.stop == kan(28 + 24, -12, -28 - 12)
    assert got.go_on.beaten == kan(14 + 12, -6, -14 - 6)


# -- no question, no stakes --------------------------------------------------------------------


def test_no_stakes_unless_the_viewer_is_asked():
    view = asked("koikoi2", A, {A: "YkU"}, Phase.KOIKOI, koikoi=(False, False))
    assert stakes(view._replace(seat=B)) is None
    assert stakes(view._replace(phase=Phase.PLAY)) is None
    assert stakes(asked("hachihachi", A, {A: "BFJ"}, Phase.PLAY)) is None
    game = new_game("hanaawase", random.Random(0))
    assert stakes(game.view(game.to_act)) is None


# -- the core pays what it offered ---------------------------------------------------------------


def questions(ruleset: str, options: dict[str, Any], seeds: range, phases: tuple[Phase, ...]):
    """Seeded random games, yielding the game at each stop question."""
    for seed in seeds:
        game = new_game(ruleset, random.Random(seed), options)
        bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(game.players)]
        while not game.is_over:
            if game.phase in phases:
                yield game
            game.apply(bots[game.to_act].act(game.view(game.to_act)))


def copy_of(game: Game) -> Game:
    return game.clone(lambda: shuffled_deck(random.Random(0)))


def month_after(game: Game, action: int, seed: int) -> Any:
    """The month's result once ``action`` is taken on a copy and random bots play the month out."""
    copy = copy_of(game)
    months = len(copy.results)
    copy.apply(action)
    bots = [make_bot("random", random.Random(f"after/{seed}/{i}")) for i in range(copy.players)]
    while len(copy.results) == months:
        copy.apply(bots[copy.to_act].act(copy.view(copy.to_act)))
    return copy.results[months]


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [
        ("koikoi2", {}),
        ("koikoi2", {"double_seven": True}),
        ("koikoi2", {"rules": "nintendo"}),
        ("koikoi3", {}),
    ],
)
def test_koikoi_stop_pays_what_the_stakes_say_and_a_call_doubles_whom_they_say(ruleset, options):
    causes: set[Cause] = set()
    doubled_by_the_call = 0
    for n, at in enumerate(questions(ruleset, options, range(25), (Phase.KOIKOI,))):
        seat = at.to_act
        stake = stakes(at.view(seat))
        assert stake is not None and stake.seat == seat
        stopped = month_after(at, act.SHOBU, n)
        assert stopped.winner == seat and stopped.payments == stake.stop
        assert stopped.yaku == stake.yaku
        extra = [line.cause for line in stopped.lines if line.cause != Cause.YAKU]
        assert extra == [d.cause for d in stake.doublings]
        causes.update(extra)
        went_on = month_after(at, act.KOIKOI, n)
        assert stake.go_on.beaten == (0,) * at.players
        if went_on.reason == "shobu" and went_on.winner != seat:
            # the seat's own yaku bring it nothing
            assert not any(line.amount > 0 for line in went_on.lines if line.seat == seat)
            if went_on.winner in stake.go_on.doubles:
                assert Cause.KOIKOI in [line.cause for line in went_on.lines]
                doubled_by_the_call += 1
    if ruleset == "koikoi3":
        assert not causes and not doubled_by_the_call
        return
    assert doubled_by_the_call > 0
    assert (Cause.DOUBLE_SEVEN in causes) == bool(options)
    # under the nintendo rules no one has called when the question is asked (§11.2)
    assert (Cause.KOIKOI in causes) == (options != {"rules": "nintendo"})


def test_hachihachi_stop_pays_what_the_stakes_say_and_sage_beaten_pays_half():
    beaten = 0
    phases = (Phase.AGARI, Phase.CANCEL)
    for n, at in enumerate(questions("hachihachi", {}, range(40), phases)):
        seat = at.to_act
        stake = stakes(at.view(seat))
        assert stake is not None and stake.seat == seat
        stop = act.AGARI if at.phase == Phase.AGARI else act.CANCEL
        rows = month_after(at, stop, n).rows[-len(stake.yaku) :]
        assert tuple(sum(r.amounts[s] for r in rows) for s in range(3)) == stake.stop
        if at.phase != Phase.AGARI:
            continue
        went_on = month_after(at, act.SAGE, n)
        halves = [r for r in went_on.rows if r.remark.split("法度")[0].endswith("・下")]
        held = {r.remark.split("・下")[0] for r in halves}
        if went_on.reason == "agari" and held == {name for name, _ in stake.yaku}:
            # another player went out while the seat's 出来役 were still those it was asked on
            assert tuple(sum(r.amounts[s] for r in halves) for s in range(3)) == (
                stake.go_on.beaten
            )
            beaten += 1
    assert beaten >= 3
