import random

from hanafuda_tui.core.cards import ALL_CARDS, CODES, mask
from hanafuda_tui.core.hints import current_yaku, near_yaku, takes
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.rulesets.hachihachi.game import HachihachiOptions
from hanafuda_tui.core.rulesets.hanaawase.game import HanaawaseOptions
from hanafuda_tui.core.rulesets.koikoi2.game import Koikoi2Options
from hanafuda_tui.core.rulesets.koikoi3.game import Koikoi3Options

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


def test_hachihachi_hints_are_its_dekiyaku_in_kan():
    h8 = HachihachiOptions()
    assert current_yaku("hachihachi", h8, mask("BFJ")) == {"赤短": 7}
    # 四光 is near with 桐に鳳凰; 五光 is two cards away, so it is not.
    near = near_yaku("hachihachi", h8, mask("AIc"), ALL_CARDS)
    assert near["四光"] == mask("s")
    assert "五光" not in near
    # With 四光 held, 柳に小野道風 makes 五光, which replaces it.
    assert near_yaku("hachihachi", h8, mask("AIcs"), ALL_CARDS)["五光"] == mask("o")


def test_hanaawase_hints_are_its_dekiyaku_voided_by_ame_shima():
    ha = HanaawaseOptions()
    assert current_yaku("hanaawase", ha, mask("BFJ")) == {"赤短": 40}
    assert current_yaku("hanaawase", ha, mask("BFJ") | mask("opqr")) == {}
    assert near_yaku("hanaawase", ha, mask("Ac"), ALL_CARDS)["松桐坊主"] == mask("s")
    # Holding three rain cards, the fourth would void everything: it forms nothing.
    assert near_yaku("hanaawase", ha, mask("BJ") | mask("opq"), ALL_CARDS)["赤短"] == mask("F")


def test_takes_is_the_fields_month_elsewhere():
    game = new_game("koikoi3", random.Random(3))
    view = game.view(0)
    for card in range(48):
        assert takes(view, card) == view.field & mask(CODES[card & ~3 : (card & ~3) + 4])
