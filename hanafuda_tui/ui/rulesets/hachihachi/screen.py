"""八八 on screen (seed 002): the 場 and 二代しばり in the status line, the あがり/下げ and 下げの取消し
prompts with what each pays, every payment row of a month, and the 記入式 score sheet."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.visual import VisualType

from ....core.game import Phase, PlayerView
from ....core.hints import stakes
from ....core.readable import printable
from ....core.results import DealResult
from ....core.rulesets.hachihachi.ba import BA_NAMES, KOBA
from ....core.rulesets.hachihachi.facts import HachihachiFacts
from ....core.rulesets.hachihachi.game import MONTHS, Hachihachi
from ....core.rulesets.hachihachi.months import MonthResult
from ....core.rulesets.hachihachi.payout import teyaku_each
from ....core.rulesets.hachihachi.sheet import HachihachiBoard
from ....core.rulesets.hachihachi.sheet_text import WIDTH, cell_text, heading, units
from ....core.rulesets.hachihachi.yaku import KAN, MULTIPLIERS, points
from ....core.stakes import Stakes
from ...i18n import t
from ...screens.modals import Decision, choices, teyaku_prompt
from ...screens.ruleset_screen import RulesetScreen, SheetGame
from ...text import name_text, plain, signed, yaku_name

RULESET = Hachihachi.ruleset
"""The ruleset these texts are of (its score unit, 点)."""


def facts_of(view: PlayerView) -> HachihachiFacts:
    """The view's 八八 facts."""
    facts = view.facts
    assert isinstance(facts, HachihachiFacts)
    return facts


def status_parts(view: PlayerView, names: Sequence[str]) -> list[str]:
    """``大場``, ``二代しばり`` (this month bound by the last), ``→ 二代しばり`` (binding the next),
    ``下げ <name>``."""
    facts = facts_of(view)
    parts = [t("hh.ba", ba=BA_NAMES[facts.ba])]
    if facts.shibari != KOBA:
        parts.append(t("hh.shibari"))
    if facts.carried != KOBA:
        parts.append(t("hh.shibari_next"))
    sage = facts.sage
    if 0 <= sage < len(names):
        parts.append(t("hh.sage_by", who=plain(names[sage])))
    return parts


def ba_change(ba: int, menu: str) -> str:
    """How the 場 changes a value under the menu: ``×4``, ``×1.5``, or ``+2貫`` (menu F)."""
    if menu not in MULTIPLIERS:
        return f"+{ba}貫"
    num, den = MULTIPLIERS[menu][ba]
    return f"×{num / den:g}"


def teyaku_line(view: PlayerView) -> str:
    """The seat's teyaku in 貫 at 小場, and what it is paid at this 場: 貫 and 点 from each other
    player and in all (12点 = 1貫)."""
    facts = facts_of(view)
    own = facts.own_teyaku
    if own is None:
        return ""
    each = teyaku_each(own, facts.ba, facts.menu)
    values = {
        "name": yaku_name(own.name),
        "value": own.value,
        "kan": f"{each / KAN:g}",
        "each": each,
        "total": each * (len(view.scores) - 1),
        "ba": BA_NAMES[facts.ba],
        "change": ba_change(facts.ba, facts.menu),
    }
    key = "hh.teyaku_koba" if facts.ba == KOBA else "hh.teyaku_at_ba"
    return t(key, RULESET, **values)


def hh_teyaku_prompt(view: PlayerView, names: Sequence[str]) -> Decision:
    """The common teyaku prompt, its value said in 貫 and in the 点 it is paid at this 場."""
    return teyaku_prompt(view, names, teyaku_line(view))


def at_ba(yaku: dict[str, int], view: PlayerView) -> dict[str, int]:
    """出来役 values in 貫 at 小場 as the 点 they pay at this month's 場 under the menu."""
    facts = facts_of(view)
    return {name: points(kan, facts.ba, facts.menu) for name, kan in yaku.items()}


def stakes_of(view: PlayerView) -> Stakes:
    """What the core says the seat deciding is paid: its 出来役 and each seat's 点 on stopping now
    (あがり in full, 下げの取消し at half) and on going on (half if another goes out)."""
    stake = stakes(view)
    assert stake is not None
    return stake


def each_pays(amounts: Sequence[int], seat: int) -> int | None:
    """What each other player pays ``seat`` when they pay the same (no 法度), else None."""
    paid = {-a for s, a in enumerate(amounts) if s != seat}
    return paid.pop() if len(paid) == 1 else None


def who_pays(amounts: Sequence[int], seat: int, names: Sequence[str]) -> str:
    """``name amount`` for each other player, as the core's figures say."""
    return ", ".join(
        t("hh.pays_seat", RULESET, who=plain(names[s]), amount=-a)
        for s, a in enumerate(amounts)
        if s != seat
    )


def yaku_line(stake: Stakes) -> str:
    return "  ".join(f"[b]{yaku_name(n)} {kan}貫[/b]" for n, kan in stake.yaku)


def agari_prompt(view: PlayerView, names: Sequence[str]) -> Decision:
    """あがり (take the yaku now) or 下げ (play on for more, at a risk), with what each pays."""
    stake, seat = stakes_of(view), view.seat
    beaten = stake.go_on.beaten
    full, half = each_pays(stake.stop, seat), each_pays(beaten, seat)
    total = stake.stop[seat]
    body = [
        yaku_line(stake),
        t("hh.agari_pays", RULESET, each=full, total=total)
        if full is not None
        else t("hh.agari_pays_seats", RULESET, pays=who_pays(stake.stop, seat, names), total=total),
        t("hh.sage_means", RULESET, half=half)
        if half is not None
        else t("hh.sage_means_seats", RULESET, pays=who_pays(beaten, seat, names)),
    ]
    return Decision(t("hh.agari_title"), body, choices(view))


def cancel_prompt(view: PlayerView, names: Sequence[str]) -> Decision:
    """The 下げ player, after another turn without a new yaku: cancel now for half, or stay."""
    stake, seat = stakes_of(view), view.seat
    half, total = each_pays(stake.stop, seat), stake.stop[seat]
    pays = (
        t("hh.cancel_pays", RULESET, half=half, total=total)
        if half is not None
        else t("hh.cancel_pays_seats", RULESET, pays=who_pays(stake.stop, seat, names), total=total)
    )
    return Decision(
        t("hh.cancel_title"), [yaku_line(stake), pays, t("hh.keep_means")], choices(view)
    )


def result_head(result: MonthResult, names: Sequence[str], last: bool = False) -> str:
    """How the month ended: あがり, 取消し, special yaku, hands out (who deals next, unless it was
    the ``last`` month of the year), 四三, 無勝負."""
    who = plain(names[result.winner]) if result.winner >= 0 else ""
    yaku = "  ".join(f"{yaku_name(n)} {kan}{t('hh.kan')}" for n, kan in result.yaku)
    key = f"hh.end.{result.reason}"
    if last and result.reason in ("special", "hands"):
        key += "_last"
    return t(key, who=who, yaku=yaku)


def rows_table(result: MonthResult, names: Sequence[str]) -> Table:
    """Every payment of the month in 点 (struck rows are 吹き消し), and the net."""
    table = Table(box=None, show_header=True, pad_edge=False, show_footer=True)
    table.add_column(t("hh.remark"), t("hh.net"))
    for s, name in enumerate(names):
        table.add_column(name_text(name), signed(result.payments[s]), justify="right")
    for row in result.rows:
        remark = t("hh.card_points") if row.card_points else row.remark
        style = "strike dim" if row.struck else ""
        table.add_row(Text(remark), *(signed(a) for a in row.amounts), style=style)
    return table


def board_of(game: SheetGame) -> HachihachiBoard | None:
    """The game's board (``Hachihachi.board``): the core's game's, or as a seat's game last
    received it; None before anything is known."""
    board = game.board()
    return board if isinstance(board, HachihachiBoard) else None


def scores_shown(game: SheetGame) -> list[int]:
    """Each seat's score with what this month paid before it ended (the board's ``shown``)."""
    board = board_of(game)
    return list(board.shown) if board is not None else list(game.scores)


def sheet_table(game: SheetGame, names: Sequence[str]) -> Table:
    """The 記入式: each line's 場 label, then 貫 and 点 for each player (* the month stone), the
    remark, the cells as ``replay --sheet`` writes them, the month being played included. Rich
    lays the columns by cell width, so kanji names stay aligned."""
    table = Table(box=None, show_header=True, pad_edge=False)
    table.add_column("")
    # every cell is WIDTH cells wide, laid from the left: 貫 under 貫, 点 under 点, * after them
    head = units(t("hh.kan"), t("hh.ten"))
    for name in names:
        table.add_column(
            Text(f"{heading(printable(name))}\n{head}"),
            justify="left",
            no_wrap=True,
            overflow="ellipsis",
            min_width=WIDTH,
        )
    table.add_column(t("hh.note"))
    board = board_of(game)
    for line in board.lines if board is not None else ():
        style = "strike dim" if line.struck else ""
        cells = [Text(cell_text(line, s), style=style) for s in range(len(names))]
        table.add_row(Text(line.label), *cells, Text(line.remark))
    if board is not None and board.mushobu:
        table.add_row(Text(t("hh.end.mushobu")))
    return table


def menu_label(menu: str) -> str:
    """The 場 menu: ``A  大場×2 絶場×4`` (the values multiplied) or ``F  大場+1貫 絶場+2貫``."""
    if menu not in MULTIPLIERS:
        return f"{menu}  大場+1貫 絶場+2貫"
    factors = [f"×{num / den:g}" for num, den in MULTIPLIERS[menu][1:]]
    return f"{menu}  大場{factors[0]} 絶場{factors[1]}"


class HachihachiScreen(RulesetScreen):
    """The 場 and 下げ in the status line, 出来役 at the 場, the あがり/下げ prompts, every payment
    row of a month, the 記入式, and the year ranked by 最終得点."""

    prompts = MappingProxyType(
        {Phase.AGARI: agari_prompt, Phase.CANCEL: cancel_prompt, Phase.TEYAKU: hh_teyaku_prompt}
    )

    def status_parts(self, view: PlayerView, names: Sequence[str]) -> list[str]:
        return status_parts(view, names)

    def yaku_shown(self, yaku: dict[str, int], view: PlayerView) -> dict[str, int]:
        return at_ba(yaku, view)

    def result_parts(
        self, result: DealResult, names: Sequence[str], last: bool
    ) -> tuple[str, list[VisualType]] | None:
        if not isinstance(result, MonthResult):
            return None
        unit = Text(f"{t('hh.ba', ba=BA_NAMES[result.ba])} · {t('explain.kan')}")
        return result_head(result, names, last), [rows_table(result, names), unit]

    def scores_shown(self, game: SheetGame) -> Sequence[int]:
        return scores_shown(game)

    def sheet(self, game: SheetGame, names: Sequence[str]) -> Table | None:
        return sheet_table(game, names)

    def year_scores(self, game: SheetGame) -> tuple[Sequence[int], str]:
        board = board_of(game)
        if board is not None and board.final is not None:
            return list(board.final), "year.rank.hachihachi"
        return super().year_scores(game)

    def option_label(self, option: str, value: Any) -> str | None:
        if option == "menu":
            return menu_label(str(value))
        if option == "months" and value != MONTHS:  # a shorter year is a house rule
            return t("opt.hachihachi.months.house", n=value)
        return None


SCREEN = HachihachiScreen()
