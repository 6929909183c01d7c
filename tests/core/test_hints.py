from hanafuda_tui.core.cards import ALL_CARDS, mask
from hanafuda_tui.core.hints import current_yaku, near_yaku


def test_current_yaku_scores_with_values():
    assert current_yaku("koikoi3", mask("BFJ")) == {"赤短": 7}
    assert current_yaku("no-such-ruleset", mask("BFJ")) == {}


def test_near_yaku_names_the_missing_card():
    near = near_yaku("koikoi3", mask("BF"), ALL_CARDS)
    assert near["赤短"] == mask("J")


def test_near_yaku_ignores_cards_others_hold():
    near = near_yaku("koikoi3", mask("BF"), ALL_CARDS & ~mask("J"))
    assert "赤短" not in near


def test_near_yaku_counts_raise_to_a_new_yaku_only():
    # four tane: any fifth tane forms タネ; 猪鹿蝶 needs two more cards so it is not near.
    near = near_yaku("koikoi3", mask("EMQU"), ALL_CARDS)
    assert near["タネ"] == mask("Ydgkp")
    assert "猪鹿蝶" not in near
    # タネ already scoring: a sixth tane raises it but forms nothing new.
    assert "タネ" not in near_yaku("koikoi3", mask("EMQUY"), ALL_CARDS)
