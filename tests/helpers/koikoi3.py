"""Stacked decks and scripted 三人こいこい games (decks dealt per docs/rules/README.md §4), and an
independent reading of its 出来役 (docs/rules/koikoi3.md §5) to check the core against."""

from __future__ import annotations

import random
from collections.abc import Iterable

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import CODES, mask, parse_deck
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.rulesets.koikoi3.game import Koikoi3, Koikoi3Options
from hanafuda_tui.core.rulesets.koikoi3.yaku import (
    teyaku,
)
from hanafuda_tui.core.table import DEAL_THREE, deal, has_shima


def stack(dealer: str, dealer2: str, biki: str, field: str, stock: str = "") -> str:
    """A 48-card deck string that deals these hands (by role), field and stock top
    (docs/rules/README.md §4: 胴二 4, ビキ 4, 胴 4, field 3, 胴二 3, ビキ 3, 胴 3, field 3, then the stock).
    The cards not named follow ``stock`` in code order."""
    assert len(dealer) == len(dealer2) == len(biki) == 7 and len(field) == 6
    named = dealer2[:4] + biki[:4] + dealer[:4] + field[:3]
    named += dealer2[4:] + biki[4:] + dealer[4:] + field[3:] + stock
    rest = "".join(c for c in CODES if c not in named)
    deck = named + rest
    parse_deck(deck)
    return deck


def deal_with(
    dealer: str = "",
    dealer2: str = "",
    biki: str = "",
    field: str = "",
    stock: str = "",
    seed: int = 0,
) -> str:
    """A deck with the given hands, field and stock top; what is left empty is filled from the other
    cards (seeded), with no teyaku in a filled hand and no シマ on a filled field."""
    given = dealer + dealer2 + biki + field + stock
    rng = random.Random(seed)
    while True:
        rest = [c for c in CODES if c not in given]
        rng.shuffle(rest)
        parts = []
        for part, size in ((dealer, 7), (dealer2, 7), (biki, 7), (field, 6)):
            if not part:
                part = "".join(rest[:size])
                del rest[:size]
                if size == 7 and teyaku(mask(part)) or size == 6 and has_shima(mask(part)):
                    break
            parts.append(part)
        else:
            return stack(*parts, stock=stock)


def _quiet_decks() -> list[str]:
    """Shuffled decks with no teyaku in any hand and no シマ on the field."""
    rng = random.Random(2026)
    out: list[str] = []
    while len(out) < 8:
        cards = list(range(48))
        rng.shuffle(cards)
        dealt = deal(cards, DEAL_THREE, 3)
        if not any(teyaku(h) for h in dealt.hands) and not has_shima(dealt.field):
            out.append("".join(CODES[c] for c in cards))
    return out


QUIET = _quiet_decks()
"""Decks that go straight to the first play."""


def game_with(
    *decks: str,
    first_dealer: int = 0,
    months: int = 12,
    then_quiet: bool = True,
    answer_blanks: bool = True,
) -> Koikoi3:
    """A started 三人こいこい game dealing ``decks`` in order (then quiet decks, if allowed);
    seats without a teyaku have passed already unless ``answer_blanks`` is False."""
    queue = list(decks)
    spare = iter(QUIET * 100)

    def source() -> list[int]:
        if queue:
            return parse_deck(queue.pop(0))
        assert then_quiet, "the test ran out of decks"
        return parse_deck(next(spare))

    game = Koikoi3(Koikoi3Options(months=months), first_dealer, source)  # type: ignore[arg-type]
    game.start()
    if answer_blanks:
        pass_without_teyaku(game)
    return game


def pass_without_teyaku(game: Koikoi3) -> None:
    """Answer 'pass' for the seats asked about teyaku that hold none (their only legal action)."""
    while game.phase == Phase.TEYAKU and game.legal_actions() == [act.PASS]:
        game.apply(act.PASS)


def play(game: Koikoi3, tokens: str | Iterable[str]) -> None:
    """Apply record tokens (``"A take:B koikoi"``) in order; seats without a teyaku pass by
    themselves, so the tokens name only the holders' answers."""
    if isinstance(tokens, str):
        tokens = tokens.split()
    for tok in tokens:
        pass_without_teyaku(game)
        game.apply(act.parse_token(tok))
    pass_without_teyaku(game)


def play_out_deal(game: Koikoi3, call: int = act.KOIKOI) -> None:
    """Finish the current deal: pass teyaku, play the first legal card, answer offers with ``call``."""
    deals = len(game.deals)
    while len(game.deals) == deals and not game.is_over:
        legal = game.legal_actions()
        if act.PASS in legal:
            game.apply(act.PASS)
        elif act.KOIKOI in legal:
            game.apply(call)
        else:
            game.apply(legal[0])


# 1: K takes I, h draws g (花見); 2: O, Q laid; 3: b, k laid; 4: d takes c (鉄砲), e laid.
TEPPO = stack("KdUNRVZ", "OSWamXj", "MPTbnpY", "IgcEsA", stock="hQke")


# 1: K takes I, h draws g (花見); 2: 胴二 B takes A, d draws c; 3, 4 quiet; 5: 胴二 t takes s (三光).
SANKO_FOR_DEALER2 = stack("KUNRVZl", "BtOSWam", "MPTXbnp", "IgAcsE", stock="hdQYk")


def winner_of(pay):
    return max(range(3), key=lambda s: pay[s])


def win_months(game, payments):
    """Settle months through the game's own month-end flow (Koikoi3._result, then _won)."""
    for pay in payments:
        w = winner_of(pay)
        game._result(w, "shobu", (), pay[w] // 2, tuple(pay), ())
        game._won(w)


def settled(game):
    """Each settlement's name, months played before it, and payments."""
    return [(x.name, x.after, x.payments) for x in game.settlements]


KASU_CODES = "CDGHKLOPSTWXabefijmnrtuv"
TANE_CODES = "EMQUYdgkp"
TAN_CODES = "BFJNRVZhlq"
REF_SETS = {
    "大鳥": ("AEMdps", 18),
    "小鳥": ("EMdp", 7),
    "五雲": ("EQUYg", 15),
    "赤短": ("BFJ", 7),
    "青短": ("Vhl", 7),
    "猪鹿蝶": ("YkU", 6),
    "くさ": ("NRZ", 5),
    "表菅原": ("AEI", 4),
    "鉄砲": ("Icg", 6),
    "月見酒": ("cg", 2),
    "花見酒": ("Ig", 2),
}


REF_SET_CARDS = [(name, frozenset(need), value) for name, (need, value) in REF_SETS.items()]


LIGHT_SET, TANE_SET, TAN_SET, KASU_SET = (
    frozenset(x) for x in ("AIcs", TANE_CODES, TAN_CODES, KASU_CODES)
)


def ref_conditions(cs: set[str]) -> dict[str, int]:
    """Every yaku whose cards are held, with its value, before exclusions and 雨流れ."""
    out: dict[str, int] = {}
    lights = len(cs & LIGHT_SET)
    if lights == 4 and "o" in cs:
        out["五光"] = 24
    if lights == 4:
        out["四光"] = 16
    if lights >= 3 and "o" in cs:
        out["雨四光"] = 9
    if lights >= 3:
        out["三光"] = 6
    for name, need, value in REF_SET_CARDS:
        if need <= cs:
            out[name] = value
    for name, kind in (("タネ", TANE_SET), ("タン", TAN_SET)):
        n = len(cs & kind)
        if n >= 5:
            out[name] = n - 4
    kasu = len(cs & KASU_SET) + ("g" in cs)
    if kasu >= 10:
        out["カス"] = kasu - 9
    return out


def ref_scoring(cs: set[str]) -> dict[str, int]:
    out = ref_conditions(cs)
    for group in (
        ("五光", "四光", "雨四光", "三光"),
        ("大鳥", "小鳥"),
        ("鉄砲", "月見酒", "花見酒"),
    ):
        held = [name for name in group if name in out]
        if group[0] == "鉄砲" and "鉄砲" not in held:
            continue
        for name in held[1:]:
            del out[name]
    if cs & set("opqr") and "A" not in cs:
        for name in ("鉄砲", "月見酒", "花見酒"):
            out.pop(name, None)
    return out


def ref_formed(before: set[str], after: set[str]) -> set[str]:
    old = ref_conditions(before)
    now = ref_scoring(after)
    out = {n for n, v in now.items() if n not in old or v > old[n]}
    kasu = len(after & set(KASU_CODES)) + ("g" in after)
    if "g" in after and kasu == 10:
        out.discard("カス")
    return out
