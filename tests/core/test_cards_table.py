"""The 48 cards (docs/rules/README.md §2), dealing a stacked deck, capture, and the first-胴 draw
(docs/rules/README.md §4, §5)."""

import random
import subprocess
import sys

import pytest
from helpers.koikoi3 import game_with, play, stack

from hanafuda_tui.core import actions as act
from hanafuda_tui.core import cards
from hanafuda_tui.core.cards import (
    ALL_CARDS,
    CODES,
    KIND,
    MONTH,
    POINTS,
    codes_of,
    mask,
    parse_deck,
)
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.table import (
    DEAL_THREE,
    DEAL_TWO,
    deal,
    draw_first_dealer,
    has_shima,
    matches,
    shuffled_deck,
)


def test_48_codes_in_month_order():
    assert CODES == "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuv"
    assert len(set(CODES)) == 48
    for month in range(12):
        assert [MONTH[c] for c in range(4 * month, 4 * month + 4)] == [month] * 4


def test_kinds_and_points_as_cards_md():
    by_kind = {k: "".join(CODES[c] for c in range(48) if KIND[c] == k) for k in cards.KINDS}
    assert by_kind[cards.HIKARI] == "AIcos"
    assert by_kind[cards.TANE] == "EMQUYdgkp"
    assert by_kind[cards.TAN] == "BFJNRVZhlq"
    assert len(by_kind[cards.KASU]) == 24
    assert sum(POINTS[c] for c in range(48) if KIND[c] == cards.HIKARI) == 100
    assert sum(POINTS[c] for c in range(48) if KIND[c] == cards.TANE) == 90
    assert sum(POINTS[c] for c in range(48) if KIND[c] == cards.TAN) == 50
    assert sum(POINTS[c] for c in range(48) if KIND[c] == cards.KASU) == 24
    assert sum(POINTS) == 264 == 3 * 88


@pytest.mark.parametrize(
    ("name", "codes"),
    [
        ("OTORI", "AEMdps"),
        ("KOTORI", "EMdp"),
        ("GOUN", "EQUYg"),
        ("AKATAN", "BFJ"),
        ("AOTAN", "Vhl"),
        ("KUSA", "NRZ"),
        ("INOSHIKACHO", "UkY"),
        ("OMOTE_SUGAWARA", "AEI"),
        ("HANAMI", "Ig"),
        ("TSUKIMI", "cg"),
        ("TEPPO", "Icg"),
        ("SHIKO", "AIcs"),
        ("GOKO", "AIcos"),
        ("AME", "opqr"),
    ],
)
def test_named_groups(name, codes):
    assert codes_of(getattr(cards, name)) == "".join(sorted(codes, key=CODES.index))


def test_card_lists_are_the_set_bits_lowest_first():
    rng = random.Random(5)
    sets = [0, ALL_CARDS, 1, 1 << 47, 4095 << 12, *(rng.getrandbits(48) for _ in range(2000))]
    for m in sets:
        bits = [c for c in range(48) if m >> c & 1]
        assert cards.card_list(m) == bits and cards.card_tuple(m) == tuple(bits)


FIRST_LOOK_UP = """
from hanafuda_tui.core import cards
built = [isinstance(t, tuple) for t in (cards._C0, cards._C1, cards._C2, cards._C3)]
first = cards.card_tuple(1 << 47 | 1 << 30 | 1 << 13 | 1)
print(built, first, cards.card_list((1 << 48) - 1) == list(range(48)))
"""


def test_the_card_tables_are_built_at_the_first_look_up_not_at_import() -> None:
    out = subprocess.run(
        [sys.executable, "-c", FIRST_LOOK_UP], capture_output=True, text=True, check=True
    )
    assert out.stdout.split("\n")[0] == "[False, False, False, False] (0, 13, 30, 47) True"


def test_parse_deck_refuses_bad_decks():
    with pytest.raises(ValueError, match="48 cards"):
        parse_deck(CODES[:47])
    with pytest.raises(ValueError, match="unknown card"):
        parse_deck(CODES[:47] + "!")
    with pytest.raises(ValueError, match="exactly once"):
        parse_deck(CODES[:47] + "A")
    assert parse_deck(CODES[::-1]) == list(range(47, -1, -1))


def test_three_player_deal_order():
    """胴二, ビキ, 胴 four each, three to the field, three each again, three to the field."""
    d = deal(parse_deck(CODES), DEAL_THREE, 3)
    assert [codes_of(h) for h in d.hands] == ["IJKLVWX", "ABCDPQR", "EFGHSTU"]
    assert codes_of(d.field) == "MNOYZa"
    assert "".join(CODES[c] for c in d.stock) == CODES[27:]


def test_two_player_deal_order():
    d = deal(parse_deck(CODES), DEAL_TWO, 2)
    assert [codes_of(h) for h in d.hands] == ["EFGHQRST", "ABCDMNOP"]
    assert codes_of(d.field) == "IJKLUVWX"
    assert len(d.stock) == 24


def test_game_deals_roles_to_seats_around_the_dealer():
    """With seat 1 as 胴, seat 2 is 胴二 and seat 0 ビキ; the stock is drawn top first."""
    deck = stack("AEIMQUY", "BFJNRVZ", "CGKOSWa", "cdegko", stock="hijl")
    game = game_with(deck, first_dealer=1)
    assert [codes_of(h) for h in game.hands] == ["CGKOSWa", "AEIMQUY", "BFJNRVZ"]
    assert codes_of(game.field) == "cdegko"
    assert "".join(CODES[c] for c in game.stock[:4]) == "hijl"
    assert len(game.stock) == 21
    assert game.to_act == 1


def test_matches_and_shima():
    field = mask("ABCEI")
    assert codes_of(matches(field, CODES.index("D"))) == "ABC"
    assert codes_of(matches(field, CODES.index("F"))) == "E"
    assert matches(field, CODES.index("M")) == 0
    assert has_shima(mask("ABCDE"))
    assert not has_shima(mask("ABCEFGI"))


def test_shima_is_four_of_one_month_never_four_in_a_row_across_months():
    for month in range(12):
        four = 0b1111 << (4 * month)
        assert has_shima(four)
        for card in range(4 * month, 4 * month + 4):
            assert not has_shima(four & ~(1 << card))
    for start in range(45):
        run = 0b1111 << start
        assert has_shima(run) == (start % 4 == 0)
    assert not has_shima(ALL_CARDS & ~mask("AEIMQUYcgkos"))  # three of every month


def capture_deck(stock: str) -> str:
    # 胴 holds N (one match: M), E (two: F G), L (three: I J K); the field is F G I J K M.
    return stack("ELNQUYc", "BROSVZd", "CDPTWbe", "FGIJKM", stock=stock)


def test_capture_one():
    game = game_with(capture_deck("s"))
    play(game, "N")
    assert codes_of(game.captures[0]) == "MN"
    assert codes_of(game.field) == "FGIJKs"
    assert game.to_act == 1


def test_capture_three_takes_all():
    game = game_with(capture_deck("s"))
    play(game, "L")
    assert codes_of(game.captures[0]) == "IJKL"
    assert codes_of(game.field) == "FGMs"


def test_capture_two_is_a_choice_after_the_hand_step():
    game = game_with(capture_deck("s"))
    play(game, "E")
    assert game.phase == Phase.TAKE and game.to_act == 0
    assert sorted(game.legal_actions()) == [act.TAKE + CODES.index(c) for c in "FG"]
    assert game.stock_pos == 0, "the draw waits for the choice"
    with pytest.raises(ValueError):
        play(game, "take:I")
    play(game, "take:G")
    assert codes_of(game.captures[0]) == "EG"
    assert codes_of(game.field) == "FIJKMs"


def test_capture_two_is_a_choice_after_the_draw():
    game = game_with(capture_deck("H"))
    play(game, "Q")
    assert game.phase == Phase.TAKE and game.pending_card == CODES.index("H")
    play(game, "take:F")
    assert codes_of(game.captures[0]) == "FH"
    assert codes_of(game.field) == "GIJKMQ"
    assert game.to_act == 1


def test_a_match_must_be_taken():
    game = game_with(capture_deck("s"))
    with pytest.raises(ValueError):
        play(game, "take:M")
    play(game, "N")
    assert game.captures[0]


class RiggedRandom(random.Random):
    """shuffle() stacks the draw pile so that pop() gives ``draws`` in order."""

    def __init__(self, draws: str) -> None:
        super().__init__(0)
        self.draws = draws

    def shuffle(self, x):  # type: ignore[override]
        top = [CODES.index(c) for c in self.draws]
        x[:] = [c for c in x if c not in top] + top[::-1]


def test_first_dealer_lowest_month():
    dealer, draws = draw_first_dealer(RiggedRandom("cEs"), 3)
    assert dealer == 1
    assert [(s, CODES[c]) for s, c in draws] == [(0, "c"), (1, "E"), (2, "s")]


def test_first_dealer_tie_is_redrawn_without_returning_cards():
    # Seats 0 and 2 both draw 松 (lowest); they draw again: seat 0 draws 菊, seat 2 桜.
    dealer, draws = draw_first_dealer(RiggedRandom("AoBgI"), 3)
    assert [(s, CODES[c]) for s, c in draws] == [(0, "A"), (1, "o"), (2, "B"), (0, "g"), (2, "I")]
    assert dealer == 2


def test_first_dealer_three_way_tie_and_second_tie():
    dealer, draws = draw_first_dealer(RiggedRandom("ABCpEs"), 3)
    assert [s for s, _ in draws] == [0, 1, 2, 0, 1, 2]
    assert dealer == 1
    dealer, draws = draw_first_dealer(RiggedRandom("cAdhk"), 3)
    assert dealer == 1, "seat 1 drew 松; seats 0 and 2 tied on 芒 redraw for 胴二"
    assert [s for s, _ in draws] == [0, 1, 2, 0, 2]


def test_first_dealer_is_uniform_enough_and_seeded():
    seen = [draw_first_dealer(random.Random(i), 3)[0] for i in range(300)]
    assert set(seen) == {0, 1, 2}
    assert seen == [draw_first_dealer(random.Random(i), 3)[0] for i in range(300)]


def test_shuffled_deck_is_a_permutation_from_the_rng():
    deck = shuffled_deck(random.Random(7))
    assert sorted(deck) == list(range(48))
    assert deck == shuffled_deck(random.Random(7))
    assert deck != shuffled_deck(random.Random(8))
