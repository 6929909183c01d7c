from hanafuda_tui.core.cards import ALL_CARDS, mask
from hanafuda_tui.core.hints import current_yaku, near_yaku
from hanafuda_tui.core.rulesets.koikoi2 import Koikoi2Options
from hanafuda_tui.core.rulesets.koikoi3 import Koikoi3Options

K3 = Koikoi3Options()


def test_current_yaku_scores_with_values():
    assert current_yaku("koikoi3", K3, mask("BFJ")) == {"赤短": 7}
    assert current_yaku("no-such-ruleset", K3, mask("BFJ")) == {}


def test_near_yaku_names_the_missing_card():
    near = near_yaku("koikoi3", K3, mask("BF"), ALL_CARDS)
    assert near["赤短"] == mask("J")


def test_near_yaku_ignores_cards_others_hold():
    near = near_yaku("koikoi3", K3, mask("BF"), ALL_CARDS & ~mask("J"))
    assert "赤短" not in near


def test_near_yaku_counts_raise_to_a_new_yaku_only():
    # four tane: any fifth tane forms タネ; 猪鹿蝶 needs two more cards so it is not near.
    near = near_yaku("koikoi3", K3, mask("EMQU"), ALL_CARDS)
    assert near["タネ"] == mask("Ydgkp")
    assert "猪鹿蝶" not in near
    # タネ already scoring: a sixth tane raises it but forms nothing new.
    assert "タネ" not in near_yaku("koikoi3", K3, mask("EMQUY"), ALL_CARDS)


def test_koikoi2_hints_follow_its_options():
    high = current_yaku("koikoi2", Koikoi2Options(), mask("BFJ"))
    low = current_yaku("koikoi2", Koikoi2Options(low_values=True), mask("BFJ"))
    assert high and low and sum(high.values()) > sum(low.values())
