"""Every ruleset's bot rules say how each level measured against the one below, for every number
that may sit at its table (the selector's level lines)."""

import pytest

from hanafuda_tui.bots import BOTS, measured
from hanafuda_tui.core.rulesets import RULESETS


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_each_level_above_random_has_a_measured_share_of_wins_at_every_table_size(ruleset):
    """From easy to strong at every table size; expert (strong thinking longer) where it was
    measured, and there stronger than strong."""
    for seated in RULESETS[ruleset].table_sizes:
        rates = measured(ruleset, seated)
        assert set(rates) - {"expert"} == {"easy", "normal", "strong"}, (ruleset, seated)
        assert set(rates) <= set(BOTS)
        assert all(0 < r < 100 for r in rates.values())
        assert rates["easy"] > 100 / seated  # easy beats random everywhere
        assert rates.get("expert", 100) > 100 / seated
